/**
 * Money and dates as the customer reads them (SPEC.md section 1): the one money formatter of
 * the pages, the documents and the self-service area. Isomorphic and without Intl so that
 * the server's and the browser's output never differ (hydration): euro cents with two
 * decimals and the euro sign after them in every language (decision 0297), whole euro amounts
 * of the covers, dates day-month-year.
 */
import type { Language } from "../i18n/language";

// The documents and self-service format in a language: one import for both.
export { isLanguage, type Language } from "../i18n/language";

const NBSP = "\u00a0";

const group = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** Digits of an integer in groups of three with a no-break space: 50000 → "50 000". */
export function groupThousands(value: number): string {
  const grouped = group(String(Math.trunc(Math.abs(value))), NBSP);
  return value < 0 ? `−${grouped}` : grouped;
}

/** Whole euro (the covers), the same in every language: 50000 → "50 000". */
export function formatWholeEuro(euro: number): string {
  return groupThousands(euro);
}

/** 123456 cents → "1 234,56" (et, ru; no-break space) or "1,234.56" (en). */
export function formatAmount(cents: number, language: Language): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100).toString();
  const rest = (abs % 100).toString().padStart(2, "0");
  const grouped = group(euros, language === "en" ? "," : NBSP);
  const decimal = language === "en" ? "." : ",";
  return `${negative ? "−" : ""}${grouped}${decimal}${rest}`;
}

/** Whole euro with the euro sign: 50000 → "50 000 €". */
export function formatWholeMoney(euro: number): string {
  return `${groupThousands(euro)}${NBSP}€`;
}

/** 123456 cents → "1 234,56 €" (et, ru) or "1,234.56 €" (en): every amount the customer reads. */
export function formatMoney(cents: number, language: Language): string {
  return `${formatAmount(cents, language)}${NBSP}€`;
}

/** A measure with the language's decimal separator, ungrouped: 64.5 → "64,5" (et, ru) or "64.5" (en). */
export function formatDecimal(value: number, language: string): string {
  const text = String(value);
  return language === "en" ? text : text.replace(".", ",");
}

/** "2026-11-23" → "23.11.2026" (the Estonian day-month-year format, for every language). */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return `${d}.${m}.${y}`;
}
