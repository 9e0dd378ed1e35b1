/**
 * The customer's demands and needs (Directive (EU) 2016/97, IDD art. 20(1); docs/decisions/0296):
 * before the contract is concluded the insurer states them from what the customer told it, and
 * the contract proposed is consistent with them. This sign-up asks no questions about income,
 * loans or family and gives no advice (art. 18: a non-advised sale), so the statement is what
 * the customer chose in it: the sums insured, who is paid, the health services, the term to
 * the last renewal's age and the monthly premium. The application they sign states it.
 */
import type { BeneficiaryValues } from "../lib/beneficiaries-schema.js";
import { LAST_RENEWAL_AGE } from "./contract-term.js";

/** What the customer told us in the sign-up, as the application carries it. */
export interface NeedsFacts {
  age: number;
  /** Whole euros, as the package step saves them. */
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: string[];
  beneficiaries: BeneficiaryValues[];
  /** The monthly premium, in cents. */
  premiumCents: number;
}

export interface DemandsAndNeeds {
  /** The life cover wanted, whole euros, and who it is for (the beneficiaries named, with their shares). */
  death: { sumInsured: number; beneficiaries: Array<{ name: string; sharePercent: number }> };
  /** The disability cover wanted, whole euros; null when the customer chose none. */
  disability: number | null;
  /** The health services' codes chosen; empty when none. */
  services: string[];
  /** Cover for a year at a time from `age`, renewed until a renewal day on which the customer is `untilAge` or older. */
  term: { age: number; untilAge: number };
  premiumCents: number;
}

/** A beneficiary as the statement names them: a person by first and last name, a company by its name. */
export const beneficiaryName = (b: BeneficiaryValues) => (b.type === "P" && b.firstName ? `${b.firstName} ${b.name}` : b.name);

/** The statement, from the facts alone: nothing is assumed that the sign-up did not ask. */
export function demandsAndNeeds(f: NeedsFacts): DemandsAndNeeds {
  return {
    death: { sumInsured: f.sumInsuredForDeathCover, beneficiaries: f.beneficiaries.map((b) => ({ name: beneficiaryName(b), sharePercent: b.sharePercent })) },
    disability: f.sumInsuredForDisabilityCover > 0 ? f.sumInsuredForDisabilityCover : null,
    services: [...f.services],
    term: { age: f.age, untilAge: LAST_RENEWAL_AGE + 1 },
    premiumCents: f.premiumCents,
  };
}
