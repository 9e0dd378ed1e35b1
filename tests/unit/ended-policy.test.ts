/**
 * The rules of an ended policy's documents and pages (docs/decisions/0269, after 0130): a
 * credited invoice asks for no payment, the cover (and the health services with it) follows
 * the status and dates, the schedule is one policy's and promises nothing once it ended, and
 * the documents of an ending name their issuer as such.
 */
import { describe, expect, it } from "vitest";
import { billedSchedule, type BilledScheduleInput } from "~/core/billing-schedule";
import { addMonths } from "~/core/clock";
import { DEMO_INVOICING } from "~/core/config";
import { coverOn, insuranceStatus, lastDayOfCover, offersServices } from "~/core/cover";
import { creditNoteModel, endingModel, invoiceModel, type DocBlock } from "~/core/documents/index";
import { dueOn, invoiceDates, invoicePid, isPayable, type BilledPolicy, type Invoice } from "~/core/invoices";
import { estimate } from "~/core/pricing";
import { issuedInvoice } from "../support/invoice";

describe("the cover on a day", () => {
  it("is none after a withdrawal, whatever the day: the contract ended from its start", () => {
    const withdrawn = { status: "WITHDRAWN" as const, endDate: null };
    expect(coverOn(withdrawn, "2026-12-02")).toEqual({ kind: "withdrawn" });
    expect(offersServices(coverOn(withdrawn, "2026-12-02"))).toBe(false);
  });

  it("runs after a cancellation up to and including its last day, and is ended the day after", () => {
    const cancelled = { status: "CANCELLED" as const, endDate: "2026-11-30" };
    expect(coverOn(cancelled, "2026-11-24")).toEqual({ kind: "in-force", until: "2026-11-30", endsForAge: null });
    expect(coverOn(cancelled, "2026-11-30")).toEqual({ kind: "in-force", until: "2026-11-30", endsForAge: null });
    expect(coverOn(cancelled, "2026-12-01")).toEqual({ kind: "ended", endDate: "2026-11-30", by: "cancellation" });
    expect(offersServices(coverOn(cancelled, "2026-11-30"))).toBe(true);
    expect(offersServices(coverOn(cancelled, "2026-12-01"))).toBe(false);
  });

  it("is in force for a signed or active policy", () => {
    expect(coverOn({ status: "ACTIVE", endDate: null }, "2026-11-24")).toEqual({ kind: "in-force", until: null, endsForAge: null });
    expect(offersServices(coverOn({ status: "SIGNED", endDate: null }, "2026-11-24"))).toBe(true);
  });

  it("ends with the last policy year of a contract not renewed (the age, docs/decisions/0090), or a cancellation's earlier end", () => {
    // Started on 29 February 2028, not renewed on its anniversary 28 February 2029: cover to the 27th.
    const lastYear = { policyYear: 1, from: "2028-02-29", lastDay: "2029-02-27" };
    const active = { status: "ACTIVE" as const, endDate: null, lastYear };
    expect(coverOn(active, "2029-03-01")).toEqual({ kind: "ended", endDate: "2029-02-27", by: "age" });
    expect(offersServices(coverOn(active, "2029-02-28"))).toBe(false);
    expect(coverOn({ ...active, lastYear: null }, "2029-02-28")).toEqual({ kind: "in-force", until: null, endsForAge: null });
    expect(coverOn({ status: "CANCELLED", endDate: "2029-03-31", lastYear }, "2029-03-05")).toEqual({ kind: "ended", endDate: "2029-02-27", by: "age" });
    expect(coverOn({ status: "CANCELLED", endDate: "2029-01-31", lastYear }, "2029-03-05")).toEqual({ kind: "ended", endDate: "2029-01-31", by: "cancellation" });
  });

  it("says its last day the whole last policy year ahead, and a cancellation's month end never past it (docs/decisions/0282)", () => {
    const lastYear = { policyYear: 1, from: "2028-02-29", lastDay: "2029-02-27" };
    const active = { status: "ACTIVE" as const, endDate: null, lastYear };
    // Renewed twice before its last policy year (the third): told from the second anniversary on.
    const third = { ...active, lastYear: { policyYear: 3, from: "2030-02-28", lastDay: "2031-02-27" } };
    expect(coverOn(third, "2030-02-27")).toEqual({ kind: "in-force", until: null, endsForAge: null });
    expect(coverOn(third, "2030-02-28")).toEqual({ kind: "in-force", until: null, endsForAge: "2031-02-27" });
    // The first policy year the last: told from the signing (the day before the start) on.
    expect(coverOn(active, "2028-02-28")).toEqual({ kind: "in-force", until: null, endsForAge: "2029-02-27" });
    expect(coverOn(active, "2029-02-27")).toEqual({ kind: "in-force", until: null, endsForAge: "2029-02-27" });
    // Cancelled in its last month: "to the month's end" is past the last policy year, which ends it first.
    expect(coverOn({ status: "CANCELLED", endDate: "2029-02-28", lastYear }, "2029-02-10")).toEqual({ kind: "in-force", until: "2029-02-27", endsForAge: "2029-02-27" });
    expect(lastDayOfCover({ status: "CANCELLED", endDate: "2029-02-28", lastYear })).toBe("2029-02-27");
    // A cancellation ending the cover before the last policy year's end: nothing to tell of the age.
    expect(coverOn({ status: "CANCELLED", endDate: "2028-12-31", lastYear }, "2028-12-01")).toEqual({ kind: "in-force", until: "2028-12-31", endsForAge: null });
    expect(lastDayOfCover({ status: "CANCELLED", endDate: "2028-12-31", lastYear })).toBe("2028-12-31");
    expect(lastDayOfCover(active)).toBe("2029-02-27");
    expect(lastDayOfCover({ status: "WITHDRAWN", endDate: null, lastYear })).toBeNull();
  });

  it("states a contract past its last policy year as expired, a cancelled one as cancelled (GET /api/insurance, docs/decisions/0282)", () => {
    const lastYear = { policyYear: 1, from: "2028-02-29", lastDay: "2029-02-27" };
    const active = { status: "ACTIVE" as const, endDate: null, lastYear };
    expect(insuranceStatus(active, coverOn(active, "2029-02-27"))).toBe("ACTIVE");
    expect(insuranceStatus(active, coverOn(active, "2029-02-28"))).toBe("EXPIRED");
    const cancelled = { status: "CANCELLED" as const, endDate: "2029-02-28", lastYear };
    expect(insuranceStatus(cancelled, coverOn(cancelled, "2029-03-05"))).toBe("CANCELLED");
  });
});

