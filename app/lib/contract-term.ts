/**
 * The contract's term and the age table as the core works them out (app/core/contract-term.ts)
 * and the offer and policy pages show them: types only, so the browser needs nothing of the core.
 */
import type { Estimation } from "./pricing";

export interface ContractTerm {
  /** The policy start (the first day of cover). */
  startDate: string;
  /** The last day of the first policy year. */
  endDate: string;
  /** The first renewal: the start's first anniversary. */
  renewalDate: string;
  /** The latest day the renewal premium is told. */
  noticeBy: string;
  /** The last day to withdraw without a reason. */
  withdrawalUntil: string;
  /** RENEWAL_NOTICE_DAYS and WITHDRAWAL_DAYS, for the pages that state them. */
  noticeDays: number;
  withdrawalDays: number;
}

export interface Cover {
  /** Whole euro. */
  sumInsuredForDeathCover: number;
  /** Whole euro; 0 for none. */
  sumInsuredForDisabilityCover: number;
}

export interface AgeTableRow {
  /** 1 for the policy year being signed (or running), 2 for the first renewal, … */
  policyYear: number;
  /** The year's first day: the start, then each anniversary. */
  from: string;
  /** The age its premium is priced at. */
  age: number;
  /** The cover that year; null when the contract is no longer renewed (age). */
  cover: (Cover & { reduced: boolean }) | null;
  /** The monthly premium that year; null when the contract is no longer renewed. */
  estimation: Estimation | null;
}

/** A row of the age table as a page shows it: the monthly total only (the page's data stays small, HTML ≤ 6 KB). */
export type AgeTableLine = Omit<AgeTableRow, "estimation" | "policyYear"> & { premiumTotal: number | null };
