import { describe, expect, it } from "vitest";
import { DONUT_COLOURS, donutSegments, donutTotal, segmentPath } from "~/lib/donut";
import { formatAmount, formatDate } from "~/lib/euro";
import { paymentSchedule, policyStartFor } from "~/core/payment-schedule";
import { fixedClock } from "../support/clock";
import { estimate } from "~/core/pricing";

describe("breakdown donut", () => {
  const e = {
    wellnessDiscount: 300,
    premiumForDeathCover: 1000,
    premiumForDisabilityCover: 500,
    services: [{ premium: 990 }, { premium: 290 }],
    membershipFee: 150,
    premiumTotal: 1000 + 500 + 990 + 290 + 150 - 300,
  };

  it("uses premiumTotal + 2 × wellnessDiscount as the angle total, and the segments fill it", () => {
    expect(donutTotal(e)).toBe(2630 + 600);
    const segments = donutSegments(e);
    const sweep = segments.reduce((s, x) => s + x.sweep, 0);
    expect(sweep).toBeCloseTo(360, 9);
    expect(segments.reduce((s, x) => s + x.cents, 0)).toBe(donutTotal(e));
    // Consecutive: each starts where the previous one ended.
    segments.slice(1).forEach((s, i) => expect(s.startAngle).toBeCloseTo(segments[i].startAngle + segments[i].sweep, 9));
  });

  it("gives each part its angle and SPEC.md section 9's colour", () => {
    const segments = donutSegments(e);
    const byPart = Object.fromEntries(segments.map((s) => [s.part, s]));
    expect(byPart.healthDividends.sweep).toBeCloseTo((300 / 3230) * 360, 9);
    expect(byPart.life.sweep).toBeCloseTo((1000 / 3230) * 360, 9);
    expect(byPart.services.cents).toBe(1280);
    expect(byPart.healthDividends.colour).toBe("#6AE9A2");
    expect(byPart.life.colour).toBe("#F2FEB1");
    expect(byPart.disability.colour).toBe("#005724");
    expect(byPart.services.colour).toBe("#059142");
    expect(byPart.membershipFee.colour).toBe("#F1DFCB");
    expect(DONUT_COLOURS).toEqual({
      healthDividends: "#6AE9A2",
      life: "#F2FEB1",
      disability: "#005724",
      services: "#059142",
      membershipFee: "#F1DFCB",
    });
  });

  it("leaves out empty parts and still closes the ring", () => {
    const segments = donutSegments({ ...e, wellnessDiscount: 0, premiumForDisabilityCover: 0, services: [], premiumTotal: 1150 });
    expect(segments.map((s) => s.part)).toEqual(["life", "membershipFee"]);
    expect(segments.reduce((s, x) => s + x.sweep, 0)).toBeCloseTo(360, 9);
  });

  it("matches a real estimation", () => {
    const est = estimate({ age: 40, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL"], wellnessScore: 85, smoker: false });
    expect(est.wellnessDiscount).toBeGreaterThan(0);
    const segments = donutSegments(est);
    expect(segments.reduce((s, x) => s + x.cents, 0)).toBe(est.premiumTotal + 2 * est.wellnessDiscount);
  });

  it("draws a full ring as two halves", () => {
    expect(segmentPath(0, 360).match(/M/g)).toHaveLength(2);
    expect(segmentPath(0, 90)).toBe("M50 0A50 50 0 0 1 100 50L80 50A30 30 0 0 0 50 20Z");
    // To a tenth of a unit, never "-0".
    expect(segmentPath(0, 100)).toBe("M50 0A50 50 0 0 1 99.2 58.7L79.5 55.2A30 30 0 0 0 50 20Z");
    expect(segmentPath(180, 180)).not.toMatch(/-0(?!\.)/);
  });
});

describe("payment schedule", () => {
  it("12 monthly payments from the start", () => {
    const rows = paymentSchedule("2026-03-15", 2000);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ number: 1, date: "2026-03-15", sumCents: 2000 });
    expect(rows[11].date).toBe("2027-02-15");
  });

  it("clamps to month ends and counts every date from the start", () => {
    const dates = paymentSchedule("2026-01-31", 100).map((r) => r.date);
    expect(dates.slice(0, 4)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
    expect(dates[11]).toBe("2026-12-31");
  });

  it("knows leap years", () => {
    expect(paymentSchedule("2027-12-31", 100).map((r) => r.date)[2]).toBe("2028-02-29");
    expect(paymentSchedule("2028-02-29", 100).map((r) => r.date)[1]).toBe("2028-03-29");
    expect(paymentSchedule("2099-12-29", 100).map((r) => r.date)[2]).toBe("2100-02-28");
  });

  it("starts tomorrow in Tallinn", () => {
    // 22:30 UTC on 31 Dec is already 1 Jan in Tallinn: the start is 2 Jan.
    expect(policyStartFor(fixedClock("2026-12-31T22:30:00Z"))).toBe("2027-01-02");
    expect(policyStartFor(fixedClock("2028-02-28T10:00:00Z"))).toBe("2028-02-29");
  });
});

describe("money and dates", () => {
  it("euro with two decimals per language", () => {
    expect(formatAmount(123456, "et")).toBe("1\u00a0234,56");
    expect(formatAmount(123456, "en")).toBe("1,234.56");
    expect(formatAmount(5, "ru")).toBe("0,05");
    expect(formatDate("2026-02-03")).toBe("03.02.2026");
  });
});
