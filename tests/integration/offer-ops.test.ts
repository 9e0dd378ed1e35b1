/** The operator's door (/ops, npm run ops) and the invoice and policy PDF renderers. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_INVOICING } from "~/core/config";
import { renderInvoice } from "~/core/documents/index";
import { invoiceTransfer } from "~/core/invoices";
import { policyReferenceNumber } from "~/core/payment";
import { allNo } from "~/core/demo/ready-to-sign";
import { startTestApp, type TestApp } from "../support/app";
import { pdfText } from "../support/pdf-text";
import { ALL_CONSENTS, customerReadyToSign } from "../support/offer-application";

const TOKEN = "ops-token-for-tests-0123456789abcdef0123";
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { OPS_TOKEN: TOKEN } });
});
afterAll(() => app.close());

describe("/ops", () => {
  it("needs the token; then lists and decides EUW cases", async () => {
    const { client, code } = await customerReadyToSign(app, {
      rows: { questionnaire: { type: "UW_L1", height: 170, weight: 70, content: { ...allNo("UW_L1"), treatment: true, treatmentExtra: { disease: "Astma", treatmentAndDuration: "2 aastat" } } } },
    });
    await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS });
    const config = await (await client.fetch("/api/sign/init", { method: "POST" })).json();
    await client.fetch(`/sign/demo/signing/${config.signingToken}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ access_token: config.accessToken, action: "sign", mode: "js" }).toString(),
    });
    expect(await (await client.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).toMatchObject({ state: "EUW" });

    expect((await fetch(`${app.url}/ops/euw`)).status).toBe(404);
    expect((await fetch(`${app.url}/ops/euw`, { headers: { Authorization: "Bearer wrong" } })).status).toBe(404);
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const list = await (await fetch(`${app.url}/ops/euw`, { headers: auth })).json();
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ personalCode: code, name: "Test Kasutaja" })]));
    const decided = await fetch(`${app.url}/ops/euw/${code}/decline`, { method: "POST", headers: auth });
    expect(await decided.json()).toEqual({ ok: true, value: { state: "SERVICE_UNAVAILABLE" } });
    expect(await (await fetch(`${app.url}/ops/activate`, { method: "POST", headers: auth })).json()).toEqual({ activated: [] });
  });
});

describe("invoice PDF", () => {
  it("has the pid, dates, lines, total, payment details and customer, in the customer's language", async () => {
    const invoice = {
      pid: "EK-42-202605",
      date: "2026-05-01",
      dueDate: "2026-05-15",
      sum: 2345,
      currency: "EUR" as const,
      discountPercent: 10,
      policyNumber: "EK-42",
      referenceNumber: policyReferenceNumber(42),
      lines: [
        { kind: "death" as const, cents: 1800 },
        { kind: "membership" as const, cents: 725 },
        { kind: "discount" as const, percent: 10, cents: -180 },
      ],
      issuer: DEMO_INVOICING.issuer,
      payee: DEMO_INVOICING.payee,
      customer: { firstName: "Юлия", lastName: "Šmidt", personalCode: "49005150229" },
      epcQr: "",
      issuedAt: "2026-05-01T08:00:00.000Z",
    };
    const bytes = await renderInvoice({ language: "ru", invoice: { ...invoice, epcQr: invoiceTransfer(invoice) } });
    const text = await pdfText(bytes);
    for (const part of ["Счёт EK-42-202605", "01.05.2026", "15.05.2026", "23,45 евро", "−1,80 евро", "EK-42", "Юлия Šmidt, 49005150229", "Бонус за здоровье 10%", "1000423"])
      expect(text).toContain(part);
  });
});
