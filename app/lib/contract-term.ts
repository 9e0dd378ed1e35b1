/**
 * The contract's term and the age table as the core works them out (app/core/contract-term.ts)
 * and the offer and policy pages show them: types only, so the browser needs nothing of the core.
 */
import { formatDate } from "./euro";
import type { Estimation } from "./pricing";

export interface ContractTerm {
  /** The policy start (the first day of cover). */
  startDate: string;
  /** The last day of the first policy year. */
  endDate: string;
  /** The first renewal: the start's first anniversary. */
  renewalDate: string;
  /**
   * The last day of cover for the policyholder's age: the end of the last policy year, after
   * which the contract is not renewed (docs/decisions/0282); null when the policyholder is not
   * known (the public pre-contract information).
   */
  lastDay: string | null;
  /** The latest day the renewal premium is told. */
  noticeBy: string;
  /** What the days to withdraw count from: the signing, or the underwriter's acceptance (docs/decisions/0273). */
  withdrawalFrom: Conclusion["by"];
  /** The last day to withdraw without a reason; null while the acceptance they count from has not come. */
  withdrawalUntil: string | null;
  /** RENEWAL_NOTICE_DAYS and WITHDRAWAL_DAYS, for the pages that state them. */
  noticeDays: number;
  withdrawalDays: number;
}

/**
 * When the contract is concluded: on signing, or, for an application the underwriter must see
 * first (EUW), on its acceptance (the day, null before it). A life insurance contract's days
 * to withdraw count from then (docs/decisions/0273).
 */
export type Conclusion = { by: "signing"; on: string } | { by: "acceptance"; on: string | null };

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

/**
 * The term as the offer page has it: the last day of cover only where it ends the first policy
 * year, which the renewal row then says (the page's data stays small, HTML ≤ 6 KB).
 */
export type PageTerm = Omit<ContractTerm, "lastDay"> & { lastDay?: string | null };

/**
 * The renewal as the term states it (the offer, the policy, the pre-contract information): the
 * first anniversary, or none when the first policy year is the last (a policyholder who signs
 * at 64 and is 65 on that day: docs/decisions/0282).
 */
export function renewalTerm(term: Pick<PageTerm, "endDate" | "renewalDate" | "lastDay">): { key: "term.renewal.none" | "term.renewal.value"; values: Record<string, string> } {
  const date = formatDate(term.renewalDate);
  if (term.lastDay === term.endDate) return { key: "term.renewal.none", values: { date, end: formatDate(term.endDate) } };
  return { key: "term.renewal.value", values: { date } };
}

/**
 * The right to withdraw as the term states it (the offer, the policy, the pre-contract
 * information): the translation key and its values. Counted from the signing until a day, or
 * from the underwriter's acceptance, with its last day once the acceptance has come.
 */
export function withdrawalTerm(term: Pick<ContractTerm, "withdrawalFrom" | "withdrawalUntil" | "withdrawalDays">) {
  const count = term.withdrawalDays;
  if (term.withdrawalUntil === null) return { key: "term.withdrawal.onAcceptance", values: { count } } as const;
  const values = { count, date: formatDate(term.withdrawalUntil) };
  return term.withdrawalFrom === "acceptance" ? ({ key: "term.withdrawal.accepted", values } as const) : ({ key: "term.withdrawal.value", values } as const);
}
