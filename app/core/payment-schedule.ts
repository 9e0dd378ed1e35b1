/**
 * The payment schedule (PRODUCT.md section 5): 12 monthly payments from the policy start
 * date, each on the start's day of the month, clamped to the month's last day (a start on
 * 31 January pays on 28 or 29 February, then 31 March again: every date is counted from the
 * start, never from the previous payment). Before signing the start is tomorrow.
 */
import { addDays, addMonths, today, type Clock } from "./clock.js";
import { TERM_MONTHS } from "./contract-term.js";

/** One a month for the policy year. */
const SCHEDULE_PAYMENTS = TERM_MONTHS;

export interface ScheduledPayment {
  number: number;
  date: string;
  sumCents: number;
}

export function paymentSchedule(startDate: string, monthlyCents: number): ScheduledPayment[] {
  return Array.from({ length: SCHEDULE_PAYMENTS }, (_, i) => ({ number: i + 1, date: addMonths(startDate, i), sumCents: monthlyCents }));
}

/** The policy start for a signing today: the next calendar day in Europe/Tallinn. */
export function policyStartFor(clock: Clock): string {
  return addDays(today(clock), 1);
}
