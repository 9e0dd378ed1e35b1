/** The languages of the product (SPEC.md section 1: Estonian by default, English, Russian). */
export const supportedLngs = ["et", "en", "ru"] as const;
export type Language = (typeof supportedLngs)[number];
export const fallbackLng: Language = "et";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLngs as readonly string[]).includes(value);
}
