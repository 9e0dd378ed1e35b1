/**
 * The contract's term and renewal, and the premium by age (docs/decisions/0090). Expected
 * premiums are worked out by hand from PRODUCT.md section 5 (unisex q(age) = 0.0001181 ·
 * e^(0.0774·age) × 0.25; i(age) = 0.0004 · e^(0.06·(age − 30)); × 1.35 / 12, half up), not by
 * the pricing function under test.
 */
import { describe, expect, it } from "vitest";
import { ageTableLines, anniversary, contractTerm, coverAtRenewal, lastPolicyYear, premiumByAge, renewal, renewalNoticeOn, AGE_TABLE_YEARS, LAST_RENEWAL_AGE, RENEWAL_NOTICE_DAYS } from "~/core/contract-term";
import { addDays } from "~/core/clock";
import { billedDates } from "~/core/invoices";
import { estimate, type Estimation } from "~/core/pricing";
import { renewalTerm, withdrawalTerm } from "~/lib/contract-term";
import { ageOn } from "~/lib/personal-code";

describe("the term (one year, renewed yearly)", () => {
  it("runs one year from the start, renews on the anniversary, tells the new premium 30 days before, and lets the buyer withdraw for 30 days", () => {
    expect(contractTerm("2026-03-11", { by: "signing", on: "2026-03-10" }, null)).toEqual({
      startDate: "2026-03-11",
      endDate: "2027-03-10",
      renewalDate: "2027-03-11",
      lastDay: null,
      noticeBy: "2027-02-09",
      withdrawalFrom: "signing",
      withdrawalUntil: "2026-04-09",
      noticeDays: 30,
      withdrawalDays: 30,
    });
  });

  it("counts the days to withdraw from the underwriter's acceptance when the answers need one, with no last day before it (docs/decisions/0273)", () => {
    const waiting = contractTerm("2026-03-11", { by: "acceptance", on: null }, null);
    expect(waiting).toMatchObject({ startDate: "2026-03-11", withdrawalFrom: "acceptance", withdrawalUntil: null });
    expect(withdrawalTerm(waiting)).toEqual({ key: "term.withdrawal.onAcceptance", values: { count: 30 } });
    const accepted = contractTerm("2026-03-25", { by: "acceptance", on: "2026-03-24" }, null);
    expect(accepted).toMatchObject({ withdrawalFrom: "acceptance", withdrawalUntil: "2026-04-23" });
    expect(withdrawalTerm(accepted)).toEqual({ key: "term.withdrawal.accepted", values: { count: 30, date: "23.04.2026" } });
    expect(withdrawalTerm(contractTerm("2026-03-11", { by: "signing", on: "2026-03-10" }, null))).toEqual({
      key: "term.withdrawal.value",
      values: { count: 30, date: "09.04.2026" },
    });
  });

  it("renews a start on 29 February on 28 February of a common year", () => {
    const term = contractTerm("2028-02-29", { by: "signing", on: "2028-02-28" }, null);
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

describe("the last policy year: when a contract's cover ends for the age (docs/decisions/0282)", () => {
  it("is the one before the first anniversary on which the policyholder is 65, known from the start", () => {
    // Signed at 35: renewed up to the anniversary at 64, not at 65.
    expect(lastPolicyYear("1991-06-01", "2026-03-11")).toEqual({ policyYear: 31, from: "2056-03-11", lastDay: "2057-03-10" });
    // Signed at 64, 65 within the year: the first policy year is the last.
    expect(lastPolicyYear("1961-06-01", "2026-03-11")).toEqual({ policyYear: 1, from: "2026-03-11", lastDay: "2027-03-10" });
  });

  it("for a birthday on 29 February: 65 on 1 March of a common year, so an anniversary on 28 February still renews at 64", () => {
    // Born 29 February 1960, start 1 March 2024 (64): 65 on the anniversary 1 March 2025.
    expect(lastPolicyYear("1960-02-29", "2024-03-01")).toEqual({ policyYear: 1, from: "2024-03-01", lastDay: "2025-02-28" });
    // Start 29 February 2024, the 64th birthday: the anniversary falls on 28 February 2025, a day
    // before the 65th birthday counts (1 March), so it renews once more; 65 on 28 February 2026.
    expect(ageOn("1960-02-29", "2025-02-28")).toBe(64);
    expect(lastPolicyYear("1960-02-29", "2024-02-29")).toEqual({ policyYear: 2, from: "2025-02-28", lastDay: "2026-02-27" });
    // Start 29 February 2028 of someone born on 1 March 1963: 65 on 1 March 2028, the day after
    // the start; the anniversary is 28 February 2029, so the cover ends on the 27th.
    expect(lastPolicyYear("1963-03-01", "2028-02-29")).toEqual({ policyYear: 1, from: "2028-02-29", lastDay: "2029-02-27" });
  });

  it("for a start on the 31st: the anniversary keeps the 31st, the last day is the 30th, and the last invoice is the month before", () => {
    expect(lastPolicyYear("1961-06-15", "2025-08-31")).toEqual({ policyYear: 1, from: "2025-08-31", lastDay: "2026-08-30" });
    const dates = billedDates("2025-08-31", "1961-06-15", "2027-12-31");
    expect(dates).toHaveLength(12);
    expect(dates.slice(5, 7)).toEqual(["2026-01-31", "2026-02-28"]);
    expect(dates.at(-1)).toBe("2026-07-31");
    // Renewed twice on 31 January, not at 65 on 31 January 2028.
    expect(lastPolicyYear("1962-03-10", "2025-01-31")).toEqual({ policyYear: 3, from: "2027-01-31", lastDay: "2028-01-30" });
    expect(billedDates("2025-01-31", "1962-03-10", "2030-01-01").at(-1)).toBe("2027-12-31");
  });

  it("for a customer who signs at 64 the day before the 65th birthday: the start is the birthday, the first year is the last", () => {
    // Signed on 9 May 2026 at 64 (priced at 64), the start on 10 May, the 65th birthday.
    const born = "1961-05-10";
    expect(ageOn(born, "2026-05-09")).toBe(64);
    expect(lastPolicyYear(born, "2026-05-10")).toEqual({ policyYear: 1, from: "2026-05-10", lastDay: "2027-05-09" });
    const term = contractTerm("2026-05-10", { by: "signing", on: "2026-05-09" }, born);
    expect(term).toMatchObject({ endDate: "2027-05-09", lastDay: "2027-05-09" });
    // The term says it is not renewed, where it said "renews itself, first on 10.05.2027".
    expect(renewalTerm(term)).toEqual({ key: "term.renewal.none", values: { date: "10.05.2027", end: "09.05.2027" } });
    expect(renewalTerm(contractTerm("2026-05-10", { by: "signing", on: "2026-05-09" }, "1962-05-11"))).toEqual({ key: "term.renewal.value", values: { date: "10.05.2027" } });
  });

  it("agrees with the renewals and the invoices for any birthday and start", () => {
    const cover = { sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 0, services: [] };
    for (let b = 0; b < 400; b += 13)
      for (let s = 0; s < 400; s += 17) {
        const dateOfBirth = addDays("1961-01-01", b);
        const startDate = addDays("2024-12-01", s);
        if (ageOn(dateOfBirth, addDays(startDate, -1)) > LAST_RENEWAL_AGE) continue;
        const { policyYear, from, lastDay } = lastPolicyYear(dateOfBirth, startDate);
        const input = { dateOfBirth, startDate, cover, wellnessScore: null, smoker: false };
        let years = 1;
        while (anniversary(startDate, years) <= lastDay) years++;
        expect(renewal(input, years).cover, `${dateOfBirth} ${startDate}`).toBeNull();
        if (years > 1) expect(renewal(input, years - 1).cover).not.toBeNull();
        expect(policyYear).toBe(years);
        expect(from).toBe(anniversary(startDate, years - 1));
        expect(addDays(lastDay, 1)).toBe(anniversary(startDate, years));
        expect(billedDates(startDate, dateOfBirth, "2040-01-01").every((d) => d <= lastDay)).toBe(true);
      }
  });
});

describe("the renewal whose new premium is told ahead (decision 0090's notice, docs/decisions/0288)", () => {
  const born = "1980-06-15";
  it("is the next anniversary from its notice days before it to the day before it", () => {
    const start = "2026-03-31";
    const first = anniversary(start, 1);
    expect(RENEWAL_NOTICE_DAYS).toBe(30);
    expect(renewalNoticeOn(start, lastPolicyYear(born, start), addDays(first, -31))).toBeNull();
    expect(renewalNoticeOn(start, lastPolicyYear(born, start), addDays(first, -30))).toEqual({ year: 1, date: first });
    expect(renewalNoticeOn(start, lastPolicyYear(born, start), addDays(first, -1))).toEqual({ year: 1, date: first });
    // On the day it renews the next one is a year away.
    expect(renewalNoticeOn(start, lastPolicyYear(born, start), first)).toBeNull();
    expect(renewalNoticeOn(start, lastPolicyYear(born, start), addDays(anniversary(start, 2), -30))).toEqual({ year: 2, date: anniversary(start, 2) });
  });

  it("is none in the last policy year, which ends instead of renewing", () => {
    // 65 the day before the first anniversary.
    const start = "2026-03-02";
    const lastBorn = "1962-03-01";
    expect(lastPolicyYear(lastBorn, start).policyYear).toBe(1);
    expect(renewalNoticeOn(start, lastPolicyYear(lastBorn, start), addDays(anniversary(start, 1), -10))).toBeNull();
    // A year younger: renewed once, then not.
    const younger = "1963-03-01";
    expect(lastPolicyYear(younger, start).policyYear).toBe(2);
    expect(renewalNoticeOn(start, lastPolicyYear(younger, start), addDays(anniversary(start, 1), -10))).toEqual({ year: 1, date: anniversary(start, 1) });
    expect(renewalNoticeOn(start, lastPolicyYear(younger, start), addDays(anniversary(start, 2), -10))).toBeNull();
  });
});