describe("a credited invoice", () => {
  // EK-5-202611: due 2026-11-16, 20,43 €.
  const payable = issuedInvoice({
    policyId: 5,
    date: "2026-11-02",
    discountPercent: 10,
    lines: [
      { kind: "death", cents: 1_200 },
      { kind: "disability", cents: 900 },
      { kind: "membership", cents: 150 },
      { kind: "discount", percent: 10, cents: -207 },
    ],
    customer: { firstName: "Liis", lastName: "Lepp", personalCode: "49204120336" },
    issuedAt: "2026-11-02T08:00:00.000Z",
  });
  const credited: Invoice = { ...payable, creditNote: { pid: "KR-5-202611", date: "2026-11-20" }, epcQr: null };
  const text = (blocks: DocBlock[]) => JSON.stringify(blocks);
  /** What asks to be paid: the QR caption, the amount due, the payment details' heading, the due date's label, the IBAN. */
  const asks = {
    et: ["Skanni QR-kood", "Tasumisele kuulub", "Makse andmed", "Maksetähtaeg", "EE38 2200"],
    en: ["Scan the QR code", "Amount due", "Payment details", "Due date", "EE38 2200"],
    ru: ["Отсканируйте QR-код", "К оплате", "Платёжные данные", "Срок оплаты", "EE38 2200"],
  } as const;

  it("is not payable; one without a credit note is", () => {
    expect(isPayable(credited)).toBe(false);
    expect(isPayable(payable)).toBe(true);
  });

  it("has no QR code, no payment details and no due date in any language, and says it need not be paid", () => {
    for (const language of ["et", "en", "ru"] as const) {
      const model = invoiceModel({ language, invoice: credited });
      expect(model.blocks.some((b) => b.kind === "qr"), language).toBe(false);
      for (const word of asks[language]) expect(text(model.blocks), `${language}: ${word}`).not.toContain(word);
      // Its lines and total as issued, the total not called an amount due.
      const table = model.blocks.find((b) => b.kind === "table");
      expect(table && table.kind === "table" ? table.rows.at(-1) : null).toEqual([expect.any(String), expect.stringContaining("20")]);
    }
    expect(invoiceModel({ language: "en", invoice: credited }).blocks).toContainEqual({ kind: "paragraph", text: "This invoice was credited by credit note KR-5-202611 (20.11.2026): it need not be paid." });
  });

  it("even with a QR text given (an invoice read before it was credited) draws none", () => {
    const model = invoiceModel({ language: "en", invoice: { ...credited, epcQr: payable.epcQr } });
    expect(model.blocks.some((b) => b.kind === "qr")).toBe(false);
  });

  it("an invoice not credited keeps all of it", () => {
    const model = invoiceModel({ language: "en", invoice: payable });
    expect(model.blocks.filter((b) => b.kind === "qr")).toHaveLength(1);
    for (const word of asks.en) expect(text(model.blocks)).toContain(word);
  });

  it("its credit note and the ending's confirmation name the insurer 'Issued by', not the invoice's label, in three languages", () => {
    const issuer = { et: "Väljastaja", en: "Issued by", ru: "Выдал" } as const;
    for (const language of ["et", "en", "ru"] as const) {
      const note = creditNoteModel({ language, invoice: credited, creditNote: { pid: "KR-5-202611", date: "2026-11-20", issuedAt: "2026-11-20T10:00:00.000Z" } });
      const ending = endingModel({
        language,
        insurer: DEMO_INVOICING.issuer,
        customer: credited.customer,
        policyNumber: "EK-5",
        kind: "withdrawal",
        reason: "wish",
        receivedAt: "2026-11-20T10:00:00.000Z",
        confirmedAt: "2026-11-20T10:00:00.000Z",
        endDate: null,
        creditNotes: [{ pid: "KR-5-202611", sum: 2_043 }],
      });
      for (const model of [note, ending]) {
        const labels = model.blocks.flatMap((b) => (b.kind === "fields" ? b.rows.map((r) => r.label) : []));
        expect(labels, `${language} ${model.title}`).toContain(issuer[language]);
        expect(labels).not.toContain("Arve väljastaja");
        expect(labels).not.toContain("Счёт выставил");
      }
    }
    // The invoice keeps its own.
    const labels = invoiceModel({ language: "et", invoice: payable }).blocks.flatMap((b) => (b.kind === "fields" ? b.rows.map((r) => r.label) : []));
    expect(labels).toContain("Arve väljastaja");
  });
});

