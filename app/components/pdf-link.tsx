/** A link to a PDF that may not be in the page's language. */
import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/language";

/**
 * The language a PDF link names, and its `hrefLang`: a file in another language than the page's
 * (the signed application, kept as the bytes signed, in the language it was signed in) says which,
 * "in Estonian", so that a customer reading in English or Russian is not handed Estonian unawares.
 * Nothing when the file is in the page's language.
 */
export function usePdfLanguage(fileLanguage: string | null | undefined): { language: string; hrefLang: string } | null {
  const { t, i18n } = useTranslation();
  return isLanguage(fileLanguage) && fileLanguage !== i18n.language ? { language: t(`doc.language.${fileLanguage}`), hrefLang: fileLanguage } : null;
}
