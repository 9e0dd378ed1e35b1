/**
 * Package limits by age (PRODUCT.md section 4). Amounts in whole euro. The core checks them
 * and the landing page's quote follows the age with them in the browser (docs/decisions/0175).
 */

export interface SumLimits {
  min: number;
  max: number;
  def: number;
  step: number;
}

export interface PackageLimits {
  sumLimitsForDeathCover: SumLimits;
  sumLimitsForDisabilityCover: SumLimits;
}

export const MIN_AGE = 18;
export const MAX_AGE = 64;

const BANDS: Array<{ upTo: number; death: number; disability: number }> = [
  { upTo: 39, death: 500_000, disability: 200_000 },
  { upTo: 49, death: 300_000, disability: 200_000 },
  { upTo: 54, death: 200_000, disability: 100_000 },
  { upTo: 59, death: 150_000, disability: 100_000 },
  { upTo: 64, death: 100_000, disability: 50_000 },
];

export function isEligibleAge(age: number): boolean {
  return age >= MIN_AGE && age <= MAX_AGE;
}

/** Limits for an eligible age; ages outside 18–64 have none (null). */
export function packageLimits(age: number): PackageLimits | null {
  if (!isEligibleAge(age)) return null;
  const band = BANDS.find((b) => age <= b.upTo)!;
  return {
    sumLimitsForDeathCover: { min: 10_000, max: band.death, def: 50_000, step: 5_000 },
    sumLimitsForDisabilityCover: { min: 5_000, max: band.disability, def: 20_000, step: 1_000 },
  };
}

export const SERVICE_CODES = ["HEALTH_CHECK", "MENTAL", "PHYSIO", "TELEMED"] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];

export function isServiceCode(value: string): value is ServiceCode {
  return (SERVICE_CODES as readonly string[]).includes(value);
}
