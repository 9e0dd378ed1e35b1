/**
 * What an invoice and its credit note state (the Estonian Accounting Act § 7: a source document
 * names its issuer, number, date, the parties, what the transaction is and its amounts), in
 * three languages: the issuer with its registry code, the number, the date, the recipient, the
 * policy and the period billed, each line and the total, the due date (docs/decisions/0287).
 */
import { describe, expect, it } from "vitest";
import { creditNoteModel, docTranslator, invoiceModel, type DocBlock } from "~/core/documents/index";
import { invoiceLines as linesOf, type Invoice } from "~/core/invoices";
import { formatMoney } from "~/lib/euro";
import { issuedInvoice } from "../support/invoice";

// EK-9-202612 of a policy that started on 31 October 2026: it bills 31.12.2026–30.01.2027.
const lines = [
  { kind: "death", cents: 1_234 },
  { kind: "disability", cents: 410 },
  { kind: "service", code: "TELEMED", cents: 290 },
  { kind: "membership", cents: 150 },
  { kind: "discount", percent: 5, cents: -82 },
] satisfies Invoice["lines"];
const customer = { firstName: "Mari", lastName: "Maasikas", personalCode: "49005150229" };
const invoice = issuedInvoice({ policyId: 9, startDate: "2026-10-31", date: "2026-12-31", discountPercent: 5, lines, customer, issuedAt: "2026-12-31T08:00:00.000Z" });
const creditNote = { pid: "KR-9-202612", date: "2027-01-05", issuedAt: "2027-01-05T09:00:00.000Z" };

const fields = (blocks: DocBlock[]) => Object.fromEntries(blocks.flatMap((b) => (b.kind === "fields" ? b.rows.map((r) => [r.label, r.value]) : [])));
const table = (blocks: DocBlock[]) => blocks.flatMap((b) => (b.kind === "table" ? b.rows : []));

const LABELS = {
  et: { issuer: "Arve väljastaja", number: "Arve number", date: "Kuupäev", customer: "Klient", policy: "Poliis", period: "Arveldusperiood", due: "Maksetähtaeg" },
  en: { issuer: "Issued by", number: "Invoice number", date: "Date", customer: "Customer", policy: "Policy", period: "Billing period", due: "Due date" },
  ru: { issuer: "Счёт выставил", number: "Номер счёта", date: "Дата", customer: "Клиент", policy: "Полис", period: "Расчётный период", due: "Срок оплаты" },
} as const;

describe("an invoice's contents", () => {
  it.each(["et", "en", "ru"] as const)("names the issuer, number, date, recipient, what is billed for which period, the sums and the due date (%s)", (language) => {
    const model = invoiceModel({ language, invoice });
    const l = LABELS[language];
    expect(fields(model.blocks)).toMatchObject({
      [l.issuer]: expect.stringMatching(/^Elukaitse AS, [^,]+ 12345678, Narva mnt 7, 10117 Tallinn$/),
      [l.number]: "EK-9-202612",
      [l.date]: "31.12.2026",
      [l.customer]: "Mari Maasikas, 49005150229",
      [l.policy]: "EK-9",
      [l.period]: "31.12.2026–30.01.2027",
      [l.due]: "14.01.2027",
    });
    // Each line and the total, each followed by the euro sign in every language (decision 0297).
    const sums = table(model.blocks).map((row) => row[1].replace(/\u00a0€$/, ""));
    expect(sums).toEqual(language === "en" ? ["12.34", "4.10", "2.90", "1.50", "−0.82", "20.02"] : ["12,34", "4,10", "2,90", "1,50", "−0,82", "20,02"]);
  });

  it.each(["et", "en", "ru"] as const)("and its credit note the same period and every line negated, the total too (%s)", (language) => {
    const model = creditNoteModel({ language, invoice, creditNote });
    expect(fields(model.blocks)[LABELS[language].period]).toBe("31.12.2026–30.01.2027");
    const invoiceRows = table(invoiceModel({ language, invoice }).blocks);
    const creditRows = table(model.blocks);
    expect(creditRows.map((row) => row[0]).slice(0, -1)).toEqual(invoiceRows.map((row) => row[0]).slice(0, -1));
    const negated = (text: string) => (text.startsWith("−") ? text.slice(1) : `−${text}`);
    expect(creditRows.map((row) => row[1])).toEqual(invoiceRows.map((row) => negated(row[1])));
  });
});

// 1 % of a 13-cent life premium rounds to 0 cents: the offer shows no discount, nor may the bills.
const tiny = { premiumForDeathCover: 13, premiumForDisabilityCover: 0, services: [], membershipFee: 150, wellnessDiscountPercent: 1 };
/** The discount line's name without its percent, as the documents write it (decision 0297). */
const DISCOUNT = (language: "et" | "en" | "ru") => docTranslator(language)("doc.invoice.discount", { percent: 0 }).replace(/\s*\(?0\s*%\)?$/, "");

describe("a wellness discount that takes nothing off", () => {
  const tinyInvoice = issuedInvoice({ policyId: 9, date: "2026-12-31", discountPercent: 1, lines: linesOf(tiny, 1), customer, issuedAt: "2026-12-31T08:00:00.000Z" });

  it.each(["et", "en", "ru"] as const)("is no line on the invoice or its credit note, as on the offer (%s)", (language) => {
    for (const model of [invoiceModel({ language, invoice: tinyInvoice }), creditNoteModel({ language, invoice: tinyInvoice, creditNote })]) {
      const rows = table(model.blocks);
      expect(rows.filter((row) => row[0].startsWith(DISCOUNT(language)))).toEqual([]);
      expect(rows.map((row) => row[1].replace("−", ""))).toEqual([13, 150, 163].map((cents) => formatMoney(cents, language)));
    }
  });

  it.each(["et", "en", "ru"] as const)("and a discount of a cent is a line (%s)", (language) => {
    // 4 % of 13 cents: 0.52, rounded half up to 1 cent.
    const invoice = issuedInvoice({ policyId: 9, date: "2026-12-31", discountPercent: 4, lines: linesOf(tiny, 4), customer, issuedAt: "2026-12-31T08:00:00.000Z" });
    expect(table(invoiceModel({ language, invoice }).blocks).filter((row) => row[0].startsWith(DISCOUNT(language))).map((row) => row[1])).toEqual([`−${formatMoney(1, language)}`]);
  });
});
