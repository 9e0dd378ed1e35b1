/**
 * One road to a price (issue 23 item 2): for any package and facts, the offer's monthly total,
 * the payment schedule's lines (as signed and as billed) and the first invoice agree at the
 * same discount, and at any other discount the invoice is the offer priced with that discount.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billedSchedule } from "~/core/billing-schedule";
import { addDays } from "~/core/clock";
import { dueOn, invoiceAmount, invoiceLines, type BilledPolicy } from "~/core/invoices";
import { SERVICE_CODES, type ServiceCode } from "~/lib/limits";
import { paymentSchedule } from "~/core/payment-schedule";
import { discounted, MAX_WELLNESS_DISCOUNT_PERCENT, price, wellnessDiscountPercent } from "~/core/pricing";
import { sourceFiles } from "../support/source-files";

const facts = fc.record({ age: fc.integer({ min: 18, max: 64 }), wellnessScore: fc.option(fc.integer({ min: 0, max: 100 })), smoker: fc.boolean() });
const pkg = fc.record({
  sumInsuredForDeathCover: fc.integer({ min: 2, max: 100 }).map((n) => n * 5_000),
  sumInsuredForDisabilityCover: fc.integer({ min: 0, max: 200 }).map((n) => n * 1_000),
  services: fc.subarray<ServiceCode>([...SERVICE_CODES]),
});
const startDate = fc.date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe("one price", () => {
  it("the offer's total, the schedule's lines and the first invoice are the same sum at the same discount", () => {
    fc.assert(
      fc.property(facts, pkg, startDate, (f, p, start) => {
        const offer = price(f, p);
        expect(offer.wellnessDiscountPercent).toBe(wellnessDiscountPercent(f.wellnessScore));
        // The schedule the customer signs.
        const signed = paymentSchedule(start, offer.premiumTotal);
        expect(signed.every((line) => line.sumCents === offer.premiumTotal)).toBe(true);
        // The policy freezes the offer's estimation; its first invoice, with no score period saved.
        const policy: BilledPolicy = { startDate: start, estimation: offer, cover: p };
        const first = dueOn(start, policy, { dateOfBirth: "1990-01-01", smoker: f.smoker }, [])!;
        expect(first.amount.total).toBe(offer.premiumTotal);
        expect(first.amount.discountPercent).toBe(offer.wellnessDiscountPercent);
        expect(first.amount.discount).toBe(offer.wellnessDiscount);
        const lines = invoiceLines(first.premium, first.amount.discountPercent);
        expect(lines.reduce((sum, l) => sum + l.cents, 0)).toBe(offer.premiumTotal);
        // The schedule as billed before the start: the signed schedule's dates and sums.
        const billed = billedSchedule({ policy, facts: { dateOfBirth: "1990-01-01", smoker: f.smoker }, today: addDays(start, -1), billed: true, endDate: null, issued: [], periods: [], policyNumber: "EK-1", ended: null });
        expect(billed.lines.map((l) => [l.date, l.sum])).toEqual(signed.map((l) => [l.date, l.sumCents]));
      }),
    );
  });

  it("an invoice at any discount is the offer priced with a score of that discount", () => {
    fc.assert(
      fc.property(facts, pkg, fc.integer({ min: 0, max: 100 }), (f, p, score) => {
        const offer = price(f, p);
        const other = price({ ...f, wellnessScore: score }, p);
        const percent = other.wellnessDiscountPercent;
        expect(invoiceAmount(offer, percent).total).toBe(other.premiumTotal);
        expect(discounted(offer, percent)).toEqual({ wellnessDiscountPercent: percent, wellnessDiscount: other.wellnessDiscount, premiumTotal: other.premiumTotal });
      }),
    );
  });

  it("the wellness discount is one formula: the percent a score's save stores (and invoices bill) is the one every price takes", () => {
    // Written once: a second copy (the score's save had one, with 20 written out) would agree
    // until the largest discount changed, then bill a price other than the one signed.
    const files = sourceFiles("app", /\.tsx?$/);
    const formula = /\(\s*\w+\s*-\s*40\s*\)\s*\/\s*60/;
    expect(files.filter((file) => formula.test(readFileSync(file, "utf8")))).toEqual(["app/core/pricing.ts"]);
    const fromPricing = /import\s*\{[^}]*\bwellnessDiscountPercent\b[^}]*\}\s*from\s*"[^"]*\/pricing(\.js)?"/;
    const callers = files.filter((file) => file !== "app/core/pricing.ts" && /\bwellnessDiscountPercent\(/.test(readFileSync(file, "utf8")));
    expect(callers).toContain("app/core/score/index.ts");
    expect(callers.filter((file) => !fromPricing.test(readFileSync(file, "utf8")))).toEqual([]);
    for (let score = 0; score <= 100; score++) {
      const percent = wellnessDiscountPercent(score);
      expect(percent).toBe(Math.min(MAX_WELLNESS_DISCOUNT_PERCENT, Math.max(0, Math.round(((score - 40) / 60) * MAX_WELLNESS_DISCOUNT_PERCENT))));
      expect(price({ age: 40, wellnessScore: score, smoker: false }, { sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 20_000, services: [] }).wellnessDiscountPercent).toBe(percent);
    }
    expect(wellnessDiscountPercent(100)).toBe(MAX_WELLNESS_DISCOUNT_PERCENT);
  });
});
