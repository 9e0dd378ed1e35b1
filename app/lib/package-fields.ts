/** The package form's fields without its zod schema (app/lib/package-schema.ts, docs/decisions/0043). */
export const PACKAGE_INTENTS = ["save", "recalculate", "estimate"] as const;

/**
 * The page's sealed pricing facts (read once when the page loaded), posted back with every
 * estimate and recalculation so that they read no health data again.
 */
export const PRICING_FIELD = "pricing";

export const COVERS = {
  death: { field: "sumInsuredForDeathCover", range: "deathCoverRange", was: "deathCoverWas" },
  disability: { field: "sumInsuredForDisabilityCover", range: "disabilityCoverRange", was: "disabilityCoverWas" },
} as const;

export interface CoverLimits {
  min: number;
  max: number;
  step: number;
}

export interface FormLimits {
  sumLimitsForDeathCover: CoverLimits;
  sumLimitsForDisabilityCover: CoverLimits;
}

export interface PackageValues {
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: string[];
}

/**
 * An amount the form saved as the nearest one allowed (on its step, the disability cover no
 * more than the life cover), which the next page says (docs/decisions/0261).
 */
export interface CoverAdjustment {
  cover: keyof typeof COVERS;
  /** What the customer chose: typed, or the range's position. */
  chosen: number;
  saved: number;
}
