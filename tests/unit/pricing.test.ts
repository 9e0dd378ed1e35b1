import { describe, expect, it } from "vitest";
import { disabilityIncidence, estimate, mortality, roundCents, wellnessDiscountPercent } from "~/core/pricing";

// Expected values computed by hand (independently, in a calculator) from PRODUCT.md
// section 5's formulas; the unrounded line amounts are in the comments, in cents.
describe("premium (PRODUCT.md section 5)", () => {
  it("meets the sanity anchor: a 40-year-old man, 100 000 / 100 000, no services, score 40 pays about 20 €", () => {
    const e = estimate({ age: 40, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [], wellnessScore: 40, smoker: false });
    // death 1124.6501 → 1125; disability 819.9535 → 820; fee 150; no discount at score 40.
    expect(e).toEqual({
      wellnessScore: 40,
      wellnessDiscountPercent: 0,
      wellnessDiscount: 0,
      premiumForDeathCover: 1125,
      premiumForDisabilityCover: 820,
      services: [],
      membershipFee: 150,
      premiumTotal: 2095,
    });
    expect(e.premiumTotal).toBeGreaterThan(1800);
    expect(e.premiumTotal).toBeLessThan(2200);
  });

  it("gives the full 20 % discount of the cover premiums at score 100", () => {
    const e = estimate({ age: 40, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [], wellnessScore: 100, smoker: false });
    // 20 % of (1125 + 820) = 389.
    expect(e.wellnessDiscount).toBe(389);
    expect(e.premiumTotal).toBe(1125 + 820 + 150 - 389);
  });

  it("prices a 30-year-old woman with two services and a 10 % discount", () => {
    const e = estimate({
      age: 30,
     
      sumInsuredForDeathCover: 50_000,
      sumInsuredForDisabilityCover: 20_000,
      services: ["MENTAL", "TELEMED"],
      wellnessScore: 70,
      smoker: false,
    });
    // death 72.3868 → 72; disability 90.0 → 90; 10 % of 162 = 16.2 → 16; services 490 + 290.
    expect(e.premiumForDeathCover).toBe(72);
    expect(e.premiumForDisabilityCover).toBe(90);
    expect(e.wellnessDiscountPercent).toBe(10);
    expect(e.wellnessDiscount).toBe(16);
    expect(e.services).toEqual([
      { serviceCode: "MENTAL", premium: 490 },
      { serviceCode: "TELEMED", premium: 290 },
    ]);
    expect(e.premiumTotal).toBe(72 + 90 + 780 + 150 - 16);
  });

  it("charges a smoker 1.5 times the death premium", () => {
    const e = estimate({ age: 40, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [], wellnessScore: 40, smoker: true });
    // 1124.6501 × 1.5 = 1686.9752 → 1687; disability unchanged.
    expect(e.premiumForDeathCover).toBe(1687);
    expect(e.premiumForDisabilityCover).toBe(820);
  });

  it("handles the oldest and the youngest customers and no disability cover", () => {
    const old = estimate({ age: 64, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["HEALTH_CHECK", "PHYSIO"], wellnessScore: null, smoker: false });
    // death 6836.4732 → 6836; disability 1730.3871 → 1730; services 990 + 690; no score, no discount.
    expect(old).toMatchObject({ premiumForDeathCover: 6836, premiumForDisabilityCover: 1730, wellnessDiscountPercent: 0, premiumTotal: 6836 + 1730 + 1680 + 150 });
    const young = estimate({ age: 18, sumInsuredForDeathCover: 10_000, sumInsuredForDisabilityCover: 0, services: [], wellnessScore: 55, smoker: false });
    // death 5.2519 → 5; score 55 → 5 % of 5 = 0.25 → 0.
    expect(young).toMatchObject({ premiumForDeathCover: 5, premiumForDisabilityCover: 0, wellnessDiscountPercent: 5, wellnessDiscount: 0, premiumTotal: 155 });
  });

  it("prices a 50-year-old woman at the top of her band with the full discount and a service", () => {
    const e = estimate({ age: 50, sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 100_000, services: ["HEALTH_CHECK"], wellnessScore: 100, smoker: false });
    // q = 0.0000408 × e^4.225 × 0.25 = 0.00069742; death 1569.1949 → 1569;
    // i = 0.0004 × e^1.2 = 0.00132805; disability 1494.0526 → 1494; 20 % of 3063 = 612.6 → 613.
    expect(e).toMatchObject({ premiumForDeathCover: 1569, premiumForDisabilityCover: 1494, wellnessDiscountPercent: 20, wellnessDiscount: 613 });
    expect(e.premiumTotal).toBe(1569 + 1494 + 990 + 150 - 613);
  });

  it("prices a 55-year-old male smoker", () => {
    const e = estimate({ age: 55, sumInsuredForDeathCover: 150_000, sumInsuredForDisabilityCover: 0, services: [], wellnessScore: 40, smoker: true });
    // q = 0.0001975 × e^4.136 × 0.25; death × 1.5 = 7817.7923 → 7818.
    expect(e.premiumForDeathCover).toBe(7818);
    expect(e.premiumTotal).toBe(7818 + 150);
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
    // 0.0001181 · e^(0.0774·40) × 0.25
    expect(mortality(40)).toBeCloseTo(0.0001181 * Math.exp(0.0774 * 40) * 0.25, 12);
    expect(mortality(50)).toBeGreaterThan(mortality(40));
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
});

describe("rounding", () => {
  it("rounds half up to the cent", () => {
    expect(roundCents(72.5)).toBe(73);
    expect(roundCents(72.49)).toBe(72);
    expect(roundCents(1.005 * 100)).toBe(101);
    expect(roundCents(0)).toBe(0);
  });
});
