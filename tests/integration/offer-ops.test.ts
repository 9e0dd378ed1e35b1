/** The operator's door (/ops, npm run ops) and the invoice and policy PDF renderers. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceModel, renderPdf } from "~/core/documents/index";
import { allNo } from "~/core/demo/ready-to-sign";
import { startTestApp, type TestApp } from "../support/app";
import { documentInvoice } from "../support/document-models";
import { pdfText } from "../support/pdf-text";
import { customerInUnderwriting } from "../support/offer-application";
import { runOps } from "../support/ops-command";
import { testDir } from "../support/temp-dir";

const TOKEN = "ops-token-for-tests-0123456789abcdef0123";
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { OPS_TOKEN: TOKEN } });
});
afterAll(() => app.close());

describe("/ops", () => {
  it("needs the token; then lists and decides EUW cases", async () => {
    const { code } = await euwCase();

    expect((await fetch(`${app.url}/ops/euw`)).status).toBe(404);
    expect((await fetch(`${app.url}/ops/euw`, { headers: { Authorization: "Bearer wrong" } })).status).toBe(404);
    const auth = { Authorization: `Bearer ${TOKEN}`, "Ops-Reason": encodeURIComponent("Weekly review of the open EUW cases") };
    const list = await (await fetch(`${app.url}/ops/euw`, { headers: auth })).json();
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ personalCode: code, name: "Test Kasutaja" })]));
    const decided = await fetch(`${app.url}/ops/euw/${code}/decline`, { method: "POST", headers: auth });
    expect(await decided.json()).toEqual({ ok: true, value: { state: "SERVICE_UNAVAILABLE" } });
    expect(await (await fetch(`${app.url}/ops/activate`, { method: "POST", headers: auth })).json()).toEqual({ activated: [] });
  });
});

/** An EUW case (signed with a yes on treatment), ready for the operator. */
async function euwCase() {
  const { code, customer } = await customerInUnderwriting(app, {
    questionnaire: { type: "UW_L1", height: 170, weight: 70, content: { ...allNo("UW_L1"), treatment: true, treatmentExtra: { disease: "Astma", treatmentAndDuration: "2 aastat" } } },
  });
  return { code, customerId: customer.id };
}

/** The operator's audit rows of a customer: what the customer will be shown. */
const operatorRows = (customerId: number) =>
  app.core.db.query<{ actor: string; action: string; subject: string; reason: string | null }>(
    `SELECT actor, action, subject, reason FROM health_data_audit WHERE customer_id = $1 AND actor = 'operator' ORDER BY id`,
    [customerId],
  );

describe("an operator's reason (issue 21 item 8)", () => {
  const auth = { Authorization: `Bearer ${TOKEN}` };
  const withReason = (reason: string) => ({ ...auth, "Ops-Reason": encodeURIComponent(reason) });

  it("is required by every /ops command: without one (or an empty, too short or multi-line one) it is refused and nothing is read", async () => {
    const { code, customerId } = await euwCase();
    for (const headers of [auth, withReason(""), withReason("because"), withReason("line one\u0007 and a bell"), withReason("line one\nand line two"), withReason("line one\r\nand line two"), withReason("line one\u0085and line two"), withReason("line one\u2028and line two"), withReason("a reason \u202eowt enil"), withReason("a reason with \u009b a CSI"), withReason("Accepting case 38503020139 after the call"), withReason("As asked by mari.maasikas@example.ee today"), { ...auth, "Ops-Reason": "%E0%A4%A" }]) {
      for (const [method, route] of [["GET", "/ops/euw"], ["POST", `/ops/euw/${code}/accept`], ["POST", "/ops/activate"]]) {
        const refused = await fetch(`${app.url}${route}`, { method, headers });
        expect(refused.status, `${method} ${route}`).toBe(400);
        expect(await refused.json()).toEqual({ errors: [{ code: "error.reason_required" }] });
      }
    }
    expect(await operatorRows(customerId)).toEqual([]);
    expect((await app.core.customers.byPersonalCode(code))!.state).toBe("EUW");
  });

  it("is recorded with an audit row for each customer a command showed or changed", async () => {
    const { code, customerId } = await euwCase();
    const reason = "Underwriter Kask reviews the asthma case (ticket UW-1042) — ärevus";
    const list = await (await fetch(`${app.url}/ops/euw`, { headers: withReason(reason) })).json();
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ personalCode: code })]));
    expect(await operatorRows(customerId)).toEqual([{ actor: "operator", action: "read", subject: "euw:list", reason }]);
    // Every listed customer got a row of that read, in the same statement.
    const listed = await app.core.db.query<{ n: number }>(
      `SELECT count(DISTINCT customer_id)::int AS n FROM health_data_audit WHERE actor = 'operator' AND subject = 'euw:list' AND reason = $1`,
      [reason],
    );
    expect(listed[0].n).toBe(list.length);

    const accepted = await fetch(`${app.url}/ops/euw/${code}/accept`, { method: "POST", headers: withReason("Accepted after the GP's letter") });
    expect(await accepted.json()).toEqual({ ok: true, value: { state: "SELF_SERVICE" } });
    expect((await operatorRows(customerId)).slice(1)).toEqual([{ actor: "operator", action: "write", subject: "euw:accept", reason: "Accepted after the GP's letter" }]);
  });

  it("is required by npm run ops, which sends it to the running server (or records it itself)", async () => {
    const { code, customerId } = await euwCase();
    const dataDir = testDir("elukaitse-ops-");
    const run = (args: string[]) => runOps(args, { NODE_ENV: "test", OPS_TOKEN: TOKEN, OPS_URL: app.url, DATA_DIR: dataDir });
    const refused = await run(["euw", "decline", code]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--reason");
    expect((await run(["euw", "decline", code, "--reason", "short"])).code).toBe(2);
    expect(await operatorRows(customerId)).toEqual([]);

    const done = await run(["euw", "decline", code, "--reason", "Declined: the treatment is ongoing"]);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ ok: true, value: { state: "SERVICE_UNAVAILABLE" } });
    expect(await operatorRows(customerId)).toEqual([{ actor: "operator", action: "write", subject: "euw:decline", reason: "Declined: the treatment is ongoing" }]);
  }, 240_000);
});

describe("invoice PDF", () => {
  it("has the pid, dates, lines, total, payment details and customer, in the customer's language", async () => {
    const invoice = documentInvoice({ firstName: "Юлия", lastName: "Šmidt", personalCode: "49005150229" });
    const bytes = await renderPdf(invoiceModel({ language: "ru", invoice }));
    const text = await pdfText(bytes);
    for (const part of ["Счёт EK-42-202605", "01.05.2026", "15.05.2026", "23,45 €", "−1,80 €", "EK-42", "Юлия Šmidt, 49005150229", "Скидка за благополучие (10%)", "1000423"])
      expect(text).toContain(part);
  });
});