describe("the schedule of an ended policy", () => {
  const START = "2026-05-24";
  const estimation = estimate({ age: 41, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: [], wellnessScore: 69, smoker: false });
  const policy: BilledPolicy = { startDate: START, estimation, cover: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: [] } };
  const facts = { dateOfBirth: "1985-03-02", smoker: false };
  const issuedUpTo = (today: string, policyId = 7) =>
    invoiceDates(START, today).map((date) => {
      const due = dueOn(date, policy, facts, [])!;
      return { pid: invoicePid(policyId, date), policyNumber: `EK-${policyId}`, date, sum: due.amount.total, discountPercent: due.amount.discountPercent, creditNote: null };
    });
  const input = (today: string, over: Partial<BilledScheduleInput> = {}): BilledScheduleInput => ({
    policy,
    facts,
    today,
    billed: true,
    endDate: null,
    issued: issuedUpTo(today),
    periods: [],
    policyNumber: "EK-7",
    ended: null,
    ...over,
  });

  it("lists the policy's own invoices only, not an earlier policy's", () => {
    const today = addMonths(START, 2);
    const earlier = issuedUpTo(today, 3).map((i) => ({ ...i, creditNote: { pid: i.pid.replace("EK", "KR"), date: today } }));
    const s = billedSchedule(input(today, { issued: [...earlier, ...issuedUpTo(today)] }));
    expect(s.lines.filter((l) => l.invoice).map((l) => l.invoice!.pid)).toEqual(issuedUpTo(today).map((i) => i.pid));
  });

  it("in force: payments to come up to the year's end, and the discount the next is set with", () => {
    const s = billedSchedule(input(addMonths(START, 2)));
    expect(s.ended).toBeNull();
    expect(s.until).toBe(s.yearEnd);
    expect(s.now).toEqual({ discountPercent: estimation.wellnessDiscountPercent, periodStart: null });
  });

  it("withdrawn: says when and what was credited, and promises nothing", () => {
    const today = addMonths(START, 1);
    const issued = issuedUpTo(today).map((i) => ({ ...i, creditNote: { pid: i.pid.replace("EK", "KR"), date: today } }));
    const s = billedSchedule(input(today, { billed: false, issued, ended: { kind: "withdrawal", on: today } }));
    expect(s.ended).toEqual({ kind: "withdrawal", on: today, credited: issued.reduce((sum, i) => sum + i.sum, 0) });
    expect(s.lines.every((l) => l.invoice)).toBe(true);
    expect(s.now).toBeNull();
    expect(s.until).toBeNull();
    // Withdrawn before any invoice: nothing credited.
    const early = billedSchedule(input(START, { billed: false, issued: [], ended: { kind: "withdrawal", on: START } }));
    expect(early.ended).toEqual({ kind: "withdrawal", on: START, credited: 0 });
    expect(early.lines).toEqual([]);
  });

  it("cancelled: the invoices dated up to the last day of cover can still come, none after; once it passed, nothing is promised", () => {
    // Cancelled on 10 December: cover to 31 December, the invoice of 24 December still comes.
    const on = "2026-12-10";
    const s = billedSchedule(input(on, { endDate: "2026-12-31", ended: { kind: "cancellation", on } }));
    expect(s.ended).toEqual({ kind: "cancellation", on, endDate: "2026-12-31", coverRuns: true });
    expect(s.lines.filter((l) => !l.invoice).map((l) => l.date)).toEqual(["2026-12-24"]);
    expect(s.until).toBe("2026-12-31");
    expect(s.now).not.toBeNull();
    // Cancelled on 28 December: nothing to come.
    const late = billedSchedule(input("2026-12-28", { endDate: "2026-12-31", ended: { kind: "cancellation", on: "2026-12-28" } }));
    expect(late.lines.some((l) => !l.invoice)).toBe(false);
    expect(late.now).toBeNull();
    expect(late.until).toBeNull();
    // After the last day of cover.
    const after = billedSchedule(input("2027-02-01", { issued: issuedUpTo("2026-12-31"), endDate: "2026-12-31", ended: { kind: "cancellation", on: "2026-12-28" } }));
    expect(after.ended).toMatchObject({ coverRuns: false });
    expect(after.now).toBeNull();
  });
});
