/**
 * The contract's term and renewal, and the premium by age (docs/decisions/0090). Expected
 * premiums are worked out by hand from PRODUCT.md section 5 (unisex q(age) = 0.0001181 ·
 * e^(0.0774·age) × 0.25; i(age) = 0.0004 · e^(0.06·(age − 30)); × 1.35 / 12, half up), not by
 * the pricing function under test.
 */
import { describe, expect, it } from "vitest";
import { ageTableLines, contractTerm, coverAtRenewal, premiumByAge, AGE_TABLE_YEARS, LAST_RENEWAL_AGE } from "~/core/contract-term";
import { estimate, type Estimation } from "~/core/pricing";
import { withdrawalTerm } from "~/lib/contract-term";

describe("the term (one year, renewed yearly)", () => {
  it("runs one year from the start, renews on the anniversary, tells the new premium 30 days before, and lets the buyer withdraw for 30 days", () => {
    expect(contractTerm("2026-03-11", { by: "signing", on: "2026-03-10" })).toEqual({
      startDate: "2026-03-11",
      endDate: "2027-03-10",
      renewalDate: "2027-03-11",
      noticeBy: "2027-02-09",
      withdrawalFrom: "signing",
      withdrawalUntil: "2026-04-09",
      noticeDays: 30,
      withdrawalDays: 30,
    });
  });

  it("counts the days to withdraw from the underwriter's acceptance when the answers need one, with no last day before it (docs/decisions/0273)", () => {
    const waiting = contractTerm("2026-03-11", { by: "acceptance", on: null });
    expect(waiting).toMatchObject({ startDate: "2026-03-11", withdrawalFrom: "acceptance", withdrawalUntil: null });
    expect(withdrawalTerm(waiting)).toEqual({ key: "term.withdrawal.onAcceptance", values: { count: 30 } });
    const accepted = contractTerm("2026-03-25", { by: "acceptance", on: "2026-03-24" });
    expect(accepted).toMatchObject({ withdrawalFrom: "acceptance", withdrawalUntil: "2026-04-23" });
    expect(withdrawalTerm(accepted)).toEqual({ key: "term.withdrawal.accepted", values: { count: 30, date: "23.04.2026" } });
    expect(withdrawalTerm(contractTerm("2026-03-11", { by: "signing", on: "2026-03-10" }))).toEqual({
      key: "term.withdrawal.value",
      values: { count: 30, date: "09.04.2026" },
    });
  });

  it("renews a start on 29 February on 28 February of a common year", () => {
    const term = contractTerm("2028-02-29", { by: "signing", on: "2028-02-28" });
    expect(term.renewalDate).toBe("2029-02-28");
    expect(term.endDate).toBe("2029-02-27");
  });
});

describe("the cover at a renewal (PRODUCT.md section 4's limits for the new age)", () => {
  it("stays the same within the limits", () => {
    expect(coverAtRenewal(30, { sumInsuredForDeathCover: 500_000, sumInsuredForDisabilityCover: 200_000 })).toEqual({
      sumInsuredForDeathCover: 500_000,
      sumInsuredForDisabilityCover: 200_000,
      reduced: false,
    });
  });

  it("is lowered to the maximum of the new age band", () => {
    expect(coverAtRenewal(40, { sumInsuredForDeathCover: 500_000, sumInsuredForDisabilityCover: 200_000 })).toEqual({
      sumInsuredForDeathCover: 300_000,
      sumInsuredForDisabilityCover: 200_000,
      reduced: true,
    });
    expect(coverAtRenewal(60, { sumInsuredForDeathCover: 150_000, sumInsuredForDisabilityCover: 100_000 })).toEqual({
      sumInsuredForDeathCover: 100_000,
      sumInsuredForDisabilityCover: 50_000,
      reduced: true,
    });
  });

  it("never leaves disability above death cover", () => {
    expect(coverAtRenewal(60, { sumInsuredForDeathCover: 45_000, sumInsuredForDisabilityCover: 45_000 })).toEqual({
      sumInsuredForDeathCover: 45_000,
      sumInsuredForDisabilityCover: 45_000,
      reduced: false,
    });
  });

  it("ends past the last renewal age (64)", () => {
    expect(LAST_RENEWAL_AGE).toBe(64);
    expect(coverAtRenewal(64, { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 0 })).not.toBeNull();
    expect(coverAtRenewal(65, { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 0 })).toBeNull();
  });
});

