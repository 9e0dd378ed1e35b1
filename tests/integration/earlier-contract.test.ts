/**
 * An earlier contract's documents while its customer signs up again (docs/decisions/0272): after
 * a cancellation or a withdrawal and the account step saved again, the data page (the place every
 * state may open) lists the ended contract's invoices with what is still to pay, its credit notes
 * and the confirmation of its ending, each reachable as a web page under it and as its PDF.
 * Fresh policyholders each; the clock fixed mid-month, so a cancelled policy still bills before
 * the month ends.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, today } from "~/core/clock";
import type { Invoice } from "~/core/invoices";
import type { HtmlDocModel } from "~/core/documents/index";
import { EARLIER_INVOICES_PAGE_SIZE, type EarlierInvoicesPage, type ShownEarlierContract } from "~/lib/earlier-contract";
import { loader as dataLoader } from "~/routes/self-service.data";
import { loader as documentLoader } from "~/routes/self-service.data_.earlier.$kind.$id";
import { loader as invoicesLoader } from "~/routes/self-service.data_.earlier.invoices.$policy";
import { loader as selfServiceLoader } from "~/routes/self-service";
import { loader as billsLoader } from "~/routes/self-service.bills";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder, noon, signedInAgain } from "../support/customers";
import { REGISTRATION } from "../support/questionnaire";
import { customerAt, json, walkTo } from "../support/reach";
import { routeArgs, run } from "../support/routes";

// The 5th of a month: a policy billed on the 15th still has a bill to come before a cancellation's last day of cover.
const NOW = "2026-11-05T10:00:00.000Z";
let app: TestApp;
beforeAll(async () => {
  // The pages too: the list's HTML is measured (docs/decisions/0301).
  app = await startTestApp({ now: NOW, remix: true });
});
beforeEach(() => app.clock.set(new Date(NOW)));
afterAll(() => app.close());

/** A fresh policyholder whose policy started on `startDate` (signed the day before), nothing billed yet, signed in through /api. */
async function policyholder(startDate: string) {
  const holder = await freshPolicyholder(app);
  await app.core.db.query(`UPDATE policies SET signed_at = $2, start_date = $3 WHERE customer_id = $1`, [holder.customer.id, noon(addDays(startDate, -1)), startDate]);
  await app.core.db.query(`DELETE FROM invoices WHERE customer_id = $1`, [holder.customer.id]);
  return holder;
}

/** Ends the policy through the /api door, then signs up again: the account step saved anew. */
async function endAndSignUpAgain(client: Client, code: string) {
  await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }));
  expect(await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }))).toMatchObject({ state: "ACCOUNT_REGISTERED" });
}

/** A policyholder billed from `startDate` who ends the contract today and signs a new one, signed in again on 20 November. */
async function signedUpAgainBy20November(startDate: string) {
  const { client, code } = await policyholder(startDate);
  const before: Invoice[] = await json(await client.fetch("/api/invoices"));
  await endAndSignUpAgain(client, code);
  expect(await walkTo(client, "confirmation")).toBe("AGREEMENT_SIGNED");
  app.clock.set(noon("2026-11-20"));
  const later = new Client(app.url);
  expect((await later.signIn(code)).result).toBe("SUCCESS");
  return { code, before, cancelled: before[0].policyNumber, later };
}

const dataPage = async (cookie: string) => {
  const page = await run<{ earlier: ShownEarlierContract[]; back: string | null }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
  expect(page.status).toBe(200);
  return page.data!;
};

/** A document's web page under the data page. */
const documentPage = (cookie: string, kind: string, id: string) =>
  run<{ model: HtmlDocModel; pdfHref: string }>(() => documentLoader(routeArgs(app, `/self-service/data/earlier/${kind}/${encodeURIComponent(id)}`, { cookie, params: { kind, id } })));

const pdfStatus = async (client: Client, url: string) => {
  const response = await client.fetch(url);
  const type = response.headers.get("content-type");
  await response.arrayBuffer();
  return response.status === 200 ? type : response.status;
};

