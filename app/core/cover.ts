/**
 * Whether a policy covers its holder on a given day, by its status and dates
 * (docs/decisions/0130, 0269, 0282): what self-service offers with the cover (the health
 * services) follows from it. Plain functions; the day is the caller's (the core's clock, Tallinn
 * dates).
 */

import { lastPolicyYear, type LastPolicyYear } from "./contract-term.js";

/** The policy facts the cover depends on. */
export interface CoverFacts {
  status: "SIGNED" | "ACTIVE" | "WITHDRAWN" | "CANCELLED";
  /** A cancelled policy's last day of cover; null otherwise. */
  endDate: string | null;
  /**
   * The contract's last policy year, which no renewal follows (the age, docs/decisions/0090:
   * app/core/contract-term.ts lastPolicyYear); null or absent when not known.
   */
  lastYear?: LastPolicyYear | null;
}

/** A policy row's columns the cover depends on (dates as YYYY-MM-DD). */
export interface CoverColumns {
  status: CoverFacts["status"];
  end_date: string | null;
  start_date: string;
}

/** What the cover of a policy row depends on, with the last policy year its holder's age allows (docs/decisions/0090, 0282). */
export const coverFactsOf = (policy: CoverColumns, dateOfBirth: string): CoverFacts & { lastYear: LastPolicyYear } => ({
  status: policy.status,
  endDate: policy.end_date ? String(policy.end_date).slice(0, 10) : null,
  lastYear: lastPolicyYear(dateOfBirth, String(policy.start_date).slice(0, 10)),
});

export type CoverNow =
  /**
   * In force (signed or active), or cancelled with its cover running to `until`. `endsForAge`:
   * the last day of cover once no renewal is to come (the last policy year, and from the signing
   * when the first is the last) and no cancellation ends the cover before it: what the insurance
   * tab tells ahead (docs/decisions/0282); null before.
   */
  | { kind: "in-force"; until: string | null; endsForAge: string | null }
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
 * day), none after it; a contract not renewed (the age) ends with its last policy year, the
 * earlier of the two ending it. A signed policy counts as in force: its holder reaches
 * self-service from its start day on.
 */
export function coverOn(policy: CoverFacts, day: string): CoverNow {
  if (policy.status === "WITHDRAWN") return { kind: "withdrawn" };
  const endDate = lastDayOfCover(policy);
  // Not renewed: the cover ends with the last policy year, unless a cancellation ended it before.
  const byAge = policy.lastYear && endDate === policy.lastYear.lastDay ? policy.lastYear : null;
  if (endDate !== null && day > endDate) return { kind: "ended", endDate, by: byAge ? "age" : "cancellation" };
  const noRenewalToCome = byAge !== null && (day >= byAge.from || byAge.policyYear === 1);
  return { kind: "in-force", until: policy.status === "CANCELLED" ? endDate : null, endsForAge: noRenewalToCome ? byAge.lastDay : null };
}

/**
 * The last day of cover, whenever it is known (GET /api/insurance's `endDate`, docs/decisions/0282):
 * a cancellation's, or the last policy year's when that comes first; null for a withdrawn
 * policy (it never covered) and when neither is known.
 */
export function lastDayOfCover(policy: CoverFacts): string | null {
  if (policy.status === "WITHDRAWN") return null;
  const cancelledTo = policy.status === "CANCELLED" ? policy.endDate : null;
  const lastDay = policy.lastYear?.lastDay ?? null;
  return cancelledTo !== null && (lastDay === null || cancelledTo < lastDay) ? cancelledTo : lastDay;
}

/**
 * The status GET /api/insurance states: the policy's, or EXPIRED once the last policy year of a
 * contract in force is over (not renewed for the age; a cancelled one stays CANCELLED,
 * docs/decisions/0282).
 */
export type InsuranceStatus = CoverFacts["status"] | "EXPIRED";

export const insuranceStatus = (policy: Pick<CoverFacts, "status">, cover: CoverNow): InsuranceStatus =>
  cover.kind === "ended" && cover.by === "age" && policy.status !== "CANCELLED" ? "EXPIRED" : policy.status;

/**
 * Whether the cover runs, as `coverOn` finds it on a day: in force, or cancelled with days of
 * cover left (its last day counts). What self-service offers for the cover follows from it alone: the health
 * services, and naming the beneficiaries the sum goes to (docs/decisions/0291).
 */
export const coverRuns = (cover: CoverNow): boolean => cover.kind === "in-force";

/** The health services come with the cover: offered while it runs, never without it. */
export const offersServices = (cover: CoverNow): boolean => coverRuns(cover);
