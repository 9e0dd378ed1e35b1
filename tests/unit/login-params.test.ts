import { describe, expect, it } from "vitest";
import { normaliseLoginData, readLoginParams } from "~/core/login-params";
import { packageLimits } from "~/lib/limits";

const read = (query: string) => readLoginParams(new URLSearchParams(query));
const limits30 = packageLimits(30)!; // death 10 000–500 000, disability 5 000–200 000
const limits62 = packageLimits(62)!; // death 10 000–100 000, disability 5 000–50 000

describe("login query parameters (SPEC.md sections 4 and 5)", () => {
  it("reads promo, packages, sums and src", () => {
    expect(read("promo=FIT10&packages=MENTAL,physio,,MENTAL&life=100000&disability=30000&src=SportClub")).toEqual({
      promo: "FIT10",
      packages: ["MENTAL", "PHYSIO"],
      life: 100000,
      disability: 30000,
      src: "sportclub",
    });
  });

  it("reads packages named more than once as one list, as the landing page does (a review: the sign-in kept the first)", () => {
    expect(read("packages=MENTAL&packages=physio,MENTAL")).toEqual({ packages: ["MENTAL", "PHYSIO"] });
    expect(read("packages=")).toEqual({ packages: [] });
  });

  it("ignores malformed values", () => {
    expect(read("promo=<script>&life=-5&disability=1e5&src=a b")).toEqual({});
    expect(read("life=12.5&disability=abc")).toEqual({});
    expect(read("")).toEqual({});
  });

  it("keeps only known service codes", () => {
    expect(normaliseLoginData(read("packages=MENTAL,GYM,TELEMED"), limits30)).toEqual({ services: ["MENTAL", "TELEMED"] });
  });

  it("accepts sums within the customer's limits", () => {
    expect(normaliseLoginData(read("life=100000&disability=30000"), limits30)).toMatchObject({
      sumInsuredForDeathCover: 100000,
      sumInsuredForDisabilityCover: 30000,
    });
  });

  it("uses the defaults for sums outside the limits", () => {
    expect(normaliseLoginData(read("life=600000&disability=250000"), limits30)).toMatchObject({
      sumInsuredForDeathCover: 50000,
      sumInsuredForDisabilityCover: 20000,
    });
    expect(normaliseLoginData(read("life=5000&disability=1000"), limits30)).toMatchObject({
      sumInsuredForDeathCover: 50000,
      sumInsuredForDisabilityCover: 20000,
    });
    // 200 000 is fine at 30 but over the 100 000 maximum at 62.
    expect(normaliseLoginData(read("life=200000"), limits62)).toMatchObject({ sumInsuredForDeathCover: 50000 });
  });

  it("accepts disability 0 but not death 0 (its minimum is 10 000)", () => {
    expect(normaliseLoginData(read("life=0&disability=0"), limits30)).toMatchObject({
      sumInsuredForDeathCover: 50000,
      sumInsuredForDisabilityCover: 0,
    });
  });

  it("caps disability to death cover", () => {
    expect(normaliseLoginData(read("life=15000&disability=40000"), limits30)).toMatchObject({
      sumInsuredForDeathCover: 15000,
      sumInsuredForDisabilityCover: 15000,
    });
    // Only disability given: the default death cover (50 000) caps it.
    expect(normaliseLoginData(read("disability=150000"), limits30)).toMatchObject({
      sumInsuredForDeathCover: 50000,
      sumInsuredForDisabilityCover: 50000,
    });
  });

  it("sets no sums when none were given, or when the customer has no limits (not eligible)", () => {
    expect(normaliseLoginData(read("promo=PB2026"), limits30)).toEqual({ promo: "PB2026" });
    expect(normaliseLoginData(read("life=100000"), null)).toEqual({});
  });
});

describe("package limits by age (PRODUCT.md section 4)", () => {
  it.each([
    [17, null, null],
    [18, 500000, 200000],
    [39, 500000, 200000],
    [40, 300000, 200000],
    [49, 300000, 200000],
    [50, 200000, 100000],
    [54, 200000, 100000],
    [55, 150000, 100000],
    [59, 150000, 100000],
    [60, 100000, 50000],
    [64, 100000, 50000],
    [65, null, null],
  ])("age %i: death max %s, disability max %s", (age, death, disability) => {
    const limits = packageLimits(age);
    if (death === null) return expect(limits).toBeNull();
    expect(limits).toEqual({
      sumLimitsForDeathCover: { min: 10000, max: death, def: 50000, step: 5000 },
      sumLimitsForDisabilityCover: { min: 5000, max: disability, def: 20000, step: 1000 },
    });
  });
});