describe("a cancelled contract, its customer signing up again", () => {
  it("keeps its bills with what is still to pay, the bill its cover still brings, and the confirmation of its ending on the data page, as web pages and PDFs", async () => {
    const startDate = "2026-05-15";
    const { client, code } = await policyholder(startDate);
    const issued: Invoice[] = await json(await client.fetch("/api/invoices"));
    expect(issued.map((i) => i.date)).toEqual(["2026-10-15", "2026-09-15", "2026-08-15", "2026-07-15", "2026-06-15", "2026-05-15"]);
    await endAndSignUpAgain(client, code);
    const cookie = client.cookieHeader;
    const policyNumber = issued[0].policyNumber;

    const page = await dataPage(cookie);
    expect(page.back).toBe("/score");
    expect(page.earlier).toEqual([
      {
        policyNumber,
        // November's bill (15 November) is due and bills 15.11–14.12: the cover runs to its end (docs/decisions/0302).
        ending: { kind: "cancellation", on: today(app.clock), endDate: "2026-12-14" },
        invoices: issued.map((i) => ({ pid: i.pid, date: i.date, dueDate: i.dueDate, sum: i.sum, creditNote: null })),
        creditNotes: [],
        // No change of its beneficiaries was signed (docs/decisions/0309).
        changes: [],
        // Signed in Estonian: its signed application's PDF is (docs/decisions/0348).
        signedIn: "et",
        olderInvoices: 0,
      },
    ]);
    // The layout offers no self-service tabs, the document pages none either.
    expect((await run<{ tabs: boolean }>(() => selfServiceLoader(routeArgs(app, `/self-service/data/earlier/invoice/${issued[0].pid}`, { cookie })))).data!.tabs).toBe(false);
    for (const invoice of issued.slice(0, 2)) {
      const view = await documentPage(cookie, "invoice", invoice.pid);
      expect(view.status).toBe(200);
      expect(JSON.stringify(view.data!.model)).toContain(invoice.pid);
      // Still payable: its QR code is on its page.
      expect(view.data!.model.blocks.some((b) => b.kind === "qr")).toBe(true);
      expect(view.data!.pdfHref).toBe(`/api/invoices/${invoice.pid}?lng=et`);
      expect(await pdfStatus(client, view.data!.pdfHref)).toBe("application/pdf");
    }
    const ending = await documentPage(cookie, "ending", policyNumber);
    expect(ending.status).toBe(200);
    expect(ending.data!.model.title).toBe(`Kinnitus lepingu ülesütlemise kohta ${policyNumber}`);
    expect(ending.data!.pdfHref).toBe(`/api/documents/ending?policy=${policyNumber}&lng=et`);
    expect(await pdfStatus(client, ending.data!.pdfHref)).toBe("application/pdf");

    // The 15th comes while the customer is still signing up: its bill is issued and listed, to pay by the 29th.
    app.clock.set(noon("2026-11-16"));
    const later = new Client(app.url);
    expect((await later.signIn(code)).result).toBe("SUCCESS");
    const [shown] = (await dataPage(later.cookieHeader)).earlier;
    const [due] = shown.invoices;
    expect(due).toMatchObject({ date: "2026-11-15", dueDate: "2026-11-29", creditNote: null });
    // The page lists the latest six (any still to pay among them), and counts the older one.
    expect(shown.invoices).toHaveLength(6);
    expect(shown.olderInvoices).toBe(1);
    expect((await documentPage(later.cookieHeader, "invoice", due.pid)).status).toBe(200);
  });

  it("still bills its invoice dated up to the month's end after its customer has signed a new contract (docs/decisions/0302)", async () => {
    const { code, before, cancelled, later } = await signedUpAgainBy20November("2026-05-15");
    // The 15th: the cancelled contract's November bill (15.11–14.12, its cover to 14 December) is
    // issued though a new contract is signed; it went unbilled when only the latest was billed.
    const after: Invoice[] = await json(await later.fetch("/api/invoices"));
    const old = after.filter((i) => i.policyNumber === cancelled);
    expect(old.map((i) => i.date)).toEqual(["2026-11-15", ...before.map((i) => i.date)]);
    expect(old[0].period).toEqual({ from: "2026-11-15", to: "2026-12-14" });
    // The new contract's own bill, from its start the day after signing; none of the old one after its month's end.
    expect(after.filter((i) => i.policyNumber !== cancelled).map((i) => i.date)).toEqual(["2026-11-06"]);
    app.clock.set(noon("2027-01-20"));
    const year: Invoice[] = await json(await (await signedInAgain(app, code)).fetch("/api/invoices"));
    expect(year.filter((i) => i.policyNumber === cancelled)).toHaveLength(old.length);
  });

  it("lists its bill and the new contract's first one of the same date newest issued first", async () => {
    // Billed on the 6th: its November bill and the new contract's first (from its start the day after signing) share a date.
    const { cancelled, later } = await signedUpAgainBy20November("2026-05-06");
    const listed: Invoice[] = await json(await later.fetch("/api/invoices"));
    expect(listed.slice(0, 2).map((i) => [i.date, i.policyNumber === cancelled ? "cancelled" : "new"])).toEqual([
      ["2026-11-06", "new"],
      ["2026-11-06", "cancelled"],
    ]);
    expect(listed.slice(2).map((i) => i.date)).toEqual(["2026-10-06", "2026-09-06", "2026-08-06", "2026-07-06", "2026-06-06", "2026-05-06"]);
  });

  it("is not listed again while the ended contract is the one self-service shows, nor for a policyholder in force", async () => {
    const { client, code, cookie } = await policyholder("2026-05-15");
    expect((await dataPage(cookie)).earlier).toEqual([]);
    await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }));
    // CANCELLED: the insurance and bills tabs have it.
    expect((await dataPage(client.cookieHeader)).earlier).toEqual([]);
    expect((await run<{ invoices: unknown[] }>(() => billsLoader(routeArgs(app, "/self-service/bills", { cookie: client.cookieHeader })))).data!.invoices).toHaveLength(6);
  });
});

