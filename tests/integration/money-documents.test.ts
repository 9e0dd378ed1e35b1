/**
 * The money documents as a policyholder reads them (docs/audit-2026-12-01.md, the afternoon's
 * audit): an invoice's web page and PDF state the same contents and figures, its billing period
 * among them (docs/decisions/0287), in three languages; a credit note is its invoice negated
 * line by line; the schedule's payments to come are the invoices later issued on their dates,
 * across a renewal, for a start on the 31st.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays, addMonths, today } from "~/core/clock";
import type { HtmlDocModel } from "~/core/documents/index";
import { billingPeriod, type Invoice } from "~/core/invoices";
import type { BilledSchedule } from "~/lib/billing-schedule";
import { loader as invoiceLoader } from "~/routes/self-service.bills_.$pid";
import { loader as creditNoteLoader } from "~/routes/self-service.credit-notes.$pid";
import { loader as scheduleLoader } from "~/routes/self-service.documents.payment-schedule";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { noon, policyholderSince, signedInAgain } from "../support/customers";
import { pdfText } from "../support/pdf-text";
import { json } from "../support/reach";
import { routeArgs, run } from "../support/routes";

let app: TestApp;
/** The app's clock as it started: a test that moves it puts it back. */
let started: Date;
beforeAll(async () => {
  app = await startTestApp();
  started = app.clock.now();
});
afterEach(() => app.clock.set(started.toISOString()));
afterAll(() => app.close());

const LANGUAGES = ["et", "en", "ru"] as const;
const PERIOD = { et: "Arveldusperiood", en: "Billing period", ru: "Расчётный период" } as const;

/** Text as the reader sees it: every run of white space (no-break spaces too) one space. */
const plain = (text: string) => text.replace(/[\s\u00a0]+/g, " ").trim();

/** What a document model states: each field as "label value", each table cell. */
function statements(blocks: HtmlDocModel["blocks"]): string[] {
  return blocks.flatMap((b) => (b.kind === "fields" ? b.rows.map((r) => plain(`${r.label} ${r.value}`)) : b.kind === "table" ? b.rows.flat().map(plain) : []));
}

/** The money amounts of a table, in order (the currency's word dropped). */
const amounts = (blocks: HtmlDocModel["blocks"]) => blocks.flatMap((b) => (b.kind === "table" ? b.rows.map((row) => plain(row.at(-1)!).replace(/ \S+$/, "")) : []));

const pdfOf = async (client: Client, url: string) => {
  const response = await client.fetch(url);
  expect(response.status, url).toBe(200);
  return plain(await pdfText(new Uint8Array(await response.arrayBuffer())));
};

const page = async (client: Client, loader: typeof invoiceLoader, url: string, pid: string) =>
  (await run<{ model: HtmlDocModel }>(() => loader(routeArgs(app, url, { cookie: client.cookieHeader, params: { pid } })))).data!.model;

describe("an invoice's web page and PDF", () => {
  it.each(LANGUAGES)("state the same contents and figures, the month of cover it bills among them (%s)", async (lng) => {
    // Started 40 days ago: two invoices, the second for the month begun ten days ago.
    const { client } = await policyholderSince(app, 41);
    const [invoice, first]: Invoice[] = await json(await client.fetch("/api/invoices"));
    expect(first.period).toEqual({ from: first.date, to: addDays(invoice.date, -1) });
    expect(invoice.period).toEqual(billingPeriod(first.date, invoice.date));

    const model = await page(client, invoiceLoader, `/self-service/bills/${invoice.pid}?lng=${lng}`, invoice.pid);
    const pdf = await pdfOf(client, `/api/invoices/${invoice.pid}?lng=${lng}`);
    const said = statements(model.blocks);
    const [from, to] = [invoice.period.from, invoice.period.to].map((d) => d.split("-").reverse().join("."));
    expect(said).toContain(`${PERIOD[lng]} ${from}–${to}`);
    for (const statement of said) expect(pdf, `${lng}: ${statement}`).toContain(statement);
    // The lines and the total: each line's cents as issued, adding up to the sum.
    expect(invoice.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(invoice.sum);
    expect(amounts(model.blocks)).toHaveLength(invoice.lines.length + 1);
  });
});

describe("a credit note", () => {
  it.each(LANGUAGES)("is its invoice negated line by line, the same period, on its web page and PDF (%s)", async (lng) => {
    const { client, code } = await policyholderSince(app, 10);
    const [issued]: Invoice[] = await json(await client.fetch("/api/invoices"));
    await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }));
    const [credited]: Invoice[] = await json(await client.fetch("/api/invoices"));
    const pid = credited.creditNote!.pid;

    const note = await page(client, creditNoteLoader, `/self-service/credit-notes/${pid}?lng=${lng}`, pid);
    const invoice = await page(client, invoiceLoader, `/self-service/bills/${issued.pid}?lng=${lng}`, issued.pid);
    const negated = (amount: string) => (amount.startsWith("−") ? amount.slice(1) : `−${amount}`);
    expect(amounts(note.blocks)).toEqual(amounts(invoice.blocks).map(negated));
    const pdf = await pdfOf(client, `/api/credit-notes/${pid}?lng=${lng}`);
    for (const statement of statements(note.blocks)) expect(pdf, `${lng}: ${statement}`).toContain(statement);
    expect(statements(note.blocks).filter((s) => s.startsWith(PERIOD[lng]))).toHaveLength(1);
  });
});

describe("the schedule's payments to come", () => {
  it("are the invoices issued on their dates, for a start on the 31st, from a renewal's first day to the next", async () => {
    // The first anniversary is today: the renewal year's invoices are the payments to come.
    const { customer, code } = await policyholderSince(app, 1);
    // The last day of a month of 31 days, a year or more ago.
    let start = addDays(addMonths(`${today(app.clock).slice(0, 8)}01`, -12), -1);
    while (!start.endsWith("-31")) start = addDays(start.slice(0, 8) + "01", -1);
    const renewal = addMonths(start, 12);
    app.clock.set(noon(renewal));
    await app.core.db.query(`UPDATE policies SET signed_at = $2, start_date = $3 WHERE customer_id = $1`, [customer.id, noon(addDays(start, -1)), start]);
    const reader = await signedInAgain(app, code);
    const billing = (await run<{ billing: BilledSchedule }>(() => scheduleLoader(routeArgs(app, "/self-service/documents/payment-schedule?lng=en", { cookie: reader.cookieHeader })))).data!
      .billing;
    const toCome = billing.lines.filter((line) => !line.invoice);
    expect(toCome.map((line) => line.date)).toEqual(Array.from({ length: 11 }, (_, k) => addMonths(start, 13 + k)));

    // A year on, each of them issued: the same date, discount and sum.
    app.clock.set(noon(addDays(addMonths(renewal, 12), -1)));
    const invoices: Invoice[] = await json(await (await signedInAgain(app, code)).fetch("/api/invoices"));
    for (const line of toCome) {
      const issued = invoices.find((i) => i.date === line.date);
      expect(issued, line.date).toMatchObject({ sum: line.sum, discountPercent: line.discountPercent });
    }
  });
});
