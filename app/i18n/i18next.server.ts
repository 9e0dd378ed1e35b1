import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import en from "../locales/en";
import et from "../locales/et";
import ru from "../locales/ru";
import { defaultNS, fallbackLng, i18nOptions, supportedLngs } from "./options";

/** The chosen language, remembered for a year (SPEC: et default, en, ru). */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 365 * 24 * 60 * 60 });

export const resources = {
  et: { [defaultNS]: et },
  en: { [defaultNS]: en },
  ru: { [defaultNS]: ru },
};

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: fallbackLng,
    cookie: languageCookie,
    order: ["searchParams", "cookie"],
  },
  i18next: { ...i18nOptions, resources },
});

type FixedT = Awaited<ReturnType<typeof i18next.getFixedT>>;
const fixedTs = new Map<string, Promise<FixedT>>();

/**
 * The translation function for the request's language. One i18next instance per language,
 * built on first use: the resources never change while the process runs.
 */
export async function getT(requestOrLocale: Request | string): Promise<FixedT> {
  const lng = typeof requestOrLocale === "string" ? requestOrLocale : await i18next.getLocale(requestOrLocale);
  let t = fixedTs.get(lng);
  if (!t) fixedTs.set(lng, (t = i18next.getFixedT(lng)));
  return t;
}
