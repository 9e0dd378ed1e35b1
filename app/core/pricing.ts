/**
 * The monthly premium, the "estimation" (PRODUCT.md section 5). Money is integer euro
 * cents; each premium line is rounded half up to the cent once, at its end.
 */
import type { ServiceCode } from "../lib/limits.js";
import type { Estimation } from "../lib/pricing.js";

export type { Estimation } from "../lib/pricing.js";

export const MEMBERSHIP_FEE_CENTS = 150;

export const SERVICE_PRICES_CENTS: Record<ServiceCode, number> = {
  HEALTH_CHECK: 990,
  MENTAL: 490,
  PHYSIO: 690,
  TELEMED: 290,
};

/**
 * One unisex curve (PRODUCT.md section 5): an EU insurer may not price by sex (Directive
 * 2004/113/EC, Court of Justice C-236/09 "Test-Achats"). Sex is no input of any price.
 */
const MORTALITY = { a: 0.0001181, b: 0.0774 } as const;
const SELECTION_FACTOR = 0.25;
const LOADING = 1.35;
const SMOKER_FACTOR = 1.5;

/** Half up to a whole cent; the 1e-9 nudge keeps x.5 that floating point stores as x.4999… from rounding down. */
export function roundCents(cents: number): number {
  return Math.floor(cents + 0.5 + 1e-9);
}

/** Yearly probability of death for an insured life of this age, the same for everyone. */
export function mortality(age: number): number {
  return MORTALITY.a * Math.exp(MORTALITY.b * age) * SELECTION_FACTOR;
}

/** Yearly disability incidence. */
export function disabilityIncidence(age: number): number {
  return 0.0004 * Math.exp(0.06 * (age - 30));
}

/** PRODUCT.md section 5: clamp(round((score − 40) / 60 × 20), 0, 20). */
export function wellnessDiscountPercent(score: number | null | undefined): number {
  if (score === null || score === undefined || Number.isNaN(score)) return 0;
  return Math.min(20, Math.max(0, Math.round(((score - 40) / 60) * 20)));
}

export interface EstimationInput {
  age: number;
  /** Whole euro. */
  sumInsuredForDeathCover: number;
  /** Whole euro; 0 for none. */
  sumInsuredForDisabilityCover: number;
  services: ServiceCode[];
  /** 0–100, or null before the wellness profile is saved. */
  wellnessScore: number | null;
  smoker: boolean;
}

/**
 * What a price depends on besides the package (PRODUCT.md section 5): today's age, the
 * saved wellness score, and whether the saved health answers make the customer a smoker.
 */
export interface PricingFacts {
  age: number;
  wellnessScore: number | null;
  smoker: boolean;
}

/**
 * The one assembly of a price's inputs, for the package step's estimates and the offer: the
 * facts and the package. How each road learns the facts differs (the offer has the answers
 * decrypted already; the package page reads the smoker fact once per page).
 */
export function pricingInputs(
  facts: PricingFacts,
  proposal: { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number; services: ServiceCode[] },
): EstimationInput {
  return {
    age: facts.age,
    sumInsuredForDeathCover: proposal.sumInsuredForDeathCover,
    sumInsuredForDisabilityCover: proposal.sumInsuredForDisabilityCover,
    services: proposal.services,
    wellnessScore: facts.wellnessScore,
    smoker: facts.smoker,
  };
}

export function estimate(input: EstimationInput): Estimation {
  const deathYearly = input.sumInsuredForDeathCover * 100 * mortality(input.age) * LOADING;
  const premiumForDeathCover = roundCents((deathYearly / 12) * (input.smoker ? SMOKER_FACTOR : 1));
  const premiumForDisabilityCover = roundCents(
    (input.sumInsuredForDisabilityCover * 100 * disabilityIncidence(input.age) * LOADING) / 12,
  );
  const percent = wellnessDiscountPercent(input.wellnessScore);
  const wellnessDiscount = roundCents(((premiumForDeathCover + premiumForDisabilityCover) * percent) / 100);
  const services = [...new Set(input.services)].map((serviceCode) => ({ serviceCode, premium: SERVICE_PRICES_CENTS[serviceCode] }));
  const servicesTotal = services.reduce((sum, s) => sum + s.premium, 0);
  return {
    wellnessScore: input.wellnessScore,
    wellnessDiscountPercent: percent,
    wellnessDiscount,
    premiumForDeathCover,
    premiumForDisabilityCover,
    services,
    membershipFee: MEMBERSHIP_FEE_CENTS,
    premiumTotal: premiumForDeathCover + premiumForDisabilityCover + servicesTotal + MEMBERSHIP_FEE_CENTS - wellnessDiscount,
  };
}
