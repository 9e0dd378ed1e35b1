/**
 * Withdrawing or cancelling (docs/decisions/0130): the last day to withdraw, the end of cover
 * after a cancellation, the credit note's number and document, the acknowledgement of an
 * ending, the form's schema.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_INVOICING } from "~/core/config";
import { creditNoteModel, endingModel, invoiceModel, type DocBlock } from "~/core/documents/index";
import { withdrawalUntil } from "~/core/contract-term";
import { cancellationEnd, creditNotePid, endingOn, endOfMonth } from "~/core/withdrawal";
import { billingPeriod, invoiceDates } from "~/core/invoices";
import { addDays } from "~/core/clock";
import { parseWithZod } from "~/lib/form-parse";
import { withdrawalSchema } from "~/lib/withdrawal-schema";
import { issuedInvoice } from "../support/invoice";

describe("the last day to withdraw", () => {
  it("is 30 days after the day of signing", () => {
    expect(withdrawalUntil("2026-11-01")).toBe("2026-12-01");
    expect(withdrawalUntil("2026-02-10")).toBe("2026-03-12");
    expect(withdrawalUntil("2028-02-09")).toBe("2028-03-10");
  });

  it("moves from a Saturday, a Sunday or a public holiday to the next working day (TsÜS § 136(8))", () => {
    // Saturday 11 and Sunday 12 March 2028.
    expect(withdrawalUntil("2028-02-10")).toBe("2028-03-13");
    expect(withdrawalUntil("2028-02-11")).toBe("2028-03-13");
    // Christmas Eve (Thursday), Christmas, Boxing Day (Saturday) and Sunday 27 December 2026.
    expect(withdrawalUntil("2026-11-24")).toBe("2026-12-28");
    // Good Friday 26 March 2027 (Easter on 28 March), then the weekend; Good Friday 14 April 2028.
    expect(withdrawalUntil("2027-02-24")).toBe("2027-03-29");
    expect(withdrawalUntil("2028-03-15")).toBe("2028-04-17");
    // New Year 2027 (Friday); Independence Day 2027 (Wednesday); Midsummer 2027 (Wednesday, Thursday); 20 August 2027 (Friday).
    expect(withdrawalUntil("2026-12-02")).toBe("2027-01-04");
    expect(withdrawalUntil("2027-01-25")).toBe("2027-02-25");
    expect(withdrawalUntil("2027-05-24")).toBe("2027-06-25");
    expect(withdrawalUntil("2027-07-21")).toBe("2027-08-23");
    // 1 May 2029 (Tuesday).
    expect(withdrawalUntil("2029-04-01")).toBe("2029-05-02");
  });

  it("moves off Good Friday and the Easter weekend in every year to 2040 (Easter Sundays as published)", () => {
    const easter = ["2026-04-05", "2027-03-28", "2028-04-16", "2029-04-01", "2030-04-21", "2031-04-13", "2032-03-28", "2033-04-17", "2034-04-09", "2035-03-25", "2036-04-13", "2037-04-05", "2038-04-25", "2039-04-10", "2040-04-01"];
    for (const sunday of easter) {
      const goodFriday = addDays(sunday, -2);
      expect(withdrawalUntil(addDays(goodFriday, -30)), sunday).toBe(addDays(sunday, 1));
      // The Thursday before is a working day, and so is Easter Monday (no public holiday in Estonia).
      expect(withdrawalUntil(addDays(goodFriday, -31)), sunday).toBe(addDays(goodFriday, -1));
    }
  });

  it("for any day: a working day 30 to 35 days later, every day between them a rest day", () => {
    const day = fc.date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (concluded) => {
        const until = withdrawalUntil(concluded);
        const weekday = new Date(`${until}T00:00:00Z`).getUTCDay();
        expect(weekday === 0 || weekday === 6).toBe(false);
        expect(until >= addDays(concluded, 30) && until <= addDays(concluded, 35)).toBe(true);
        for (let d = addDays(concluded, 30); d < until; d = addDays(d, 1)) expect([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()) || ["12-24", "12-25", "12-26", "01-01", "02-24", "05-01", "06-23", "06-24", "08-20"].includes(d.slice(5)) || d.slice(5, 7) === "03" || d.slice(5, 7) === "04").toBe(true);
      }),
    );
  });
});

describe("endOfMonth", () => {
  it("is the month's last day, in long and short months and in leap years", () => {
    expect(endOfMonth("2026-11-24")).toBe("2026-11-30");
    expect(endOfMonth("2026-12-01")).toBe("2026-12-31");
    expect(endOfMonth("2026-02-14")).toBe("2026-02-28");
    expect(endOfMonth("2028-02-29")).toBe("2028-02-29");
    expect(endOfMonth("2026-01-31")).toBe("2026-01-31");
  });
});

describe("endingOn", () => {
  const far = "2050-10-31";
  it("is a withdrawal up to and including the last day, a cancellation from the day after", () => {
    const policy = { startDate: "2026-11-02", concludedOn: "2026-11-01", lastDay: far };
    expect(endingOn(policy, "2026-11-01")).toEqual({ kind: "withdrawal", withdrawalUntil: "2026-12-01" });
    expect(endingOn(policy, "2026-12-01")).toEqual({ kind: "withdrawal", withdrawalUntil: "2026-12-01" });
    // December's invoices (2 December) stay due: it bills 2.12–1.01, so the cover runs to 1 January.
    expect(endingOn(policy, "2026-12-02")).toEqual({ kind: "cancellation", endDate: "2027-01-01" });
  });

  it("covers to the end of the billing period under way at the month's end: no day billed without cover (docs/decisions/0302)", () => {
    // Started on the 1st: the periods are the calendar months.
    expect(cancellationEnd("2026-06-01", "2026-11-24", far)).toBe("2026-11-30");
    // Started on the 24th: November's invoice (24.11) bills to 23.12.
    expect(cancellationEnd("2026-05-24", "2026-11-24", far)).toBe("2026-12-23");
    expect(cancellationEnd("2026-05-24", "2026-11-10", far)).toBe("2026-12-23");
    // Started on the 31st: the invoice of 31 January bills 31.01–27.02, a month for the month's
    // last day of cover (it was a month's premium for one day, docs/audit-2026-12-01.md).
    expect(cancellationEnd("2026-10-31", "2027-01-10", far)).toBe("2027-02-27");
    expect(cancellationEnd("2026-10-31", "2027-01-31", far)).toBe("2027-02-27");
    // February's last evening: February's invoice (28.02) bills to 30.03.
    expect(cancellationEnd("2026-10-31", "2027-02-28", far)).toBe("2027-03-30");
  });

  it("never gives a cancellation cover past the last policy year of a contract not renewed for the age (docs/decisions/0282)", () => {
    // Started 24 May 2026 at 64, 65 on the anniversary: cover to 23 May 2027 at the latest.
    const policy = { startDate: "2026-05-24", concludedOn: "2026-05-23", lastDay: "2027-05-23" };
    expect(endingOn(policy, "2027-05-10")).toEqual({ kind: "cancellation", endDate: "2027-05-23" });
    expect(endingOn(policy, "2027-05-23")).toEqual({ kind: "cancellation", endDate: "2027-05-23" });
    // April's invoice (24.04) bills to 23.05, the last policy year's last day.
    expect(endingOn(policy, "2027-04-30")).toEqual({ kind: "cancellation", endDate: "2027-05-23" });
    expect(endingOn(policy, "2027-03-30")).toEqual({ kind: "cancellation", endDate: "2027-04-23" });
  });

  it("for any start and day: the invoices due are those dated up to the month's end, and each bills only days of cover (VÕS § 459)", () => {
    const day = fc.date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 120 }), (startDate, daysIn) => {
        const on = addDays(startDate, daysIn);
        const end = cancellationEnd(startDate, on, far);
        const billed = invoiceDates(startDate, end);
        expect(billed).toEqual(invoiceDates(startDate, endOfMonth(on)));
        expect(end >= endOfMonth(on)).toBe(true);
        for (const date of billed) expect(billingPeriod(startDate, date).to <= end).toBe(true);
        expect(billingPeriod(startDate, billed.at(-1)!).to).toBe(end);
      }),
    );
  });
});

describe("credit notes", () => {
  // EK-7-202611: due 2026-11-16, 23,45 €, reference number 71 (RF2771).
  const invoice = issuedInvoice({
    policyId: 7,
    date: "2026-11-02",
    discountPercent: 10,
    lines: [
      { kind: "death", cents: 1_200 },
      { kind: "disability", cents: 900 },
      { kind: "membership", cents: 150 },
      { kind: "service", code: "TELEMED", cents: 305 },
      { kind: "discount", percent: 10, cents: -210 },
    ],
    customer: { firstName: "Jaan", lastName: "Tamm", personalCode: "38503020139" },
    issuedAt: "2026-11-02T08:00:00.000Z",
  });
  const fields = (blocks: DocBlock[]) => blocks.flatMap((b) => (b.kind === "fields" ? b.rows : []));
  const tables = (blocks: DocBlock[]) => blocks.flatMap((b) => (b.kind === "table" ? [b.rows] : []));

  it("is numbered after the invoice it credits", () => {
    expect(creditNotePid("EK-7-202611")).toBe("KR-7-202611");
  });

  it("credits every line of the invoice and its total, with the invoice's payment details and no QR code to pay", () => {
    const model = creditNoteModel({ language: "en", invoice, creditNote: { pid: "KR-7-202611", date: "2026-11-20", issuedAt: "2026-11-20T10:00:00.000Z" } });
    expect(model.title).toBe("Credit note KR-7-202611");
    const [lines] = tables(model.blocks);
    // Each line negated (the discount turns positive), the total last.
    expect(lines.map((row) => row[1])).toEqual(["−12.00\u00a0€", "−9.00\u00a0€", "−1.50\u00a0€", "−3.05\u00a0€", "2.10\u00a0€", "−23.45\u00a0€"]);
    const invoiceFields = fields(invoiceModel({ language: "en", invoice }).blocks);
    const payment = ["Payee", "Payee's account (IBAN)", "BIC", "Reference number"];
    for (const label of payment) {
      const expected = invoiceFields.find((row) => row.label === label);
      expect(expected, label).toBeDefined();
      expect(fields(model.blocks)).toContainEqual(expected);
    }
    expect(fields(model.blocks)).toContainEqual({ label: "Invoice credited", value: "EK-7-202611 (02.11.2026)" });
    expect(model.blocks.some((b) => b.kind === "qr")).toBe(false);
  });

  it("makes a credited invoice say so", () => {
    const credited = invoiceModel({ language: "en", invoice: { ...invoice, creditNote: { pid: "KR-7-202611", date: "2026-11-20" } } });
    expect(credited.blocks).toContainEqual({ kind: "paragraph", text: "This invoice was credited by credit note KR-7-202611 (20.11.2026): it need not be paid." });
    expect(invoiceModel({ language: "en", invoice }).blocks.some((b) => b.kind === "paragraph" && b.text.includes("credited"))).toBe(false);
  });
});

describe("the acknowledgement of an ending (docs/decisions/0259)", () => {
  const ended = {
    insurer: DEMO_INVOICING.issuer,
    customer: { firstName: "Jaan", lastName: "Tamm", personalCode: "38503020139" },
    policyNumber: "EK-7",
    // 23:30 UTC on 30 November is 01:30 on 1 December in Tallinn.
    receivedAt: "2026-11-30T23:30:00.000Z",
    confirmedAt: "2026-11-30T23:30:00.000Z",
  };
  const fields = (blocks: DocBlock[]) => Object.fromEntries(blocks.flatMap((b) => (b.kind === "fields" ? b.rows : [])).map((row) => [row.label, row.value]));
  const list = (blocks: DocBlock[]) => blocks.flatMap((b) => (b.kind === "list" ? b.items : []));

  it("states what was received, when in Tallinn's time, from whom, and the credit notes a withdrawal issued", () => {
    const model = endingModel({ ...ended, language: "en", kind: "withdrawal", reason: "wish", endDate: null, creditNotes: [{ pid: "KR-7-202611", sum: 2_345 }, { pid: "KR-7-202612", sum: 2_345 }] });
    expect(model.title).toBe("Confirmation of your withdrawal EK-7");
    expect(model.blocks).toContainEqual({ kind: "paragraph", text: "We confirm that on 01.12.2026 at 01:30 we received your withdrawal from insurance contract EK-7." });
    expect(fields(model.blocks)).toMatchObject({
      Customer: "Jaan Tamm, 38503020139",
      Received: "01.12.2026 at 01:30 (Estonian time)",
      Reason: "your wish (no reason is needed)",
      "Credit notes": "KR-7-202611 (−23.45\u00a0€), KR-7-202612 (−23.45\u00a0€)",
    });
    expect(list(model.blocks)).toContain("The invoices issued (2, 46.90\u00a0€ in all) are credited with credit notes; what you paid is refunded within 30 days.");
  });

  it("of a statement sent at 23:58 and confirmed with e-ID after midnight: received on the statement's day and time, the e-ID's stated beside (docs/decisions/0279)", () => {
    // 21:58 UTC on 15 December is 23:58 in Tallinn; 22:03 UTC is 00:03 on the 16th.
    const late = { ...ended, receivedAt: "2026-12-15T21:58:00.000Z", confirmedAt: "2026-12-15T22:03:00.000Z", kind: "withdrawal" as const, reason: "wish" as const, endDate: null, creditNotes: [] };
    const model = endingModel({ ...late, language: "en" });
    expect(model.blocks).toContainEqual({ kind: "paragraph", text: "We confirm that on 15.12.2026 at 23:58 we received your withdrawal from insurance contract EK-7." });
    expect(fields(model.blocks)).toMatchObject({ Received: "15.12.2026 at 23:58 (Estonian time)", Submitted: "in self-service, identity confirmed with e-ID on 16.12.2026 at 00:03" });
    expect(fields(endingModel({ ...late, language: "et" }).blocks)).toMatchObject({ Saabunud: "15.12.2026 kell 23:58 (Eesti aja järgi)", Esitatud: "iseteeninduses, isik kinnitatud e-ID-ga 16.12.2026 kell 00:03" });
    expect(fields(endingModel({ ...late, language: "ru" }).blocks)).toMatchObject({ Подано: "в самообслуживании, личность подтверждена e-ID 16.12.2026 в 00:03" });
  });

  it("says when a cancelled cover ends, that a health-data consent is withdrawn, and leaves out a reason not recorded", () => {
    const cancelled = endingModel({ ...ended, language: "et", kind: "cancellation", reason: "health-data", endDate: "2026-12-31", creditNotes: [] });
    expect(cancelled.title).toBe("Kinnitus lepingu ülesütlemise kohta EK-7");
    expect(list(cancelled.blocks)).toEqual(expect.arrayContaining(["Kindlustuskaitse lõpeb 31.12.2026.", "Sinu terviseandmete töötlemise nõusolek on tagasi võetud."]));
    expect(fields(cancelled.blocks)).not.toHaveProperty("Kreeditarved");
    const before = endingModel({ ...ended, language: "ru", kind: "withdrawal", reason: null, endDate: null, creditNotes: [] });
    expect(fields(before.blocks)).not.toHaveProperty("Причина");
    expect(list(before.blocks)).toContain("Счета ещё не выставлялись, поэтому кредитовать нечего.");
  });

  it("of an application withdrawn under underwriting: no contract, nothing invoiced, the health answers erased, in three languages (docs/decisions/0295)", () => {
    const application = { ...ended, kind: "application" as const, reason: "wish" as const, endDate: null, creditNotes: [] };
    const et = endingModel({ ...application, language: "et" });
    expect(et.title).toBe("Kinnitus taotluse tagasivõtmise kohta EK-7");
    expect(et.blocks).toContainEqual({ kind: "paragraph", text: "Kinnitame, et saime 01.12.2026 kell 01:30 sinu kindlustustaotluse EK-7 tagasivõtmise. Lepingut ei sõlmitud." });
    expect(list(et.blocks)).toEqual(expect.arrayContaining(["Taotlus lõpeb: lepingut ei sõlmita ja kindlustuskaitset ei ole.", "Arveid ei ole esitatud ega tule."]));
    expect(list(et.blocks).join(" ")).not.toMatch(/Leping lõpeb algusest peale|krediteeri/);
    expect(endingModel({ ...application, language: "en" }).title).toBe("Confirmation of the withdrawal of your application EK-7");
    const ru = endingModel({ ...application, language: "ru" });
    expect(ru.title).toBe("Подтверждение отзыва заявления EK-7");
    expect(ru.blocks).toContainEqual({ kind: "paragraph", text: "Сохраните это подтверждение: оно доказывает, что заявление отозвано." });
  });
});

describe("the withdrawal form's schema", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(entries)) data.set(k, v);
    const submission = parseWithZod(data, { schema: withdrawalSchema });
    return Object.assign(submission, { error: submission.status === "error" ? submission.reply().error : undefined });
  };

  it("needs the confirmation ticked and a valid personal code", () => {
    const refused = form({ method: "smart-id", idCode: "123" });
    expect(refused.status).toBe("error");
    expect(refused.error).toMatchObject({ confirm: ["error.withdrawal.confirm"], idCode: ["error.idCode"] });
  });

  it("needs a phone for Mobile-ID, and reads the reason (the policyholder's wish by default)", () => {
    expect(form({ confirm: "on", method: "mobile-id", idCode: "38503020139" }).error).toMatchObject({ phone: ["error.required"] });
    const ok = form({ confirm: "on", method: "smart-id", idCode: "38503020139" });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toMatchObject({ reason: "wish", confirm: true, idCode: "38503020139" });
    const consent = form({ confirm: "on", method: "id-card", idCode: "38503020139", reason: "health-data" });
    expect(consent.status === "success" && consent.value.reason).toBe("health-data");
    expect(form({ confirm: "on", method: "id-card", idCode: "38503020139", reason: "other" }).error).toMatchObject({ reason: ["error.invalid"] });
  });
});
