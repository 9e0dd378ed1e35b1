/**
 * The payment schedule as billed, as the self-service page shows it (docs/decisions/0165):
 * the shape app/core/billing-schedule.ts builds and app/components/billing-schedule.tsx
 * draws. Types only: the browser takes nothing from the core.
 */

/** One monthly payment: an invoice issued (its own figures) or one still to come (priced today). */
export interface BilledLine {
  date: string;
  discountPercent: number;
  /** Cents. */
  sum: number;
  /** The invoice issued for it (and the credit note that cancelled it, docs/decisions/0130), or null for one still to come. */
  invoice: { pid: string; creditNote: { pid: string } | null } | null;
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
  /** The discount at signing, in force until a score period is saved, and the first invoice set with it. */
  signed: { discountPercent: number; score: number | null; firstInvoice: string | null };
  /** The saved score periods, oldest first. */
  periods: PeriodDiscount[];
  /**
   * The discount the next invoice is set with as things stand, and the period it comes from
   * (null: the signing's); null when the policy ended and no invoice is to come (docs/decisions/0269).
   */
  now: { discountPercent: number; periodStart: string | null } | null;
  /** The last day the payments to come are shown up to: `yearEnd`, or a cancelled policy's last day of cover; null when none can come. */
  until: string | null;
  /** How the policy ended (docs/decisions/0130, 0282), when, and what was credited; null while it is in force. */
  ended: EndedPolicy | null;
}

export type EndedPolicy =
  /** Withdrawn on `on` (a Tallinn date): no cover from its start; `credited` cents, every invoice issued. */
  | { kind: "withdrawal"; on: string; credited: number }
  /** Cancelled on `on`: the cover runs to `endDate` (`coverRuns` while that day has not passed), nothing credited. */
  | { kind: "cancellation"; on: string; endDate: string; coverRuns: boolean }
  /** Not renewed for the age: the cover ended on `endDate`, the last day of its last policy year (docs/decisions/0282). */
  | { kind: "age"; endDate: string };

