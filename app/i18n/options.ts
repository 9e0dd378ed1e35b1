/** i18next options shared by the server and the browser (remix-i18next). */
import { fallbackLng, supportedLngs } from "./language";

export { fallbackLng, isLanguage, supportedLngs, type Language } from "./language";
export const defaultNS = "common";

export const i18nOptions = {
  supportedLngs: [...supportedLngs],
  fallbackLng,
  defaultNS,
  ns: [defaultNS],
  // Keys are flat strings such as "service.unavailable.reason" (SPEC.md's own keys).
  keySeparator: false as const,
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
