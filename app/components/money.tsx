/** The money and date formats of the self-service pages, in the page's language. */
import { useTranslation } from "~/i18n/react";
import { formatDate, formatMoney, isLanguage } from "~/lib/euro";

/** Cents as every screen writes them (formatMoney), in the page's language. */
export function useMoney() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "et";
  return (cents: number) => formatMoney(cents, language);
}

export { formatDate };
