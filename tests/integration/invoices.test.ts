/**
 * Payable invoices (docs/decisions/0030): issued once and never changed (the code path and
 * the database's trigger), everything a bank needs in /api/invoices, and the EPC QR code on
 * the PDF decoded from the rendered page and compared with the invoice.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, addMonths } from "~/core/clock";
import { DEMO_INVOICING } from "~/core/config";
import { migrate } from "~/core/db/migrations";
import { invoiceLines, type Invoice } from "~/core/invoices";
import { policyReferenceNumber, creditorReference, isCreditorReference } from "~/core/payment";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { freshPolicyholder, signedInAgain } from "../support/customers";
import { databaseBefore } from "../support/database";
import { isReferenceNumber } from "../support/payment";
import { pdfText } from "../support/pdf-text";
import { FULL_ANSWERS } from "../support/score-answers";
import { testDir } from "../support/temp-dir";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A fresh policyholder (tests/support/customers.ts) with their policy's id and estimation. */
async function policyholder() {
  const { client, customer, code } = await freshPolicyholder(app);
  const [policy] = await app.core.db.query<{ id: number | string; estimation: Parameters<typeof invoiceLines>[0] }>(
    `SELECT id, estimation FROM policies WHERE customer_id = $1`,
    [customer.id],
  );
  return { client, customer, code, policyId: Number(policy.id), estimation: policy.estimation };
}