describe("a cancelled contract of more invoices than the data page lists (docs/decisions/0301)", () => {
  /** The list of an earlier contract's every invoice, page `page` (as the address gives it). */
  const invoicesPage = (cookie: string, policy: string, query = "") =>
    run<EarlierInvoicesPage>(() => invoicesLoader(routeArgs(app, `/self-service/data/earlier/invoices/${encodeURIComponent(policy)}${query}`, { cookie, params: { policy } })));

  it("links from the data page to a list of every invoice, newest first, a page at a time, each opening as its web page, within the HTML budget", async () => {
    // Two and a half years: 30 monthly invoices.
    const { client, code } = await policyholder("2024-05-15");
    const issued: Invoice[] = await json(await client.fetch("/api/invoices"));
    expect(issued).toHaveLength(30);
    await endAndSignUpAgain(client, code);
    const cookie = client.cookieHeader;
    const policyNumber = issued[0].policyNumber;
    const listPath = `/self-service/data/earlier/invoices/${policyNumber}`;

    const [shown] = (await dataPage(cookie)).earlier;
    expect(shown.invoices.map((i) => i.pid)).toEqual(issued.slice(0, 6).map((i) => i.pid));
    expect(shown.olderInvoices).toBe(24);
    // The data page links the list where it cuts it, with the count of every invoice.
    const data = await (await client.fetch("/self-service/data")).text();
    expect(data).toContain("<p>Lisaks 24 varasemat arvet.");
    expect(data).toContain(`<a href="${listPath}">Kõik selle lepingu arved (30)</a></p>`);

    const first = await invoicesPage(cookie, policyNumber);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ policyNumber, total: 30, page: 1, pages: 2 });
    const second = await invoicesPage(cookie, policyNumber, "?page=2");
    expect(second.data).toMatchObject({ policyNumber, total: 30, page: 2, pages: 2 });
    expect(first.data!.invoices).toHaveLength(EARLIER_INVOICES_PAGE_SIZE);
    // Every invoice once, newest first, with what it asks, as the data page says it.
    expect([...first.data!.invoices, ...second.data!.invoices]).toEqual(
      issued.map((i) => ({ pid: i.pid, date: i.date, dueDate: i.dueDate, sum: i.sum, creditNote: null })),
    );
    // Each opens as its web page, and its PDF.
    for (const invoice of issued) expect((await documentPage(cookie, "invoice", invoice.pid)).status).toBe(200);
    expect(await pdfStatus(client, `/api/invoices/${issued[29].pid}`)).toBe("application/pdf");

    // The pages link each other and every invoice's page; a full page stays within 6 144 B of gzip
    // HTML, as a browser that has the stylesheet gets it (docs/decisions/0324).
    await client.fetchStylesheet();
    for (const lng of ["et", "en", "ru"]) {
      const html = await (await client.fetch(`${listPath}?lng=${lng}`)).text();
      for (const invoice of issued.slice(0, EARLIER_INVOICES_PAGE_SIZE)) expect(html).toContain(`href="/self-service/data/earlier/invoice/${invoice.pid}"`);
      expect(html).toContain(`href="${listPath}?page=2"`);
      if (lng !== "en") expect(gzipSync(html).length).toBeLessThanOrEqual(6144);
    }
    const older = await (await client.fetch(`${listPath}?page=2`)).text();
    for (const invoice of issued.slice(EARLIER_INVOICES_PAGE_SIZE)) expect(older).toContain(`href="/self-service/data/earlier/invoice/${invoice.pid}"`);
    expect(older).toContain(`href="${listPath}"`);

    // No page past the last, nor a page that is no number.
    expect((await invoicesPage(cookie, policyNumber, "?page=3")).status).toBe(404);
    expect((await invoicesPage(cookie, policyNumber, "?page=x")).status).toBe(400);
    // Another customer's list is a 404, as the documents are, and so is a policy that is no contract of the customer's.
    const other = await freshPolicyholder(app);
    expect((await invoicesPage(other.cookie, policyNumber)).status).toBe(404);
    expect((await invoicesPage(cookie, "EK-x")).status).toBe(404);
  });

  it("has no list while the ended contract is the one self-service's tabs show, and none for a contract of six invoices or fewer on the data page", async () => {
    const { client, code } = await policyholder("2026-05-15");
    const [latest]: Invoice[] = await json(await client.fetch("/api/invoices"));
    await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }));
    // CANCELLED: the bills tab lists them.
    expect((await invoicesPage(client.cookieHeader, latest.policyNumber)).status).toBe(404);
    expect(await (await client.fetch("/self-service/data")).text()).not.toContain("/self-service/data/earlier/invoices/");
    expect((await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }))).state).toBe("ACCOUNT_REGISTERED");
    // Signing up again: six invoices, all on the data page; the list has them too, on one page.
    expect(await (await client.fetch("/self-service/data")).text()).not.toContain("/self-service/data/earlier/invoices/");
    expect((await invoicesPage(client.cookieHeader, latest.policyNumber)).data).toMatchObject({ total: 6, page: 1, pages: 1 });
  });
});

