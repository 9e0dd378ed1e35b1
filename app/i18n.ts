/** i18next options shared by the server and the browser (remix-i18next). */
export const supportedLngs = ["et", "en", "ru"] as const;
export type Language = (typeof supportedLngs)[number];
export const fallbackLng: Language = "et";
export const defaultNS = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLngs as readonly string[]).includes(value);
}

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
