/** Display formats of the self-service area (SPEC.md section 1): euro with 2 decimals, Estonian dates. */

/** Cents as euro with 2 decimals in the language's number format, without the suffix: 1234 → "12,34". */
export function formatCents(cents: number, lang: string): string {
  const locale = lang === "en" ? "en-GB" : lang === "ru" ? "ru-RU" : "et-EE";
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }).format(cents / 100);
}

/** Whole euro (the sums insured) with 2 decimals: 100000 → "100 000,00". */
export const formatEuro = (euro: number, lang: string) => formatCents(euro * 100, lang);

/** The Estonian day-month-year format of an ISO calendar date: 2026-05-22 → "22.05.2026". */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return `${d}.${m}.${y}`;
}
