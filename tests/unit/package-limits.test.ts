/**
 * PRODUCT.md section 4, the package limits by age, as its table states them: each band's
 * first and last age, the ages just outside 18–64, and the covers' min, default and step.
 * A band's edge moved by a year, or a maximum changed, fails here (the mutation audit found
 * none of them checked at the edges).
 */
import { describe, expect, it } from "vitest";
import { isEligibleAge, MAX_AGE, MIN_AGE, packageLimits } from "~/lib/limits";

/** PRODUCT.md section 4: | age | death cover max | disability cover max |. */
const TABLE: Array<[from: number, to: number, death: number, disability: number]> = [
  [18, 39, 500_000, 200_000],
  [40, 49, 300_000, 200_000],
  [50, 54, 200_000, 100_000],
  [55, 59, 150_000, 100_000],
  [60, 64, 100_000, 50_000],
];

describe("the package limits by age (PRODUCT.md section 4)", () => {
  it("are those of the table at each band's first and last age", () => {
    for (const [from, to, death, disability] of TABLE) {
      for (const age of [from, to]) {
        const limits = packageLimits(age);
        expect({ age, death: limits?.sumLimitsForDeathCover.max, disability: limits?.sumLimitsForDisabilityCover.max }).toEqual({ age, death, disability });
      }
    }
  });

  it("have the same minimum, default and step at every eligible age: death 10 000 / 50 000 / 5 000, disability 5 000 / 20 000 / 1 000", () => {
    for (let age = 18; age <= 64; age++) {
      const limits = packageLimits(age)!;
      expect({ age, ...limits.sumLimitsForDeathCover, max: undefined }).toEqual({ age, min: 10_000, def: 50_000, step: 5_000, max: undefined });
      expect({ age, ...limits.sumLimitsForDisabilityCover, max: undefined }).toEqual({ age, min: 5_000, def: 20_000, step: 1_000, max: undefined });
    }
  });

  it("exist from 18 to 64 on the day and not at 17 or 65 (PRODUCT.md section 3)", () => {
    expect([MIN_AGE, MAX_AGE]).toEqual([18, 64]);
    expect([17, 18, 64, 65].map(isEligibleAge)).toEqual([false, true, true, false]);
    expect(packageLimits(17)).toBeNull();
    expect(packageLimits(65)).toBeNull();
  });
});
