/**
 * Billing after the first policy year (docs/decisions/0090): which policy year an invoice date
 * falls in, which premium it bills (the frozen one, then each renewal's, the age table's rows),
 * and no invoice from the anniversary at which the contract is not renewed.
 */
import { describe, expect, it } from "vitest";
import { premiumByAge } from "~/core/contract-term";
import { policyYearOf } from "~/core/contract-term";
import { billedDates, invoiceAmount, premiumOn, type BilledPolicy } from "~/core/invoices";
import { estimate } from "~/core/pricing";

describe("policyYearOf", () => {
  it("is 0 up to the day before the first anniversary, then counts the anniversaries passed", () => {
    expect(policyYearOf("2026-01-15", "2026-01-15")).toBe(0);
    expect(policyYearOf("2026-01-15", "2027-01-14")).toBe(0);
    expect(policyYearOf("2026-01-15", "2027-01-15")).toBe(1);
    expect(policyYearOf("2026-01-15", "2028-01-14")).toBe(1);
    expect(policyYearOf("2026-01-15", "2028-01-15")).toBe(2);
  });

  it("counts a start on 29 February as renewed on 28 February of a common year", () => {
    expect(policyYearOf("2028-02-29", "2029-02-27")).toBe(0);
    expect(policyYearOf("2028-02-29", "2029-02-28")).toBe(1);
  });
});

// Born 1990-06-01, signed 2026-01-14 at 35, start 2026-01-15; 300 000 / 100 000 with a service.
const frozen = estimate({ age: 35, sumInsuredForDeathCover: 300_000, sumInsuredForDisabilityCover: 100_000, services: ["TELEMED"], wellnessScore: 70, smoker: true });
const policy: BilledPolicy = {
  startDate: "2026-01-15",
  estimation: frozen,
  cover: { sumInsuredForDeathCover: 300_000, sumInsuredForDisabilityCover: 100_000, services: ["TELEMED"] },
};
const facts = { dateOfBirth: "1990-06-01", smoker: true };
const table = premiumByAge({ dateOfBirth: facts.dateOfBirth, startDate: policy.startDate, current: frozen, age: 35, cover: policy.cover, wellnessScore: 70, smoker: true });

describe("premiumOn (the premium an invoice bills before the discount in force)", () => {
  it("is the premium frozen on the policy in the first year", () => {
    expect(premiumOn("2026-01-15", policy, facts)).toBe(frozen);
    expect(premiumOn("2027-01-14", policy, facts)).toBe(frozen);
  });

  it("is each renewal's premium from its anniversary on: the age table's rows, priced at the age on the anniversary", () => {
    expect(premiumOn("2027-01-15", policy, facts)).toEqual(table[1].estimation);
    expect(premiumOn("2027-12-15", policy, facts)).toEqual(table[1].estimation);
    expect(premiumOn("2028-01-15", policy, facts)).toEqual(table[2].estimation);
    expect(table[1].age).toBe(36);
    expect(premiumOn("2027-01-15", policy, facts)!.premiumForDeathCover).toBeGreaterThan(frozen.premiumForDeathCover);
  });

  it("bills with the same discount the table's total: the invoice matches the table's row", () => {
    const renewed = premiumOn("2027-01-15", policy, facts)!;
    expect(invoiceAmount(renewed, table[1].estimation!.wellnessDiscountPercent).total).toBe(table[1].estimation!.premiumTotal);
  });

  it("prices the smoker fact as answered", () => {
    expect(premiumOn("2027-01-15", policy, { ...facts, smoker: false })!.premiumForDeathCover).toBeLessThan(
      premiumOn("2027-01-15", policy, facts)!.premiumForDeathCover,
    );
  });

  it("lowers the cover to the new age's maximum (a renewal at 40 with 500 000 death cover)", () => {
    const big: BilledPolicy = { ...policy, cover: { ...policy.cover, sumInsuredForDeathCover: 500_000 } };
    // Born 1987-01-01: 39 on 2026-01-15, 40 on the first anniversary.
    const at40 = premiumOn("2027-01-15", big, { dateOfBirth: "1987-01-01", smoker: true })!;
    const expected = estimate({ age: 40, sumInsuredForDeathCover: 300_000, sumInsuredForDisabilityCover: 100_000, services: ["TELEMED"], wellnessScore: 70, smoker: true });
    expect(at40).toEqual(expected);
  });

  it("is null once the policyholder is 65 on the anniversary (not renewed)", () => {
    // Born 1962-06-01: 63 at the start, 64 on 2027-01-15, 65 on 2028-01-15.
    const old = { dateOfBirth: "1962-06-01", smoker: false };
    expect(premiumOn("2027-01-15", policy, old)).not.toBeNull();
    expect(premiumOn("2028-01-15", policy, old)).toBeNull();
  });
});

describe("billedDates", () => {
  it("stops before the first anniversary not renewed (65 on it)", () => {
    const dates = billedDates("2026-01-15", "1962-06-01", "2028-06-15");
    expect(dates).toHaveLength(24);
    expect(dates.at(-1)).toBe("2027-12-15");
    expect(dates).not.toContain("2028-01-15");
  });

  it("is every monthly date while the contract renews", () => {
    expect(billedDates("2026-01-15", "1990-06-01", "2028-06-15")).toHaveLength(30);
  });
});
