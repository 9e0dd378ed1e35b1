/**
 * Amounts as the screens show them: thousands grouped with a no-break space, euro cents with
 * two decimals and the language's decimal separator. Deterministic (no Intl), so the server
 * and every browser render the same text and hydration never differs.
 */
const NBSP = "\u00a0";

/** Digits of a non-negative integer in groups of three: 50000 → "50 000". */
export function groupThousands(value: number): string {
  const digits = String(Math.trunc(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return value < 0 ? `−${grouped}` : grouped;
}

/** Whole euro: 50000 → "50 000". */
export function formatWholeEuro(euro: number): string {
  return groupThousands(euro);
}

/** Cents with two decimals: 2095 → "20,95" (en "20.95"). */
export function formatCents(cents: number, language: string): string {
  const sign = cents < 0 ? "−" : "";
  const abs = Math.abs(Math.round(cents));
  const separator = language === "en" ? "." : ",";
  return `${sign}${groupThousands(Math.floor(abs / 100))}${separator}${String(abs % 100).padStart(2, "0")}`;
}
