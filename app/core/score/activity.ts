/**
 * The activity tracker behind a small interface (PRODUCT.md section 8): the customer
 * consents on the provider's page, we poll for the decision, then pull daily data and
 * average it over the last 30 days. The `demo` provider's consent page is our own
 * (/activity/consent) and its data is generated, deterministic per customer and day.
 */
import { createHash } from "node:crypto";
import { addDays } from "../clock.js";

export interface DailyActivity {
  /** Europe/Tallinn calendar date. */
  date: string;
  steps: number;
  exerciseMinutes: number;
}

export interface ActivityTracker {
  readonly name: string;
  /** How often, and for how long, the browser polls our server for the decision. */
  readonly pollIntervalMs: number;
  readonly pollTimeoutMs: number;
  /** Where the customer gives consent for this token. */
  consentUrl(token: string): string;
  /** Daily data from `from` to `to` inclusive; days without data are left out. */
  pull(input: { customerId: number; from: string; to: string }): Promise<DailyActivity[]>;
}

/** PRODUCT.md section 7: the average covers the last 30 days and needs at least 20 days of data. */
export const AUTO_PERIOD_DAYS = 30;
export const AUTO_PERIOD_LIMIT_DAYS = 20;

export interface ActivitySummary {
  from: string;
  to: string;
  days: number;
  stepsPerDay: number | null;
  exerciseMinutesPerWeek: number | null;
}

export function summariseActivity(daily: DailyActivity[], from: string, to: string): ActivitySummary {
  const inPeriod = daily.filter((d) => d.date >= from && d.date <= to);
  const days = inPeriod.length;
  if (days === 0) return { from, to, days, stepsPerDay: null, exerciseMinutesPerWeek: null };
  const steps = inPeriod.reduce((sum, d) => sum + d.steps, 0) / days;
  const minutes = inPeriod.reduce((sum, d) => sum + d.exerciseMinutes, 0) / days;
  return { from, to, days, stepsPerDay: Math.round(steps), exerciseMinutesPerWeek: Math.round(minutes * 7) };
}

/** The period an average is taken over: the 30 days up to and including `today`. */
export function activityPeriod(today: string): { from: string; to: string } {
  return { from: addDays(today, -(AUTO_PERIOD_DAYS - 1)), to: today };
}

/** A number 0 ≤ x < 1 from the inputs, the same on every run. */
function unit(...parts: Array<string | number>): number {
  const digest = createHash("sha256").update(parts.join("|")).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

export interface DemoActivityOptions {
  /** Days with data in any 30-day period; 26 unless a test asks for fewer. */
  daysWithData?: (customerId: number) => number;
}

export function demoActivityTracker(options: DemoActivityOptions = {}): ActivityTracker {
  const daysWithData = options.daysWithData ?? (() => 26);
  return {
    name: "demo",
    pollIntervalMs: 2_000,
    pollTimeoutMs: 120_000,
    consentUrl: (token) => `/activity/consent?${new URLSearchParams({ token })}`,
    async pull({ customerId, from, to }) {
      const out: DailyActivity[] = [];
      const wanted = Math.max(0, Math.min(AUTO_PERIOD_DAYS, daysWithData(customerId)));
      // The days without data: the ones ranked last by a per-customer hash of the date.
      const dates: string[] = [];
      for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
      const ranked = [...dates].sort((a, b) => unit(customerId, "gap", a) - unit(customerId, "gap", b));
      const kept = new Set(ranked.slice(0, Math.round((wanted * dates.length) / AUTO_PERIOD_DAYS)));
      for (const date of dates) {
        if (!kept.has(date)) continue;
        // A customer has a habit (their base level) and days vary around it.
        const base = 4_000 + Math.floor(unit(customerId, "base") * 8_000);
        const steps = Math.round(base * (0.6 + 0.8 * unit(customerId, "steps", date)));
        const exerciseMinutes = Math.round(unit(customerId, "minutes", date) * 60 * (base / 12_000));
        out.push({ date, steps, exerciseMinutes });
      }
      return out;
    },
  };
}
