/**
 * The payment schedule as it is billed (docs/decisions/0165): what a policyholder reads in
 * self-service next to the schedule they signed. The signed schedule states twelve payments
 * at the discount of the signing day; the invoices apply the discount in force on their own
 * date (docs/decisions/0011), so from the first saved score period on they differ. This puts
 * together what is paid: the invoices issued (as issued, never recomputed), the ones still to
 * come in the policy year in progress (priced now, by the same rules the invoices will be
 * issued with), and how each is set (the discount of each score period and the first invoice
 * it applies to).
 *
 * Plain functions over what billing reads; no clock of its own, no database.
 */
import { addDays } from "./clock.js";
import { anniversary } from "./contract-term.js";
import {
  billedDates,
  discountOn,
  invoiceAmount,
  periodInForce,
  policyYearOf,
  premiumOn,
  type BilledPolicy,
  type Invoice,
  type RenewalFacts,
  type SavedPeriod,
} from "./invoices.js";

/** One monthly payment: an invoice issued (its own figures) or one still to come (priced today). */
export interface BilledLine {
  date: string;
  discountPercent: number;
  /** Cents. */
  sum: number;
  /** The invoice issued for it, or null for one still to come. */
  invoice: { pid: string; credited: boolean } | null;
}

/** A score period's discount and the first invoice it applies to (null: none yet in the policy's billing). */
export interface PeriodDiscount {
  periodStart: string;
  score: number | null;
  discountPercent: number;
  /** The Tallinn date the score was saved: it applies to invoices dated from then on. */
  savedOn: string;
  firstInvoice: string | null;
}

export interface BilledSchedule {
  startDate: string;
  /** The last day of the policy year in progress (the upcoming lines stop there). */
  yearEnd: string;
  /** Issued invoices oldest first, then the ones to come up to `yearEnd` (none for a policy no longer billed). */
  lines: BilledLine[];
  /** The discount at signing, in force until a score period is saved. */
  signed: { discountPercent: number; score: number | null };
  /** The saved score periods, oldest first. */
  periods: PeriodDiscount[];
  /** The discount the next invoice is set with as things stand, and the period it comes from (null: the signing's). */
  now: { discountPercent: number; periodStart: string | null };
}

export interface BilledScheduleInput {
  policy: BilledPolicy;
  facts: RenewalFacts;
  /** Today (Europe/Tallinn). */
  today: string;
  /** Whether invoices still run (docs/decisions/0130: not after a withdrawal). */
  billed: boolean;
  /** A cancelled policy's last day of cover: nothing is billed after it. */
  endDate: string | null;
  issued: Array<Pick<Invoice, "pid" | "date" | "sum" | "discountPercent" | "creditNote">>;
  periods: Array<SavedPeriod & { score: number | null }>;
}

/** The invoice dates of the policy year in progress still to come after `today` (none when the policy is no longer billed). */
export function upcomingDates(input: Pick<BilledScheduleInput, "policy" | "facts" | "today" | "billed" | "endDate">): { dates: string[]; yearEnd: string } {
  const { startDate } = input.policy;
  const from = input.today < startDate ? startDate : input.today;
  const yearEnd = addDays(anniversary(startDate, policyYearOf(startDate, from) + 1), -1);
  if (!input.billed) return { dates: [], yearEnd };
  const until = input.endDate && input.endDate < yearEnd ? input.endDate : yearEnd;
  return { dates: billedDates(startDate, input.facts.dateOfBirth, until).filter((d) => d > input.today), yearEnd };
}

/**
 * The amount an invoice dated `date` will have as things stand: that policy year's premium
 * (app/core/invoices.ts premiumOn) at the discount in force on the date with the periods saved
 * so far: the same functions issuing uses, so on its date the invoice is this line.
 */
export function expectedLine(input: Pick<BilledScheduleInput, "policy" | "facts" | "periods">, date: string): BilledLine | null {
  const premium = premiumOn(date, input.policy, input.facts);
  if (!premium) return null;
  const discountPercent = discountOn(date, input.periods, input.policy.estimation.wellnessDiscountPercent ?? 0);
  return { date, discountPercent, sum: invoiceAmount(premium, discountPercent).total, invoice: null };
}

export function billedSchedule(input: BilledScheduleInput): BilledSchedule {
  const issued: BilledLine[] = [...input.issued]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((i) => ({ date: i.date, discountPercent: i.discountPercent, sum: i.sum, invoice: { pid: i.pid, credited: Boolean(i.creditNote) } }));
  const { dates, yearEnd } = upcomingDates(input);
  const upcoming = dates.map((d) => expectedLine(input, d)).filter((l): l is BilledLine => l !== null);
  const lines = [...issued, ...upcoming];
  const signedPercent = input.policy.estimation.wellnessDiscountPercent ?? 0;
  const periods = [...input.periods]
    .sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1))
    .map((p) => {
      const applies = (l: BilledLine) => l.date >= p.periodStart && l.date >= p.savedOn;
      return { periodStart: p.periodStart, score: p.score, discountPercent: p.discountPercent, savedOn: p.savedOn, firstInvoice: lines.find(applies)?.date ?? null };
    });
  // The period whose discount the next invoice (or, with none to come, today) is set with.
  const inForce = periodInForce(upcoming[0]?.date ?? input.today, input.periods);
  return {
    startDate: input.policy.startDate,
    yearEnd,
    lines,
    signed: { discountPercent: signedPercent, score: input.policy.estimation.wellnessScore ?? null },
    periods,
    now: inForce ? { discountPercent: inForce.discountPercent, periodStart: inForce.periodStart } : { discountPercent: signedPercent, periodStart: null },
  };
}
