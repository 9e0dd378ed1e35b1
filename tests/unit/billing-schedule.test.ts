/**
 * The payment schedule as billed (docs/decisions/0165): the invoices issued as they were
 * issued, the payments to come this policy year by the rules issuing uses, and which score
 * period's discount sets each.
 */
import { describe, expect, it } from "vitest";
import { billedSchedule, upcomingDates, type BilledScheduleInput } from "~/core/billing-schedule";
import { addMonths } from "~/core/clock";
import { dueOn, invoiceDates, invoicePid, type BilledPolicy, type SavedPeriod } from "~/core/invoices";
import { estimate } from "~/core/pricing";

const START = "2026-05-24";
const estimation = estimate({ age: 41, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["HEALTH_CHECK", "TELEMED"], wellnessScore: 69, smoker: false });
const policy: BilledPolicy = { startDate: START, estimation, cover: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["HEALTH_CHECK", "TELEMED"] } };
const facts = { dateOfBirth: "1985-03-02", smoker: false };
/** As the seed saves Jaan Tamm's: the first quarter on the start (81, 14 %), the second on its start (94, 18 %). */
const periods: Array<SavedPeriod & { score: number | null }> = [
  { periodStart: START, discountPercent: 14, savedOn: START, score: 81 },
  { periodStart: addMonths(START, 3), discountPercent: 18, savedOn: addMonths(START, 3), score: 94 },
];

/** The invoices issuing makes up to `today` with these periods. */
function issuedUpTo(today: string, saved = periods) {
  return invoiceDates(START, today).map((date) => ({ pid: invoicePid(3, date), policyNumber: "EK-3", date, sum: dueOn(date, policy, facts, saved)!.amount.total, discountPercent: dueOn(date, policy, facts, saved)!.amount.discountPercent, creditNote: null }));
}

const input = (today: string, over: Partial<BilledScheduleInput> = {}): BilledScheduleInput => ({
  policy,
  facts,
  today,
  billed: true,
  endDate: null,
  issued: issuedUpTo(today),
  periods,
  policyNumber: "EK-3",
  ended: null,
  ...over,
});

describe("the schedule as billed, six months in (Jaan Tamm)", () => {
  const today = addMonths(START, 6);
  const s = billedSchedule(input(today));

  it("is the seven invoices issued and the five payments to come: the policy year's twelve", () => {
    expect(s.lines).toHaveLength(12);
    expect(s.lines.filter((l) => l.invoice)).toHaveLength(7);
    expect(s.lines.map((l) => l.date)).toEqual(invoiceDates(START, addMonths(START, 11)));
    expect(s.yearEnd).toBe("2027-05-23");
  });

  it("shows each invoice as issued and the ones to come at the discount in force, none at the signing's", () => {
    expect(estimation.wellnessDiscountPercent).toBe(10);
    expect(s.lines.map((l) => l.discountPercent)).toEqual([14, 14, 14, 18, 18, 18, 18, 18, 18, 18, 18, 18]);
    const [first, , , fourth] = s.lines;
    expect(first.sum).toBe(estimation.premiumTotal + estimation.wellnessDiscount - Math.round(((estimation.premiumForDeathCover + estimation.premiumForDisabilityCover) * 14) / 100));
    // Every payment to come is the sum the last invoice at the same discount has.
    for (const line of s.lines.slice(7)) expect(line).toEqual({ date: line.date, discountPercent: 18, sum: fourth.sum, invoice: null });
    expect(s.lines.some((l) => l.sum === estimation.premiumTotal)).toBe(false);
  });

  it("says which period sets which invoices, and the discount the next one is set with", () => {
    expect(s.signed).toEqual({ discountPercent: 10, score: 69, firstInvoice: null });
    expect(s.periods).toEqual([
      { periodStart: START, score: 81, discountPercent: 14, savedOn: START, firstInvoice: START },
      { periodStart: addMonths(START, 3), score: 94, discountPercent: 18, savedOn: addMonths(START, 3), firstInvoice: addMonths(START, 3) },
    ]);
    expect(s.now).toEqual({ discountPercent: 18, periodStart: addMonths(START, 3) });
  });

  it("a score saved today after today's invoice was issued sets the next invoices, not today's", () => {
    const saved = [...periods, { periodStart: today, discountPercent: 4, savedOn: today, score: 52 }];
    const after = billedSchedule(input(today, { periods: saved }));
    expect(after.lines.slice(0, 7)).toEqual(s.lines.slice(0, 7));
    expect(after.lines.slice(7).map((l) => l.discountPercent)).toEqual([4, 4, 4, 4, 4]);
    expect(after.periods[2]).toMatchObject({ periodStart: today, firstInvoice: addMonths(START, 7) });
    expect(after.now).toEqual({ discountPercent: 4, periodStart: today });
  });
});

describe("the schedule's payments to come", () => {
  it("are the whole first year before the start, at the signing's discount with no period saved", () => {
    const s = billedSchedule(input("2026-05-23", { issued: [], periods: [] }));
    expect(s.lines).toHaveLength(12);
    expect(new Set(s.lines.map((l) => l.sum))).toEqual(new Set([estimation.premiumTotal]));
    expect(s.signed.firstInvoice).toBe(START);
    expect(s.now).toEqual({ discountPercent: 10, periodStart: null });
  });

  it("stop at a cancelled policy's last day of cover and are none after a withdrawal", () => {
    const today = addMonths(START, 6);
    expect(upcomingDates({ policy, facts, today, billed: true, endDate: "2026-12-31" }).dates).toEqual(["2026-12-24"]);
    expect(upcomingDates({ policy, facts, today, billed: false, endDate: null }).dates).toEqual([]);
    const withdrawn = billedSchedule(input(today, { billed: false, issued: issuedUpTo(today).map((i) => ({ ...i, creditNote: { pid: i.pid.replace("EK", "KR"), date: today } })) }));
    expect(withdrawn.lines).toHaveLength(7);
    expect(withdrawn.lines[0].invoice).toEqual({ pid: invoicePid(3, START), creditNote: { pid: invoicePid(3, START).replace("EK", "KR") } });
  });

  it("in a renewal year are that year's premium, up to the next anniversary", () => {
    const today = addMonths(START, 13);
    const s = billedSchedule(input(today));
    expect(s.yearEnd).toBe("2028-05-23");
    const upcoming = s.lines.filter((l) => !l.invoice);
    expect(upcoming).toHaveLength(10);
    expect(upcoming[0].sum).toBe(dueOn(upcoming[0].date, policy, facts, periods)!.amount.total);
    expect(upcoming[0].sum).not.toBe(s.lines[11].sum);
  });

  it("end with the policy year before the anniversary at which the contract is not renewed (age 65)", () => {
    // 65 on the first anniversary (2027-05-24).
    const old = { dateOfBirth: "1962-05-01", smoker: false };
    expect(upcomingDates({ policy, facts: old, today: addMonths(START, 6), billed: true, endDate: null }).dates).toHaveLength(5);
    expect(upcomingDates({ policy, facts: old, today: addMonths(START, 12), billed: true, endDate: null }).dates).toEqual([]);
  });
});
