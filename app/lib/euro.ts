/**
 * Money and dates as the customer reads them (SPEC.md section 1), isomorphic and without
 * Intl so that the server's and the browser's output never differ (hydration): euro with
 * two decimals, then the translated currency suffix; dates day-month-year.
 */

export type Language = "et" | "en" | "ru";

export function isLanguage(value: unknown): value is Language {
  return value === "et" || value === "en" || value === "ru";
}

/** 123456 cents → "1 234,56" (et, ru; no-break space) or "1,234.56" (en). */
export function formatAmount(cents: number, language: Language): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100).toString();
  const rest = (abs % 100).toString().padStart(2, "0");
  const group = language === "en" ? "," : "\u00a0";
  const decimal = language === "en" ? "." : ",";
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? "−" : ""}${grouped}${decimal}${rest}`;
}

/** "2026-11-23" → "23.11.2026" (the Estonian day-month-year format, for every language). */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return `${d}.${m}.${y}`;
}
