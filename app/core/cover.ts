/**
 * Whether a policy covers its holder on a given day, by its status and dates
 * (docs/decisions/0130, 0269): what self-service offers with the cover (the health services)
 * follows from it. Plain functions; the day is the caller's (the core's clock, Tallinn dates).
 */

import { addDays } from "./clock.js";

/** The policy facts the cover depends on. */
export interface CoverFacts {
  status: "SIGNED" | "ACTIVE" | "WITHDRAWN" | "CANCELLED";
  /** A cancelled policy's last day of cover; null otherwise. */
  endDate: string | null;
  /**
   * The anniversary on which the contract was not renewed (the age on it, docs/decisions/0090:
   * app/core/contract-term.ts firstNotRenewed), once it has come; null or absent otherwise.
   */
  notRenewedOn?: string | null;
}

export type CoverNow =
  /** In force (signed or active), or cancelled with its cover running to `until`. */
  | { kind: "in-force"; until: string | null }
  /** Withdrawn: ended from its start, there never was cover. */
  | { kind: "withdrawn" }
  /**
   * Its last day of cover has passed: a cancellation's, or the last policy year's of a contract
   * not renewed for its holder's age (docs/decisions/0090, 0278).
   */
  | { kind: "ended"; endDate: string; by: "cancellation" | "age" };

/**
 * The cover on `day`. A withdrawal ends the contract from its start (no cover at all, whatever
 * the day); a cancellation keeps the cover up to and including its `endDate` (the month's last
 * day), none after it; a contract not renewed (the age) ends with its last policy year. A signed
 * policy counts as in force: its holder reaches self-service from its start day on.
 */
export function coverOn(policy: CoverFacts, day: string): CoverNow {
  if (policy.status === "WITHDRAWN") return { kind: "withdrawn" };
  // Not renewed: the cover ended with the last policy year (unless a cancellation ended it before).
  const lastYearEnd = policy.notRenewedOn && policy.notRenewedOn <= day ? addDays(policy.notRenewedOn, -1) : null;
  if (lastYearEnd && !(policy.status === "CANCELLED" && policy.endDate && policy.endDate < lastYearEnd)) return { kind: "ended", endDate: lastYearEnd, by: "age" };
  if (policy.status === "CANCELLED" && policy.endDate) {
    return day <= policy.endDate ? { kind: "in-force", until: policy.endDate } : { kind: "ended", endDate: policy.endDate, by: "cancellation" };
  }
  return { kind: "in-force", until: null };
}

/** The health services come with the cover: offered while it is in force, never without it. */
export const offersServices = (cover: CoverNow): boolean => cover.kind === "in-force";
