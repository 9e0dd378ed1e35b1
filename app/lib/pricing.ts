/**
 * What is priced and its price, as the core works them out and the pages show them (the
 * formulas are app/core/pricing.ts's): types only, so the browser needs nothing of the core.
 */
import type { ServiceCode } from "./limits";

/** The chosen package (SPEC.md section 3 "Package form"): whole euro, service codes. */
export interface Proposal {
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: ServiceCode[];
}

/** SPEC.md section 3 "Estimation", all amounts in cents. */
export interface Estimation {
  wellnessScore: number | null;
  wellnessDiscountPercent: number;
  wellnessDiscount: number;
  premiumForDeathCover: number;
  premiumForDisabilityCover: number;
  services: Array<{ serviceCode: ServiceCode; premium: number }>;
  membershipFee: number;
  premiumTotal: number;
}