const pdfBytes = async (client: Client, pid: string, lng = "et") => {
  const response = await client.fetch(`/api/invoices/${pid}?lng=${lng}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/** What a banking app reads: the PDF's first page rendered (poppler) and the QR code in it decoded (zbar). */
function decodeQr(pdf: Uint8Array): string {
  const dir = testDir("invoice-qr-");
  writeFileSync(path.join(dir, "invoice.pdf"), pdf);
  execFileSync("pdftoppm", ["-r", "150", "-f", "1", "-l", "1", "-png", path.join(dir, "invoice.pdf"), path.join(dir, "page")]);
  const page = readdirSync(dir).find((f) => f.endsWith(".png"))!;
  return execFileSync("zbarimg", ["--quiet", "--raw", "-Sbinary", path.join(dir, page)], { stdio: ["ignore", "pipe", "ignore"] }).toString("utf8").replace(/\n$/, "");
}

describe("an issued invoice", () => {
  it("lists what a bank needs: payee and account, reference number, due date, the lines and the total", async () => {
    const { client, customer, policyId, estimation } = await policyholder();
    const invoices: Invoice[] = await (await client.fetch("/api/invoices")).json();
    expect(invoices).toHaveLength(7);
    for (const invoice of invoices) {
      expect(invoice).toMatchObject({
        currency: "EUR",
        policyNumber: `EK-${policyId}`,
        referenceNumber: policyReferenceNumber(policyId),
        creditorReference: creditorReference(policyReferenceNumber(policyId)),
        dueDate: addDays(invoice.date, DEMO_INVOICING.dueDays),
        issuer: DEMO_INVOICING.issuer,
        payee: DEMO_INVOICING.payee,
        customer: { firstName: customer.firstName, lastName: customer.lastName, personalCode: customer.personalCode },
      });
      expect(isReferenceNumber(invoice.referenceNumber)).toBe(true);
      expect(isCreditorReference(invoice.creditorReference)).toBe(true);
      expect(invoice.lines).toEqual(invoiceLines(estimation, invoice.discountPercent));
      expect(invoice.lines.reduce((s, l) => s + l.cents, 0)).toBe(invoice.sum);
      expect(invoice.lines.map((l) => l.kind)).toEqual(["death", "disability", "service", "service", "membership", "discount"]);
    }
  });

  it("has its own reference number per policy", async () => {
    const [a, b] = [await policyholder(), await policyholder()];
    const [ia] = await (await a.client.fetch("/api/invoices")).json();
    const [ib] = await (await b.client.fetch("/api/invoices")).json();
    expect(ia.referenceNumber).not.toBe(ib.referenceNumber);
  });

  it("keeps its amount and its PDF bytes after a later score save", async () => {
    const { client } = await policyholder();
    const before: Invoice[] = await (await client.fetch("/api/invoices")).json();
    const pdfs = await Promise.all(before.map((i) => pdfBytes(client, i.pid)));
    app.clock.set(new Date(app.clock.now().getTime() + 60_000));
    const saved = await client.fetch("/api/score/periods/new", { method: "POST", json: { answers: FULL_ANSWERS } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).discountPercent).not.toBe(before[0].discountPercent);
    app.clock.set(new Date(app.clock.now().getTime() + 60_000));
    const after: Invoice[] = await (await client.fetch("/api/invoices")).json();
    expect(after).toEqual(before);
    for (const [n, invoice] of after.entries()) expect(Buffer.compare(await pdfBytes(client, invoice.pid), pdfs[n])).toBe(0);
  });

  it("is refused by the database when its amount, discount or lines change", async () => {
    const { client } = await policyholder();
    const [invoice] = await (await client.fetch("/api/invoices")).json();
    for (const change of [
      `sum_cents = sum_cents + 1`,
      `discount_percent = discount_percent + 1`,
      `lines = '[]'::jsonb`,
      `reference = '1234561'`,
      `due_date = due_date + 1`,
      `parties = '{}'::jsonb`,
    ]) {
      await expect(app.core.db.query(`UPDATE invoices SET ${change} WHERE pid = $1`, [invoice.pid]), change).rejects.toThrow(/cannot change/);
    }
    const [again] = await (await client.fetch("/api/invoices")).json();
    expect(again).toEqual(invoice);
  });
});

describe("the invoice PDF", () => {
  it("carries an EPC QR code a banking app decodes into the invoice's transfer", async () => {
    const { client } = await policyholder();
    const [invoice]: Invoice[] = await (await client.fetch("/api/invoices")).json();
    const decoded = decodeQr(await pdfBytes(client, invoice.pid));
    expect(decoded).toBe(invoice.epcQr);
    const lines = decoded.split("\n");
    expect(lines.slice(0, 4)).toEqual(["BCD", "002", "1", "SCT"]);
    expect(lines[4]).toBe(invoice.payee.bic);
    expect(lines[5]).toBe(invoice.payee.name);
    expect(lines[6]).toBe(invoice.payee.iban);
    expect(lines[7]).toBe(`EUR${(invoice.sum / 100).toFixed(2)}`);
    expect(lines[8]).toBe("INSU");
    // EPC069-12's structured reference is ISO 11649: the RF form of the Estonian number (docs/decisions/0185).
    expect(lines[9]).toBe(invoice.creditorReference);
    expect(lines[9]).toBe(`RF${lines[9].slice(2, 4)}${invoice.referenceNumber}`);
    expect(isCreditorReference(lines[9])).toBe(true);
    expect(lines[10]).toBe("");
    expect(lines[11]).toBe(invoice.pid);
  });

  it.each(["et", "en", "ru"])("prints both the Estonian reference number and its RF form (%s)", async (lng) => {
    const { client } = await policyholder();
    const [invoice]: Invoice[] = await (await client.fetch("/api/invoices")).json();
    const text = (await pdfText(await pdfBytes(client, invoice.pid, lng))).replace(/\s+/g, " ");
    const labels = { et: ["Viitenumber", "Rahvusvaheline viitenumber (RF)"], en: ["Reference number", "Creditor reference (RF)"], ru: ["Номер ссылки", "Международный номер ссылки (RF)"] }[lng]!;
    expect(text).toContain(`${labels[0]} ${invoice.referenceNumber}`);
    expect(text).toContain(`${labels[1]} ${creditorReference(invoice.referenceNumber, { spaced: true })}`);
  });
});

describe("migration 0007_records", () => {
  it("gives an invoice issued before it the lines, reference number and due date issued now", async () => {
    const db = await databaseBefore("0007_records");
    try {
      const estimation = {
        premiumForDeathCover: 1254,
        premiumForDisabilityCover: 0,
        services: [{ serviceCode: "MENTAL" as const, premium: 490 }],
        membershipFee: 150,
        wellnessDiscountPercent: 12,
      };
      const [customer] = await db.query<{ id: number }>(
        `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, sex, state, created_at, updated_at)
         VALUES ('38503020139', 'Jaan', 'Tamm', '1985-03-02', 'M', 'SELF_SERVICE', now(), now()) RETURNING id`,
      );
      const [policy] = await db.query<{ id: number }>(
        `INSERT INTO policies (customer_id, status, signed_document, document_sha256, signed_at, start_date, death_cover, disability_cover, services, estimation, language)
         VALUES ($1, 'ACTIVE', '\\x00', 'x', now(), '2026-01-15', 100000, 0, '["MENTAL"]', $2, 'et') RETURNING id`,
        [customer.id, JSON.stringify(estimation)],
      );
      const lines = invoiceLines(estimation, 12);
      const sum = lines.reduce((s, l) => s + l.cents, 0);
      await db.query(
        `INSERT INTO invoices (pid, policy_id, customer_id, invoice_date, sum_cents, discount_percent) VALUES ('EK-1-202601', $1, $2, '2026-01-15', $3, 12)`,
        [policy.id, customer.id, sum],
      );
      await migrate(db);
      const [row] = await db.query<{ reference: string; due_date: string; lines: unknown; parties: unknown }>(
        `SELECT reference, due_date, lines, parties FROM invoices WHERE pid = 'EK-1-202601'`,
      );
      expect(row).toEqual({
        reference: policyReferenceNumber(Number(policy.id)),
        due_date: "2026-01-29",
        lines,
        parties: { customer: { firstName: "Jaan", lastName: "Tamm", personalCode: "38503020139" } },
      });
    } finally {
      await db.close();
    }
  });
});

describe("a score period saved before its invoices are read", () => {
  it("leaves the invoices dated up to the save at the discount in force on their date (docs/decisions/0011)", async () => {
    const { code } = await policyholder();
    const start = app.clock.now();
    try {
      // Today is an invoice date and no read has issued it yet: the save changes the invoices from the next date on.
      let client = await signedInAgain(app, code);
      const first = await client.fetch("/api/score/periods/new", { method: "POST", json: { answers: FULL_ANSWERS } });
      expect(first.status).toBe(200);
      const { discountPercent, profileId } = await first.json();
      expect(discountPercent).not.toBe(18);
      const [today] = (await (await client.fetch("/api/invoices")).json()) as Invoice[];
      expect(today.discountPercent).toBe(18);
      // A month on, the next invoice date passes unread; the period is saved again the day after it.
      app.clock.set(addDays(addMonths(today.date, 1), 1) + "T10:00:00Z");
      client = await signedInAgain(app, code);
      const again = await client.fetch(`/api/score/periods/${profileId}`, { method: "POST", json: { answers: { ...FULL_ANSWERS, stress: { value: 9 } } } });
      expect(again.status).toBe(200);
      const [next] = (await (await client.fetch("/api/invoices")).json()) as Invoice[];
      expect(next.date).toBe(addMonths(today.date, 1));
      expect(next.discountPercent).toBe(discountPercent);
    } finally {
      app.clock.set(start);
    }
  });
});
