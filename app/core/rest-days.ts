/**
 * Estonia's rest days, for the legal periods the product counts: a period for a declaration of
 * intent whose last day falls on a public holiday or another rest day ends on the first working
 * day after it (General Part of the Civil Code Act, TsÜS § 136, decision 0403; Regulation (EEC, Euratom)
 * No 1182/71 art. 3(4) likewise). The rest days are Saturdays and Sundays and the public holidays
 * of the Public Holidays and Days of National Importance Act (Pühade ja tähtpäevade seadus § 2).
 *
 * Plain functions over ISO dates: no clock of its own.
 */
import { addDays } from "./clock.js";

/** The public holidays on a fixed day (MM-DD): New Year, Independence Day, Spring Day, Victory Day, Midsummer, Restoration of Independence, Christmas Eve and the two days of Christmas. */
const FIXED_HOLIDAYS: readonly string[] = ["01-01", "02-24", "05-01", "06-23", "06-24", "08-20", "12-24", "12-25", "12-26"];

/** Easter Sunday of `year` (Gregorian calendar; the anonymous Gregorian computus). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * Whether `date` is a rest day in Estonia: a Saturday, a Sunday or a public holiday (Good
 * Friday the one that moves on a weekday; Easter Sunday and Whit Sunday are Sundays).
 */
function isRestDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return true;
  if (FIXED_HOLIDAYS.includes(date.slice(5))) return true;
  return date === addDays(easterSunday(Number(date.slice(0, 4))), -2);
}

/** `date` when it is a working day, else the first working day after it (decision 0403). */
export function workingDayFrom(date: string): string {
  let day = date;
  while (isRestDay(day)) day = addDays(day, 1);
  return day;
}
