/**
 * What an ended policy's pages and /api answers say (docs/decisions/0269, after 0130): a
 * credited invoice asks for no payment (no QR code, no payment details, no due date; web page,
 * PDF and bills list), the payment schedule shows the current policy's invoices only and
 * promises nothing to come once it ended, the health services follow the cover (none after a
 * withdrawal, a cancelled policy's until its last day of cover), and the documents of an
 * ending name their issuer without calling them invoices. Fresh policyholders each.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, addMonths, today } from "~/core/clock";
import type { Invoice } from "~/core/invoices";
import { cancellationEnd } from "~/core/withdrawal";
import type { BilledSchedule } from "~/lib/billing-schedule";
import type { HtmlDocModel } from "~/core/documents/index";
import { loader as invoiceLoader } from "~/routes/self-service.bills_.$pid";
import { loader as billsLoader } from "~/routes/self-service.bills";
import { loader as creditNoteLoader } from "~/routes/self-service.credit-notes.$pid";
import { loader as scheduleLoader } from "~/routes/self-service.documents.payment-schedule";
import { loader as servicesLoader } from "~/routes/self-service.services";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { loader as withdrawLoader } from "~/routes/self-service.withdraw";
import { Client, startTestApp, type TestApp } from "../support/app";
import { noon, policyholderSince, signedInAgain } from "../support/customers";
import { pdfText } from "../support/pdf-text";
import { REGISTRATION } from "../support/questionnaire";
import { json, walkTo } from "../support/reach";
import { routeArgs, run } from "../support/routes";
import { testDir } from "../support/temp-dir";

let app: TestApp;
const NOW = new Date().toISOString();
beforeAll(async () => {
  app = await startTestApp({ now: NOW });
});
beforeEach(() => app.clock.set(NOW));
afterAll(() => app.close());

/** Ends the policy through the /api door (the demo e-ID confirming the policyholder's own code). */
const end = async (client: Client, code: string) => json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }));

/** What a banking app reads from the PDF's first page: the QR code's text, or null when there is none. */
function scannedQr(pdf: Uint8Array): string | null {
  const dir = testDir("ended-qr-");
  writeFileSync(path.join(dir, "invoice.pdf"), pdf);
  execFileSync("pdftoppm", ["-r", "150", "-f", "1", "-l", "1", "-png", path.join(dir, "invoice.pdf"), path.join(dir, "page")]);
  const page = readdirSync(dir).find((f) => f.endsWith(".png"))!;
  try {
    return execFileSync("zbarimg", ["--quiet", "--raw", "-Sbinary", path.join(dir, page)], { stdio: ["ignore", "pipe", "ignore"] }).toString("utf8").replace(/\n$/, "");
  } catch {
    // zbarimg exits with 4 when it finds no code.
    return null;
  }
}

const pdfOf = async (client: Client, url: string) => {
  const response = await client.fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};

/** What asks a reader to pay, per language: the QR caption, the amount due, the payment details and the due date. */
const PAYMENT_WORDS = {
  et: ["Skanni QR-kood", "Tasumisele kuulub", "Makse andmed", "Maksetähtaeg", "EE38 2200"],
  en: ["Scan the QR code", "Amount due", "Payment details", "Due date", "EE38 2200"],
  ru: ["Отсканируйте QR-код", "К оплате", "Платёжные данные", "Срок оплаты", "EE38 2200"],
} as const;

