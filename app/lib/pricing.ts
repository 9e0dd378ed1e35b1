/**
 * What is priced and its price, as the core works them out and the pages show them (the
 * formulas are app/core/pricing.ts's): types, and the rule of showing the discount that the
 * pages and the core's documents share, so the browser needs nothing of the core.
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

/**
 * Whether a price names its wellness discount as a line, wherever it is shown (the offer's
 * estimate and documents, an invoice and its credit note): only when it takes a cent off. A
 * percent that rounds to 0 cents (1 % of a 13-cent premium) takes nothing off: no "−0,00" line.
 */
export const discountShown = (discountCents: number) => discountCents !== 0;
