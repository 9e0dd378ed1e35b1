/**
 * Estonian personal identification code (isikukood): GYYMMDDSSSC.
 * PRODUCT.md section 1. Isomorphic: used by form schemas and the core.
 */

export type Sex = "M" | "F";

const WEIGHTS_1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
const WEIGHTS_2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];

export function checksumDigit(first10: string): number {
  const digits = [...first10].map(Number);
  const sum = (weights: number[]) => digits.reduce((acc, d, i) => acc + d * weights[i], 0) % 11;
  const first = sum(WEIGHTS_1);
  if (first < 10) return first;
  const second = sum(WEIGHTS_2);
  return second < 10 ? second : 0;
}

export interface PersonalCodeFacts {
  /** ISO calendar date, YYYY-MM-DD. */
  dateOfBirth: string;
  /** What the code's first digit says; no price may use it and it is not stored (docs/decisions/0080). */
  sex: Sex;
}

const CENTURY: Record<string, number> = { "1": 1800, "2": 1800, "3": 1900, "4": 1900, "5": 2000, "6": 2000 };

/** Returns the birth date and sex, or null when the code is not a valid personal code. */
export function parsePersonalCode(code: string): PersonalCodeFacts | null {
  if (!/^\d{11}$/.test(code)) return null;
  const century = CENTURY[code[0]];
  if (century === undefined) return null;
  const year = century + Number(code.slice(1, 3));
  const month = Number(code.slice(3, 5));
  const day = Number(code.slice(5, 7));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  if (checksumDigit(code.slice(0, 10)) !== Number(code[10])) return null;
  return {
    dateOfBirth: `${year}-${code.slice(3, 5)}-${code.slice(5, 7)}`,
    sex: Number(code[0]) % 2 === 1 ? "M" : "F",
  };
}

export function isValidPersonalCode(code: string): boolean {
  return parsePersonalCode(code) !== null;
}

/**
 * Completed years on `today` (both ISO dates, YYYY-MM-DD). Someone born on 29 February
 * becomes a year older on 1 March in common years.
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** Builds a valid code from its parts; used by tests and demo data. */
export function makePersonalCode(dateOfBirth: string, sex: Sex, serial: number): string {
  const [y, m, d] = dateOfBirth.split("-");
  const year = Number(y);
  const centuryBase = year >= 2000 ? 5 : year >= 1900 ? 3 : 1;
  const g = centuryBase + (sex === "F" ? 1 : 0);
  const first10 = `${g}${y.slice(2)}${m}${d}${String(serial).padStart(3, "0")}`;
  return first10 + checksumDigit(first10);
}