describe("a credited invoice", () => {
  it("has no payment QR code and no payment instruction, on its PDF and web page in every language, in /api/invoices and on the bills list", async () => {
    const { client, customer, code } = await policyholderSince(app, 10);
    const [issued]: Invoice[] = await json(await client.fetch("/api/invoices"));
    // Before the withdrawal it is payable: the QR code a banking app reads.
    expect(scannedQr(await pdfOf(client, `/api/invoices/${issued.pid}?lng=en`))).toBe(issued.epcQr);
    await end(client, code);

    const [credited]: Invoice[] = await json(await client.fetch("/api/invoices"));
    expect(credited.creditNote).toEqual({ pid: issued.pid.replace("EK-", "KR-"), date: today(app.clock) });
    // Nothing for a program to turn into a payment either.
    expect(credited.epcQr).toBeNull();
    const cookie = client.cookieHeader;
    for (const lng of ["et", "en", "ru"] as const) {
      const pdf = await pdfOf(client, `/api/invoices/${issued.pid}?lng=${lng}`);
      expect(scannedQr(pdf), lng).toBeNull();
      const text = (await pdfText(pdf)).replace(/\s+/g, " ");
      for (const word of PAYMENT_WORDS[lng]) expect(text, `${lng}: ${word}`).not.toContain(word);
      expect(text).toContain(issued.pid.replace("EK-", "KR-"));
      expect(text).not.toContain("BCD");

      const page = await run<{ model: HtmlDocModel }>(() => invoiceLoader(routeArgs(app, `/self-service/bills/${issued.pid}?lng=${lng}`, { cookie, params: { pid: issued.pid } })));
      expect(page.data!.model.blocks.some((b) => b.kind === "qr")).toBe(false);
      const html = JSON.stringify(page.data!.model.blocks);
      for (const word of PAYMENT_WORDS[lng]) expect(html, `${lng}: ${word}`).not.toContain(word);
    }
    // The bills list: credited, no due date to pay by.
    const bills = await run<{ invoices: Array<{ pid: string; dueDate: string | null; creditNote: { pid: string } | null }> }>(() => billsLoader(routeArgs(app, "/self-service/bills", { cookie })));
    expect(bills.data!.invoices).toEqual([expect.objectContaining({ pid: issued.pid, dueDate: null, creditNote: expect.objectContaining({ pid: credited.creditNote!.pid }) })]);
    expect(customer.id).toBeGreaterThan(0);
  });

  it("an invoice not credited keeps its QR code, its payment details and its due date", async () => {
    const { client } = await policyholderSince(app, 10);
    const [invoice]: Invoice[] = await json(await client.fetch("/api/invoices"));
    expect(invoice.epcQr).toMatch(/^BCD\n/);
    const text = (await pdfText(await pdfOf(client, `/api/invoices/${invoice.pid}?lng=en`))).replace(/\s+/g, " ");
    for (const word of PAYMENT_WORDS.en) expect(text).toContain(word);
    const bills = await run<{ invoices: Array<{ dueDate: string | null }> }>(() => billsLoader(routeArgs(app, "/self-service/bills", { cookie: client.cookieHeader })));
    expect(bills.data!.invoices[0].dueDate).toBe(invoice.dueDate);
  });
});

type SchedulePage = { billing: BilledSchedule };
const schedule = (cookie: string) => run<SchedulePage>(() => scheduleLoader(routeArgs(app, "/self-service/documents/payment-schedule?lng=en", { cookie })));

describe("an ended policy's payment schedule", () => {
  it("after a new policy is signed and withdrawn from the confirmation, shows that policy's invoices only and nothing to come", async () => {
    const { client, code } = await policyholderSince(app, 10);
    const [old]: Invoice[] = await json(await client.fetch("/api/invoices"));
    await end(client, code);
    await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }));
    expect(await walkTo(client, "confirmation")).toBe("AGREEMENT_SIGNED");
    expect(await end(client, code)).toMatchObject({ kind: "withdrawal", creditNotes: [] });

    const { billing } = (await schedule(client.cookieHeader)).data!;
    expect(billing.lines.map((l) => l.invoice?.pid)).not.toContain(old.pid);
    expect(billing.lines).toEqual([]);
    expect(billing.ended).toEqual({ kind: "withdrawal", on: today(app.clock), credited: 0 });
    expect(billing.now).toBeNull();
    expect(billing.until).toBeNull();
  });

  it("after a withdrawal states what was credited and promises no invoice to come", async () => {
    const { client, code } = await policyholderSince(app, 10);
    const [invoice]: Invoice[] = await json(await client.fetch("/api/invoices"));
    await end(client, code);
    const { billing } = (await schedule(client.cookieHeader)).data!;
    expect(billing.lines.map((l) => [l.invoice?.pid, l.invoice?.creditNote?.pid])).toEqual([[invoice.pid, invoice.pid.replace("EK-", "KR-")]]);
    expect(billing.ended).toEqual({ kind: "withdrawal", on: today(app.clock), credited: invoice.sum });
    expect(billing.now).toBeNull();
    expect(billing.until).toBeNull();
  });

  it("after a cancellation says when the cover ends and sets no invoice after it", async () => {
    const { client, code, signedOn } = await policyholderSince(app, 40);
    await end(client, code);
    const day = today(app.clock);
    // The end of the billing period under way at the month's end (docs/decisions/0302).
    const coverEnd = cancellationEnd(addDays(signedOn, 1), day, "9999-12-31");
    const { billing } = (await schedule(client.cookieHeader)).data!;
    expect(billing.ended).toEqual({ kind: "cancellation", on: day, endDate: coverEnd, coverRuns: true });
    expect(billing.lines.every((l) => l.date <= coverEnd)).toBe(true);
    const toCome = billing.lines.filter((l) => !l.invoice);
    // Only an invoice dated up to the last day of cover can still come, and then the schedule says up to when.
    expect(billing.until).toBe(toCome.length > 0 ? coverEnd : null);
    expect(billing.now === null).toBe(toCome.length === 0);

    app.clock.set(noon(addMonths(day, 2)));
    const later = (await schedule((await signedInAgain(app, code)).cookieHeader)).data!.billing;
    expect(later.ended).toEqual({ kind: "cancellation", on: day, endDate: coverEnd, coverRuns: false });
    expect(later.lines.every((l) => l.invoice !== null)).toBe(true);
    expect(later.now).toBeNull();
    expect(later.until).toBeNull();
  });

  it("of a policy in force is unchanged: payments to come up to the policy year's end and the discount they are set with", async () => {
    const { client } = await policyholderSince(app, 40);
    const { billing } = (await schedule(client.cookieHeader)).data!;
    expect(billing.ended).toBeNull();
    expect(billing.until).toBe(billing.yearEnd);
    expect(billing.now).not.toBeNull();
  });
});

