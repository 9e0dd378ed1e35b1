/** The clock every "today"-dependent rule takes as an input, so tests can move time (tests/support/clock.ts). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const tallinnDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Tallinn",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's calendar date in Europe/Tallinn, YYYY-MM-DD. */
export function today(clock: Clock): string {
  return tallinnDate.format(clock.now());
}

const tallinnClock = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Tallinn", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

/**
 * Whole seconds from now until Tallinn's next 1 January begins (what a year's answer may be
 * kept for): counted on Tallinn's wall clock, which is exact across the year's end (no clock
 * change in December).
 */
export function secondsUntilNewYear(clock: Clock): number {
  const now = clock.now();
  const [year, month, day] = today(clock).split("-").map(Number);
  const time = Object.fromEntries(tallinnClock.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(year, month - 1, day, time.hour, time.minute, time.second) + now.getUTCMilliseconds();
  return Math.floor((Date.UTC(year + 1, 0, 1) - wall) / 1000);
}

/** The calendar date in Europe/Tallinn of an instant (a stored timestamp), YYYY-MM-DD. */
export function dateOf(at: Date | string): string {
  return tallinnDate.format(new Date(at));
}

/** Adds whole months to an ISO date, clamping to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
