import { describe, expect, it } from "vitest";
import { disabilityIncidence, estimate, mortality, roundCents, wellnessDiscountPercent } from "~/core/pricing";
import { anchorEstimation } from "../support/anchor";

// Expected values computed by hand (independently, in a calculator) from PRODUCT.md
// section 5's formulas; the unrounded line amounts are in the comments, in cents.
describe("premium (PRODUCT.md section 5)", () => {
  it("meets the sanity anchor: a 40-year-old, 100 000 / 100 000, no services, score 40 pays about 17 € (death 7.34, disability 8.20, membership 1.50)", () => {
    const e = estimate({ age: 40, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [], wellnessScore: 40, smoker: false });
    // q = 0.0001181 × e^3.096 × 0.25 = 0.00065278; death 10 000 000 × q × 1.35 / 12 = 734.3754 → 734;
    // i = 0.0004 × e^0.6 = 0.00072885; disability 819.9535 → 820; fee 150; no discount at score 40.
    expect(e).toEqual(anchorEstimation(40));
    // PRODUCT.md section 5: "about 17 € a month" (a competitor sells that cover at about 18.40 €).
    expect(e.premiumTotal).toBeGreaterThan(1650);
    expect(e.premiumTotal).toBeLessThan(1750);
  });

  it("gives the full 20 % discount of the cover premiums at score 100", () => {
    const e = estimate({ age: 40, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [], wellnessScore: 100, smoker: false });
    // 20 % of (734 + 820) = 310.8 → 311.
    expect(e.wellnessDiscount).toBe(311);
    expect(e.premiumTotal).toBe(734 + 820 + 150 - 311);
  });

  it("prices a 30-year-old with two services and a 10 % discount", () => {
    const e = estimate({
      age: 30,
      sumInsuredForDeathCover: 50_000,
      sumInsuredForDisabilityCover: 20_000,
      services: ["MENTAL", "TELEMED"],
      wellnessScore: 70,
      smoker: false,
    });
    // q = 0.0001181 × e^2.322 × 0.25 = 0.00030104; death 169.3340 → 169; disability 90.0 → 90;
    // 10 % of 259 = 25.9 → 26; services 490 + 290.
    expect(e.premiumForDeathCover).toBe(169);
    expect(e.premiumForDisabilityCover).toBe(90);
    expect(e.wellnessDiscountPercent).toBe(10);
    expect(e.wellnessDiscount).toBe(26);
    expect(e.services).toEqual([
      { serviceCode: "MENTAL", premium: 490 },
      { serviceCode: "TELEMED", premium: 290 },
    ]);
    expect(e.premiumTotal).toBe(169 + 90 + 780 + 150 - 26);
  });

  it("charges a smoker 1.5 times the death premium", () => {
    const e = estimate({ age: 40, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [], wellnessScore: 40, smoker: true });
    // 734.3754 × 1.5 = 1101.5632 → 1102; disability unchanged.
    expect(e.premiumForDeathCover).toBe(1102);
    expect(e.premiumForDisabilityCover).toBe(820);
  });

  it("handles the oldest and the youngest customers and no disability cover", () => {
    const old = estimate({ age: 64, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["HEALTH_CHECK", "PHYSIO"], wellnessScore: null, smoker: false });
    // q = 0.0001181 × e^4.9536 × 0.25 = 0.00418322; death 4706.1263 → 4706; disability 1730.3871 → 1730;
    // services 990 + 690; no score, no discount.
    expect(old).toMatchObject({ premiumForDeathCover: 4706, premiumForDisabilityCover: 1730, wellnessDiscountPercent: 0, premiumTotal: 4706 + 1730 + 1680 + 150 });
    const young = estimate({ age: 18, sumInsuredForDeathCover: 10_000, sumInsuredForDisabilityCover: 0, services: [], wellnessScore: 55, smoker: false });
    // q = 0.0001181 × e^1.3932 × 0.25 = 0.00011892; death 13.3783 → 13; score 55 → 5 % of 13 = 0.65 → 1.
    expect(young).toMatchObject({ premiumForDeathCover: 13, premiumForDisabilityCover: 0, wellnessDiscountPercent: 5, wellnessDiscount: 1, premiumTotal: 13 + 150 - 1 });
  });

  it("prices a 50-year-old at the top of the band with the full discount and a service", () => {
    const e = estimate({ age: 50, sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 100_000, services: ["HEALTH_CHECK"], wellnessScore: 100, smoker: false });
    // q = 0.0001181 × e^3.87 × 0.25 = 0.00141550; death 3184.8726 → 3185;
    // i = 0.0004 × e^1.2 = 0.00132805; disability 1494.0526 → 1494; 20 % of 4679 = 935.8 → 936.
    expect(e).toMatchObject({ premiumForDeathCover: 3185, premiumForDisabilityCover: 1494, wellnessDiscountPercent: 20, wellnessDiscount: 936 });
    expect(e.premiumTotal).toBe(3185 + 1494 + 990 + 150 - 936);
  });

  it("prices a 55-year-old smoker", () => {
    const e = estimate({ age: 55, sumInsuredForDeathCover: 150_000, sumInsuredForDisabilityCover: 0, services: [], wellnessScore: 40, smoker: true });
    // q = 0.0001181 × e^4.257 × 0.25 = 0.00208440; death × 1.5 = 5276.1430 → 5276.
    expect(e.premiumForDeathCover).toBe(5276);
    expect(e.premiumTotal).toBe(5276 + 150);
  });

  it("counts a service once even when listed twice", () => {
    const e = estimate({ age: 30, sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 0, services: ["MENTAL", "MENTAL"], wellnessScore: 40, smoker: false });
    expect(e.services).toHaveLength(1);
  });

  it("keeps the donut's angle total equal to the gross parts plus the dividends slice", () => {
    const e = estimate({ age: 45, sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 100_000, services: ["PHYSIO"], wellnessScore: 85, smoker: false });
    const gross = e.premiumForDeathCover + e.premiumForDisabilityCover + 690 + e.membershipFee;
    expect(e.premiumTotal + 2 * e.wellnessDiscount).toBe(gross + e.wellnessDiscount);
  });
});

