import en from "../locales/en";
import et from "../locales/et";
import ru from "../locales/ru";
import { pageLanguage } from "./language.server";
import { defaultNS, fallbackLng, isLanguage, type Language } from "./options";
import { createTranslator, type Translate } from "./translator";

export const resources = {
  et: { [defaultNS]: et },
  en: { [defaultNS]: en },
  ru: { [defaultNS]: ru },
};

const translators = new Map<Language, Translate>();

/**
 * The language's translator: the small one the pages render with (app/i18n/translator.ts,
 * the same answer as i18next for every string, tests/unit/translator.test.ts), made once per
 * language. Loaders, actions and the render all translate with it (docs/decisions/0242).
 */
export function translatorFor(lng: Language): Translate {
  let t = translators.get(lng);
  if (!t) translators.set(lng, (t = createTranslator(lng, resources[lng][defaultNS])));
  return t;
}

/** The translation function for the request's language, or for a language named. */
export async function getT(requestOrLocale: Request | string): Promise<Translate> {
  if (typeof requestOrLocale !== "string") return translatorFor(await pageLanguage(requestOrLocale));
  return translatorFor(isLanguage(requestOrLocale) ? requestOrLocale : fallbackLng);
}