type ServicesPage = { services: Array<{ code: string; link: string }>; cover: { kind: string; until?: string | null; endDate?: string } | null };
const services = (cookie: string) => run<ServicesPage>(() => servicesLoader(routeArgs(app, "/self-service/services?lng=en", { cookie })));

describe("the health services of an ended policy", () => {
  it("are none after a withdrawal (there was no cover), and the page says why", async () => {
    const { client, code } = await policyholderSince(app, 10);
    expect((await services(client.cookieHeader)).data!.services.length).toBeGreaterThan(0);
    await end(client, code);
    const page = (await services(client.cookieHeader)).data!;
    expect(page.services).toEqual([]);
    expect(page.cover).toEqual({ kind: "withdrawn" });
    expect(await json(await client.fetch("/api/services"))).toEqual([]);
    // The insurance tab does not state a start of cover that never was.
    const insurance = await run<{ cover: { kind: string } }>(() => insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie: client.cookieHeader })));
    expect(insurance.data!.cover).toEqual({ kind: "withdrawn" });
  });

  it("stay after a cancellation until the last day of cover, and end with it", async () => {
    const { client, code, signedOn } = await policyholderSince(app, 40);
    await end(client, code);
    const day = today(app.clock);
    // The end of the billing period under way at the month's end (docs/decisions/0302).
    const coverEnd = cancellationEnd(addDays(signedOn, 1), day, "9999-12-31");
    const running = (await services(client.cookieHeader)).data!;
    expect(running.services.length).toBeGreaterThan(0);
    expect(running.cover).toEqual({ kind: "in-force", until: coverEnd, endsForAge: null });
    expect((await json(await client.fetch("/api/services"))).length).toBe(running.services.length);

    // The last day of cover: still there.
    app.clock.set(noon(coverEnd));
    const lastDay = await signedInAgain(app, code);
    expect((await services(lastDay.cookieHeader)).data!.services.length).toBe(running.services.length);
    // The day after: gone, and said.
    app.clock.set(noon(addDays(coverEnd, 1)));
    const after = await signedInAgain(app, code);
    const ended = (await services(after.cookieHeader)).data!;
    expect(ended.services).toEqual([]);
    expect(ended.cover).toEqual({ kind: "ended", endDate: coverEnd, by: "cancellation" });
    expect(await json(await after.fetch("/api/services"))).toEqual([]);
  });
});

describe("the documents of an ending", () => {
  it("name their issuer as issuer, not as an invoice's, in every language, and the withdraw page's heading follows a cancellation", async () => {
    const { client, code } = await policyholderSince(app, 10);
    await end(client, code);
    const [note] = await json(await client.fetch("/api/credit-notes"));
    const label = { et: "Väljastaja", en: "Issued by", ru: "Выдал" } as const;
    const invoiceLabel = { et: "Arve väljastaja", ru: "Счёт выставил" } as const;
    for (const lng of ["et", "en", "ru"] as const) {
      for (const url of [`/api/credit-notes/${note.pid}?lng=${lng}`, `/api/documents/ending?lng=${lng}`]) {
        const text = await pdfText(await pdfOf(client, url));
        expect(text, url).toContain(label[lng]);
        if (lng !== "en") expect(text, url).not.toContain(invoiceLabel[lng]);
      }
      const page = await run<{ model: HtmlDocModel }>(() =>
        creditNoteLoader(routeArgs(app, `/self-service/credit-notes/${note.pid}?lng=${lng}`, { cookie: client.cookieHeader, params: { pid: note.pid } })),
      );
      const rows = page.data!.model.blocks.flatMap((b) => (b.kind === "fields" ? b.rows : []));
      expect(rows.map((r) => r.label)).toContain(label[lng]);
    }
    // The invoice itself keeps its own label.
    const [invoice]: Invoice[] = await json(await client.fetch("/api/invoices"));
    expect(await pdfText(await pdfOf(client, `/api/invoices/${invoice.pid}?lng=et`))).toContain("Arve väljastaja");

    const cancelled = await policyholderSince(app, 40);
    await end(cancelled.client, cancelled.code);
    const page = await run<{ heading: string; terms: unknown }>(() => withdrawLoader(routeArgs(app, "/self-service/withdraw", { cookie: cancelled.client.cookieHeader })));
    expect(page.data).toMatchObject({ heading: "Lepingu lõpetamine", terms: null });
  });
});