describe("rates", () => {
  it("grows mortality with age on one curve for everyone (PRODUCT.md section 5)", () => {
    // 0.0001181 · e^(0.0774·40) × 0.25 = 0.0001181 × 22.1098 × 0.25 = 0.00065278.
    expect(mortality(40)).toBeCloseTo(0.00065277817, 10);
    expect(mortality(50)).toBeGreaterThan(mortality(40));
    // One argument: the curve has no other input (sex is none, Directive 2004/113/EC).
    expect(mortality.length).toBe(1);
  });

  it("has a disability incidence of 0.0004 at 30", () => {
    expect(disabilityIncidence(30)).toBe(0.0004);
    expect(disabilityIncidence(40)).toBeCloseTo(0.00072884752, 10);
  });
});

describe("wellness discount percent", () => {
  it.each([
    [null, 0],
    [0, 0],
    [39, 0],
    [40, 0],
    [42, 1],
    [55, 5],
    [70, 10],
    [85, 15],
    [99, 20],
    [100, 20],
  ])("score %s → %i %%", (score, percent) => {
    expect(wellnessDiscountPercent(score)).toBe(percent);
  });

  it("is none for a score that is no number (a price of NaN otherwise)", () => {
    for (const score of [undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(wellnessDiscountPercent(score)).toBe(0);
  });
});

describe("rounding", () => {
  it("rounds half up to the cent", () => {
    expect(roundCents(72.5)).toBe(73);
    expect(roundCents(72.49)).toBe(72);
    expect(roundCents(1.005 * 100)).toBe(101);
    expect(roundCents(0)).toBe(0);
  });
});