const firstYear = (age: number, death: number, disability: number, extra: Partial<Parameters<typeof estimate>[0]> = {}): Estimation =>
  estimate({ age, sumInsuredForDeathCover: death, sumInsuredForDisabilityCover: disability, services: [], wellnessScore: null, smoker: false, ...extra });

describe("the premium by age", () => {
  it("keeps the first year's premium as given and prices each renewal for the age on its day, lowering a cover above the new maximum", () => {
    const current = firstYear(39, 400_000, 100_000);
    const rows = premiumByAge({
      dateOfBirth: "1986-06-01",
      startDate: "2026-03-11",
      current,
      age: 39,
      cover: { sumInsuredForDeathCover: 400_000, sumInsuredForDisabilityCover: 100_000, services: [] },
      wellnessScore: null,
      smoker: false,
    });
    expect(rows).toHaveLength(AGE_TABLE_YEARS);
    expect(rows[0]).toMatchObject({ policyYear: 1, from: "2026-03-11", age: 39, cover: { sumInsuredForDeathCover: 400_000, reduced: false } });
    expect(rows[0].estimation).toBe(current);
    expect(rows.slice(1).map((r) => [r.policyYear, r.from, r.age, r.cover?.sumInsuredForDeathCover, r.cover?.reduced, r.estimation?.premiumTotal])).toEqual([
      // At 40 the death cover's maximum is 300 000: death 2203 + disability 820 + fee 150.
      [2, "2027-03-11", 40, 300_000, true, 3173],
      [3, "2028-03-11", 41, 300_000, true, 3401],
      [4, "2029-03-11", 42, 300_000, true, 3646],
      [5, "2030-03-11", 43, 300_000, true, 3911],
      [6, "2031-03-11", 44, 300_000, true, 4195],
    ]);
  });

  it("carries today's discount, services and smoker fact into every renewal, and stops after the first year not renewed", () => {
    const rows = premiumByAge({
      dateOfBirth: "1964-01-01",
      startDate: "2026-03-11",
      current: firstYear(62, 100_000, 50_000, { services: ["HEALTH_CHECK"], wellnessScore: 100, smoker: true }),
      age: 62,
      cover: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["HEALTH_CHECK"] },
      wellnessScore: 100,
      smoker: true,
    });
    expect(rows.map((r) => r.age)).toEqual([62, 63, 64, 65]);
    // 63: death 6533 (smoker × 1.5) + disability 1630 + health check 990 + fee 150 − 20 % of 8163 (1633).
    expect(rows[1].estimation).toMatchObject({ wellnessDiscountPercent: 20, premiumTotal: 7670 });
    expect(rows[2].estimation?.premiumTotal).toBe(8171);
    expect(rows[3]).toMatchObject({ policyYear: 4, age: 65, cover: null, estimation: null });
  });

  it("prices a renewal at the age on the renewal day, one more when the birthday is the start day", () => {
    const rows = premiumByAge({
      dateOfBirth: "1986-03-11",
      startDate: "2026-03-11",
      current: firstYear(39, 100_000, 0),
      age: 39,
      cover: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 0, services: [] },
      wellnessScore: null,
      smoker: false,
    });
    expect(rows.map((r) => r.age)).toEqual([39, 41, 42, 43, 44, 45]);
  });

  it("as a page's lines: the monthly total only", () => {
    const rows = premiumByAge({
      dateOfBirth: "1961-06-01",
      startDate: "2026-03-11",
      current: firstYear(64, 100_000, 0),
      age: 64,
      cover: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 0, services: [] },
      wellnessScore: null,
      smoker: false,
    });
    expect(ageTableLines(rows)).toEqual([
      { from: "2026-03-11", age: 64, cover: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 0, reduced: false }, premiumTotal: rows[0].estimation!.premiumTotal },
      { from: "2027-03-11", age: 65, cover: null, premiumTotal: null },
    ]);
  });
});
