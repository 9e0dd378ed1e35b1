/**
 * The monthly premium, the "estimation" (PRODUCT.md section 5). Money is integer euro
 * cents; each premium line is rounded half up to the cent once, at its end.
 */
import type { ServiceCode } from "../lib/limits.js";
import type { Estimation } from "../lib/pricing.js";
import type { AnswersForRules } from "./questionnaire.js";

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
/** PRODUCT.md section 5: a smoker's life insurance premium is this many times a non-smoker's. */
export const SMOKER_FACTOR = 1.5;

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

/** The best wellness score (app/core/score/scoring.ts scores 0–100): what gives the largest discount. */
export const BEST_WELLNESS_SCORE = 100;
/** The largest wellness discount, at the best score (PRODUCT.md section 5). */
export const MAX_WELLNESS_DISCOUNT_PERCENT = 20;

/**
 * PRODUCT.md section 5: clamp(round((score − 40) / 60 × 20), 0, 20). The one formula: the
 * score's save stores it (`score_profiles.discount_percent`, which invoices bill by) and every
 * price takes it (the quote, the offer, the policy), so what is billed is what was signed
 * (docs/decisions/0166, 0311). No score, or none that is a number, is no discount.
 */
export function wellnessDiscountPercent(score: number | null | undefined): number {
  if (score === null || score === undefined || !Number.isFinite(score)) return 0;
  const max = MAX_WELLNESS_DISCOUNT_PERCENT;
  return Math.min(max, Math.max(0, Math.round(((score - 40) / 60) * max)));
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
 * The smoker fact (PRODUCT.md section 5): a yes on the long set's smoking question; no
 * loading before the questionnaire is answered. Its one derivation, from its one source, the
 * saved answers: the offer's application read applies it to the answers it decrypts anyway,
 * the questionnaire service (core.questionnaire.smoker, for the package step, the /api and
 * the renewals) to the answers it reads, and the package page's sealed fact
 * (docs/decisions/0016) carries its result to the page's later estimates.
 */
export function smokerFact(answers: AnswersForRules | null): boolean {
  return answers !== null && answers.type === "UW_L2" && answers.content.smoking === true;
}

/** The package a price is asked for. */
export interface PricedPackage {
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: ServiceCode[];
}

/**
 * The one road from the facts and a package to a price: the package step's estimates, the
 * landing page's quote, the offer (so the application and the policy) all price here; a
 * renewal (app/core/contract-term.ts) prices its own age and cover with `estimate`.
 */
export function price(facts: PricingFacts, proposal: PricedPackage): Estimation {
  return estimate({
    age: facts.age,
    sumInsuredForDeathCover: proposal.sumInsuredForDeathCover,
    sumInsuredForDisabilityCover: proposal.sumInsuredForDisabilityCover,
    services: proposal.services,
    wellnessScore: facts.wellnessScore,
    smoker: facts.smoker,
  });
}

/** A month's gross parts (PRODUCT.md section 5): what the wellness discount is taken from, and the rest. */
export type PremiumParts = Pick<Estimation, "premiumForDeathCover" | "premiumForDisabilityCover" | "services" | "membershipFee">;

/** A month's premium at one wellness discount. */
export type DiscountedPremium = Pick<Estimation, "wellnessDiscountPercent" | "wellnessDiscount" | "premiumTotal">;

/**
 * The one formula of the discount and the total (PRODUCT.md section 5): the discount is
 * `percent` of the death and disability premiums, rounded half up to the cent once;
 * premiumTotal = death + disability + services + membership fee − discount. The offer's
 * estimate, the payment schedule and every invoice (app/core/invoices.ts) take it from here,
 * so they agree at the same discount (the property test tests/unit/one-price.test.ts).
 */
export function discounted(parts: PremiumParts, percent: number): DiscountedPremium {
  const risk = parts.premiumForDeathCover + parts.premiumForDisabilityCover;
  const servicesTotal = parts.services.reduce((sum, s) => sum + s.premium, 0);
  const wellnessDiscount = roundCents((risk * percent) / 100);
  return { wellnessDiscountPercent: percent, wellnessDiscount, premiumTotal: risk + servicesTotal + parts.membershipFee - wellnessDiscount };
}

export function estimate(input: EstimationInput): Estimation {
  const deathYearly = input.sumInsuredForDeathCover * 100 * mortality(input.age) * LOADING;
  const parts: PremiumParts = {
    premiumForDeathCover: roundCents((deathYearly / 12) * (input.smoker ? SMOKER_FACTOR : 1)),
    premiumForDisabilityCover: roundCents((input.sumInsuredForDisabilityCover * 100 * disabilityIncidence(input.age) * LOADING) / 12),
    services: [...new Set(input.services)].map((serviceCode) => ({ serviceCode, premium: SERVICE_PRICES_CENTS[serviceCode] })),
    membershipFee: MEMBERSHIP_FEE_CENTS,
  };
  const price = discounted(parts, wellnessDiscountPercent(input.wellnessScore));
  // The order of SPEC.md section 3, as the policy freezes it (JSON).
  return {
    wellnessScore: input.wellnessScore,
    wellnessDiscountPercent: price.wellnessDiscountPercent,
    wellnessDiscount: price.wellnessDiscount,
    ...parts,
    premiumTotal: price.premiumTotal,
  };
}
