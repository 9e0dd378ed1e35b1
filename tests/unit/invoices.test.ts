/** The invoice rules: monthly dates from the policy start, the discount in force, the amount. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "~/core/clock";
import { billingPeriod, discountOn, dueOn, invoiceAmount, invoiceDates, invoicePid } from "~/core/invoices";

describe("invoiceDates", () => {
  it("is one date a month on the start's day, up to and including the last day", () => {
    expect(invoiceDates("2026-01-15", "2026-04-15")).toEqual(["2026-01-15", "2026-02-15", "2026-03-15", "2026-04-15"]);
    expect(invoiceDates("2026-01-15", "2026-04-14")).toEqual(["2026-01-15", "2026-02-15", "2026-03-15"]);
  });

  it("has nothing before the start", () => {
    expect(invoiceDates("2026-05-01", "2026-04-30")).toEqual([]);
    expect(invoiceDates("2026-05-01", "2026-05-01")).toEqual(["2026-05-01"]);
  });

  it("clamps a start on the 31st to shorter months and returns to the 31st after them", () => {
    expect(invoiceDates("2025-10-31", "2026-05-31")).toEqual([
      "2025-10-31",
      "2025-11-30",
      "2025-12-31",
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
    ]);
  });

  it("uses 29 February in a leap year and 28 in others", () => {
    expect(invoiceDates("2028-01-30", "2028-03-30")).toEqual(["2028-01-30", "2028-02-29", "2028-03-30"]);
    expect(invoiceDates("2028-02-29", "2029-03-01").slice(-2)).toEqual(["2029-01-29", "2029-02-28"]);
    expect(invoiceDates("2028-02-29", "2028-04-30")).toEqual(["2028-02-29", "2028-03-29", "2028-04-29"]);
  });

  it("crosses the year end", () => {
    expect(invoiceDates("2025-11-05", "2026-01-05")).toEqual(["2025-11-05", "2025-12-05", "2026-01-05"]);
  });
});

describe("billingPeriod (what an invoice bills: the month of cover from its date)", () => {
  it("runs from the invoice's date to the day before the next one", () => {
    expect(billingPeriod("2026-01-15", "2026-03-15")).toEqual({ from: "2026-03-15", to: "2026-04-14" });
    expect(billingPeriod("2026-12-01", "2026-12-01")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("follows a start on the 29th to 31st through shorter months, counted from the start", () => {
    expect(billingPeriod("2025-10-31", "2026-01-31")).toEqual({ from: "2026-01-31", to: "2026-02-27" });
    expect(billingPeriod("2025-10-31", "2026-02-28")).toEqual({ from: "2026-02-28", to: "2026-03-30" });
    expect(billingPeriod("2028-01-30", "2028-02-29")).toEqual({ from: "2028-02-29", to: "2028-03-29" });
    // A start on 29 February: its anniversary and the invoice are on 28 February in a common year.
    expect(billingPeriod("2028-02-29", "2029-01-29")).toEqual({ from: "2029-01-29", to: "2029-02-27" });
    expect(billingPeriod("2028-02-29", "2029-02-28")).toEqual({ from: "2029-02-28", to: "2029-03-28" });
  });

  it("tiles the days from the start: each period begins the day after the one before ends, none twice, none left out", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true }), fc.integer({ min: 1, max: 60 }), (day, months) => {
        const start = day.toISOString().slice(0, 10);
        const dates = invoiceDates(start, "2099-12-31").slice(0, months + 1);
        for (let k = 0; k < months; k++) {
          const period = billingPeriod(start, dates[k]);
          expect(period.from).toBe(dates[k]);
          expect(addDays(period.to, 1)).toBe(dates[k + 1]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("invoicePid", () => {
  it("names the policy and the month", () => {
    expect(invoicePid(7, "2026-02-28")).toBe("EK-7-202602");
  });
});

describe("discountOn", () => {
  const periods = [
    { periodStart: "2026-01-10", discountPercent: 7, savedOn: "2026-01-12" },
    { periodStart: "2026-04-10", discountPercent: 12, savedOn: "2026-05-20" },
  ];

  it("is the onboarding discount before any period score was saved", () => {
    expect(discountOn("2026-01-10", periods, 4)).toBe(4);
    expect(discountOn("2026-01-11", periods, 4)).toBe(4);
  });

  it("is the first period's once saved, also after the next period started unsaved", () => {
    expect(discountOn("2026-01-12", periods, 4)).toBe(7);
    expect(discountOn("2026-05-10", periods, 4)).toBe(7);
  });

  it("is the latest saved period's from its save date on", () => {
    expect(discountOn("2026-05-20", periods, 4)).toBe(12);
    expect(discountOn("2026-08-10", periods, 4)).toBe(12);
  });
});

describe("invoiceAmount", () => {
  const estimation = {
    premiumForDeathCover: 1234,
    premiumForDisabilityCover: 567,
    services: [
      { serviceCode: "HEALTH_CHECK" as const, premium: 990 },
      { serviceCode: "TELEMED" as const, premium: 290 },
    ],
    membershipFee: 150,
  };

  it("is premiums + services + membership fee without a discount", () => {
    expect(invoiceAmount(estimation, 0)).toEqual({ risk: 1801, services: 1280, membershipFee: 150, discountPercent: 0, discount: 0, total: 3231 });
  });

  it("takes the discount off the death and disability premiums only, rounded half up", () => {
    // 1801 × 12 % = 216.12 → 216; 1801 × 7 % = 126.07 → 126; 1850 × 7 % = 129.5 → 130
    expect(invoiceAmount(estimation, 12)).toMatchObject({ discount: 216, total: 3015 });
    expect(invoiceAmount(estimation, 7)).toMatchObject({ discount: 126, total: 3105 });
    expect(invoiceAmount({ ...estimation, premiumForDeathCover: 1283 }, 7)).toMatchObject({ risk: 1850, discount: 130 });
  });
});

describe("dueOn (the first policy year)", () => {
  const estimation = {
    premiumForDeathCover: 1234,
    premiumForDisabilityCover: 567,
    services: [{ serviceCode: "HEALTH_CHECK" as const, premium: 990 }],
    membershipFee: 150,
  };
  const cover = { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["HEALTH_CHECK" as const] };
  const facts = { dateOfBirth: "1990-01-01", smoker: false };

  it("bills the premium signed, less the discount it was priced with, until a period's score is saved", () => {
    const policy = { startDate: "2026-03-15", estimation: { ...estimation, wellnessDiscountPercent: 12 }, cover };
    // 1801 × 12 % = 216.12 → 216; 1801 + 990 + 150 − 216 = 2725
    expect(dueOn("2026-04-15", policy, facts, [])!.amount).toMatchObject({ discountPercent: 12, discount: 216, total: 2725 });
    const saved = [{ periodStart: "2026-04-01", discountPercent: 7, savedOn: "2026-04-02" }];
    // 1801 × 7 % = 126.07 → 126
    expect(dueOn("2026-04-15", policy, facts, saved)!.amount).toMatchObject({ discountPercent: 7, discount: 126, total: 2815 });
  });

  it("takes no discount off a policy priced without one stated", () => {
    const policy = { startDate: "2026-03-15", estimation, cover };
    expect(dueOn("2026-04-15", policy, facts, [])!.amount).toMatchObject({ discountPercent: 0, discount: 0, total: 2941 });
  });
});
