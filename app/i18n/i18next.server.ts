import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import en from "../locales/en";
import et from "../locales/et";
import ru from "../locales/ru";
import { defaultNS, fallbackLng, isLanguage, supportedLngs, type Language } from "./options";
import { createTranslator, type Translate } from "./translator";

/** The chosen language, remembered for a year (SPEC: et default, en, ru). */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 365 * 24 * 60 * 60 });

export const resources = {
  et: { [defaultNS]: et },
  en: { [defaultNS]: en },
  ru: { [defaultNS]: ru },
};

/** The language of a page request: `?lng=`, then the `lng` cookie, else Estonian (not Accept-Language: app/i18n/language.server.ts). */
const detection = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: fallbackLng,
    cookie: languageCookie,
    order: ["searchParams", "cookie"],
  },
});

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

const languages = new WeakMap<Request, Promise<Language>>();

/**
 * A page request's language (remix-i18next's detection: `?lng=`, then the `lng` cookie, else
 * Estonian), read once per request: the root loader, the page's loader and the render ask
 * for it on the same Request.
 */
export function pageLanguage(request: Request): Promise<Language> {
  let lng = languages.get(request);
  if (!lng) languages.set(request, (lng = detection.getLocale(request).then((found) => (isLanguage(found) ? found : fallbackLng))));
  return lng;
}

/** The translation function for the request's language, or for a language named. */
export async function getT(requestOrLocale: Request | string): Promise<Translate> {
  if (typeof requestOrLocale !== "string") return translatorFor(await pageLanguage(requestOrLocale));
  return translatorFor(isLanguage(requestOrLocale) ? requestOrLocale : fallbackLng);
}
