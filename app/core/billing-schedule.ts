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
import type { BilledLine, BilledSchedule, EndedPolicy } from "../lib/billing-schedule.js";
import { addDays } from "./clock.js";
import { anniversary, policyYearOf } from "./contract-term.js";
import {
  billedDates,
  dueOn,
  periodInForce,
  type BilledPolicy,
  type Invoice,
  type RenewalFacts,
  type SavedPeriod,
} from "./invoices.js";

export interface BilledScheduleInput {
  policy: BilledPolicy;
  facts: RenewalFacts;
  /** Today (Europe/Tallinn). */
  today: string;
  /** Whether invoices still run (docs/decisions/0130: not after a withdrawal). */
  billed: boolean;
  /** The last day of cover (a cancellation's, or the last policy year's: docs/decisions/0282): nothing is billed after it. */
  endDate: string | null;
  /** The customer's invoices: only those of `policyNumber` are this schedule's (an earlier policy's are not). */
  issued: Array<Pick<Invoice, "pid" | "date" | "sum" | "discountPercent" | "creditNote" | "policyNumber">>;
  periods: Array<SavedPeriod & { score: number | null }>;
  /** The policy whose schedule this is. */
  policyNumber: string;
  /** How and when (a Tallinn date; for the age, the last day of cover) it ended; null while in force. */
  ended: { kind: EndedPolicy["kind"]; on: string } | null;
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
 * A payment to come as things stand: what an invoice of that date bills with the periods saved
 * so far (app/core/invoices.ts dueOn, the function issuing uses), so on its date the invoice
 * is this line unless a score is saved before it.
 */
function expectedLine(input: Pick<BilledScheduleInput, "policy" | "facts" | "periods">, date: string): BilledLine | null {
  const due = dueOn(date, input.policy, input.facts, input.periods);
  return due ? { date, discountPercent: due.amount.discountPercent, sum: due.amount.total, invoice: null } : null;
}

/**
 * The first line set with the discount of the period starting `periodStart` (null: the
 * signing's): the period in force on its date, and for an issued invoice its own discount too
 * (a score saved on an invoice's date after it was issued applies from the next one on).
 */
function firstSetWith(lines: BilledLine[], periods: SavedPeriod[], periodStart: string | null, percent: number): string | null {
  const line = lines.find((l) => (periodInForce(l.date, periods)?.periodStart ?? null) === periodStart && (!l.invoice || l.discountPercent === percent));
  return line ? line.date : null;
}

/**
 * How an ended policy ended, for the page to say instead of promising payments: a withdrawal
 * with everything invoiced credited, a cancellation with its last day of cover, the age with
 * the last day of the last policy year.
 */
function endedPolicy(input: Pick<BilledScheduleInput, "ended" | "endDate" | "today">, issued: BilledScheduleInput["issued"]): EndedPolicy | null {
  const { ended } = input;
  if (!ended) return null;
  if (ended.kind === "withdrawal") return { kind: "withdrawal", on: ended.on, credited: issued.filter((i) => i.creditNote).reduce((sum, i) => sum + i.sum, 0) };
  if (ended.kind === "age") return { kind: "age", endDate: ended.on };
  const endDate = input.endDate ?? ended.on;
  return { kind: "cancellation", on: ended.on, endDate, coverRuns: input.today <= endDate };
}

export function billedSchedule(input: BilledScheduleInput): BilledSchedule {
  // One policy's schedule: a customer who signed up again has an earlier policy's invoices too.
  const own = input.issued.filter((i) => i.policyNumber === input.policyNumber);
  const issued: BilledLine[] = [...own]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((i) => ({ date: i.date, discountPercent: i.discountPercent, sum: i.sum, invoice: { pid: i.pid, creditNote: i.creditNote ? { pid: i.creditNote.pid } : null } }));
  const { dates, yearEnd } = upcomingDates(input);
  const upcoming = dates.map((d) => expectedLine(input, d)).filter((l): l is BilledLine => l !== null);
  const lines = [...issued, ...upcoming];
  const signedPercent = input.policy.estimation.wellnessDiscountPercent ?? 0;
  const periods = [...input.periods]
    .sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1))
    .map((p) => ({
      periodStart: p.periodStart,
      score: p.score,
      discountPercent: p.discountPercent,
      savedOn: p.savedOn,
      firstInvoice: firstSetWith(lines, input.periods, p.periodStart, p.discountPercent),
    }));
  // The period whose discount the next invoice (or, with none to come, today) is set with.
  const inForce = periodInForce(upcoming[0]?.date ?? input.today, input.periods);
  const ended = endedPolicy(input, own);
  // An ended policy with nothing to come promises nothing (docs/decisions/0269).
  const promises = !ended || upcoming.length > 0;
  const until = !promises ? null : ended?.kind === "cancellation" && ended.endDate < yearEnd ? ended.endDate : yearEnd;
  return {
    startDate: input.policy.startDate,
    yearEnd,
    lines,
    signed: {
      discountPercent: signedPercent,
      score: input.policy.estimation.wellnessScore ?? null,
      firstInvoice: firstSetWith(lines, input.periods, null, signedPercent),
    },
    periods,
    now: !promises ? null : inForce ? { discountPercent: inForce.discountPercent, periodStart: inForce.periodStart } : { discountPercent: signedPercent, periodStart: null },
    until,
    ended,
  };
}