describe("a withdrawn contract, its customer signing up again", () => {
  it("keeps its credited invoice (nothing to pay), its credit note and the confirmation of the withdrawal", async () => {
    const { client, code } = await policyholder(addDays(today(app.clock), -9));
    const [issued]: Invoice[] = await json(await client.fetch("/api/invoices"));
    await endAndSignUpAgain(client, code);
    const cookie = client.cookieHeader;
    const credit = issued.pid.replace("EK-", "KR-");

    const [contract] = (await dataPage(cookie)).earlier;
    expect(contract).toEqual({
      policyNumber: issued.policyNumber,
      ending: { kind: "withdrawal", on: today(app.clock) },
      invoices: [{ pid: issued.pid, date: issued.date, dueDate: null, sum: issued.sum, creditNote: credit }],
      creditNotes: [{ pid: credit, date: today(app.clock), invoicePid: issued.pid, sum: issued.sum }],
      changes: [],
      signedIn: "et",
      olderInvoices: 0,
    });
    const note = await documentPage(cookie, "credit-note", credit);
    expect(note.status).toBe(200);
    expect(JSON.stringify(note.data!.model)).toContain(credit);
    expect(await pdfStatus(client, note.data!.pdfHref)).toBe("application/pdf");
    // Credited: no QR code on the invoice's page.
    expect((await documentPage(cookie, "invoice", issued.pid)).data!.model.blocks.some((b) => b.kind === "qr")).toBe(false);
    const ending = await documentPage(cookie, "ending", issued.policyNumber);
    expect(ending.data!.model.title).toBe(`Kinnitus lepingust taganemise kohta ${issued.policyNumber}`);
    expect(await pdfStatus(client, `/api/documents/ending?policy=${issued.policyNumber}`)).toBe("application/pdf");

    // Another customer reaches none of it.
    const other = await freshPolicyholder(app);
    expect((await documentPage(other.cookie, "ending", issued.policyNumber)).status).toBe(404);
    expect((await documentPage(other.cookie, "credit-note", credit)).status).toBe(404);
    expect(await pdfStatus(other.client, `/api/documents/ending?policy=${issued.policyNumber}`)).toBe(404);
    // Nor a name that is no policy's, or a kind that has no page here (the signed application is its PDF alone, docs/decisions/0309).
    expect((await documentPage(cookie, "ending", "EK-x")).status).toBe(404);
    expect((await documentPage(cookie, "application", issued.policyNumber)).status).toBe(404);
    expect((await documentPage(other.cookie, "policy", issued.policyNumber)).status).toBe(404);
  });
});

describe("a customer who never had a policy", () => {
  it("has no earlier contract on the data page", async () => {
    const { client } = await customerAt(app, "package");
    expect((await dataPage(client.cookieHeader)).earlier).toEqual([]);
  });
});
