/**
 * A customer's requests racing each other, and the operator's (docs/decisions/0276): fired at
 * once, round after round on fresh customers, they are answered 2xx or 4xx, never 5xx, with one
 * effect each. On PostgreSQL (TEST_DATABASE_URL) they really run at once, each on its own
 * connection, as two tabs or two app processes would; PGlite runs them one after another and
 * the outcomes must be the same.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { today } from "~/core/clock";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerAt, door, saveStep } from "../support/reach";
import { REGISTRATION, signInDemoFrame } from "../support/walk";

// Each test walks 20–41 customers and races them round after round: 7–20 s alone, past the
// default 30 s when the two cores are shared (three of them timed out so).
vi.setConfig({ testTimeout: 90_000 });

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ROUNDS = 20;
const ACTIVATION_ROUNDS = 40;
const rounds = <T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => make(i)));
const newKey = (form: string) => `race-${form}-${Math.random().toString(36).slice(2, 14)}`;
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A post's status and the start of its body (what a failed expectation shows). */
async function posted(client: Client, path: string, json: unknown): Promise<{ status: number; body: string }> {
  const response = await client.fetch(path, { method: "POST", json });
  return { status: response.status, body: (await response.text()).slice(0, 200) };
}

const withdrawal = (code: string) => ({ confirm: true, method: "smart-id", idCode: code, submissionKey: newKey("withdrawal") });

describe("one customer's forms at once, each with its own submission key (two tabs)", () => {
  it("saves every step, none answered 500", async () => {
    const customers = await rounds(ROUNDS, () => customerAt(app, "account"));
    const answers: { status: number; body: string }[] = [];
    for (const { client } of customers) {
      const score = { answers: { steps: { value: 9000, manual: true }, activeDays: { value: 5 }, smoking: { value: false }, sleepHours: { value: 8 }, stress: { value: 3 } } };
      const saves = [
        ["/api/onboarding/registration", REGISTRATION],
        ["/api/score", score],
        ["/api/onboarding/proposal", { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL"] }],
      ] as const;
      for (const [path, body] of saves) answers.push(...(await rounds(3, () => posted(client, path, { ...body, submissionKey: newKey("step") }))));
    }
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
  });

  it("ends the policy once: one withdrawal withdraws, the other is told there is nothing left to end", async () => {
    const holders = await rounds(ROUNDS, () => freshPolicyholder(app));
    for (const { client, code, customer } of holders) {
      const answers = await rounds(2, () => posted(client, "/api/self-service/withdrawal", withdrawal(code)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const ended = await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE customer_id = $1 AND subject LIKE 'policy:%'`, [customer.id]);
      expect(ended).toHaveLength(1);
    }
  });

  it("keeps one change of contact and one pending change of beneficiaries; the other forms are told what changed meanwhile", async () => {
    const holders = await rounds(ROUNDS, () => freshPolicyholder(app));
    for (const { client, customer } of holders) {
      const shown = await (await client.fetch("/api/self-service/contact")).json();
      const contact = await rounds(3, (j) =>
        posted(client, "/api/self-service/contact", { email: `tab${j}@example.com`, phone: shown.phone, emailWas: shown.email, phoneWas: shown.phone, submissionKey: newKey("contact") }),
      );
      expect(contact.map((a) => a.status).sort()).toEqual([200, 400, 400]);
      const person = (firstName: string) => ({ type: "P", firstName, name: "Maasikas", idCode: "49005150229", sharePercent: 100, email: "mari@example.com", phone: "+372 5555 1234" });
      const changes = await rounds(3, (j) => posted(client, "/api/self-service/beneficiaries/change", { beneficiaries: [person(`Tab${j}`)], submissionKey: newKey("beneficiaries") }));
      expect(changes.filter((a) => a.status !== 200)).toEqual([]);
      const pending = await app.core.db.query(`SELECT 1 FROM beneficiary_changes WHERE customer_id = $1 AND status = 'pending'`, [customer.id]);
      expect(pending).toHaveLength(1);
    }
  });
});

describe("the signing", () => {
  it("completed twice at once while a new signing starts: at most one policy, there when a completion said so, no 500", async () => {
    const signed = await rounds(ROUNDS, async () => {
      const at = await customerAt(app, "offer");
      await saveStep(at.client, "offer");
      await signInDemoFrame(door(at.client));
      return at;
    });
    for (const { client, customer } of signed) {
      const answers = await Promise.all([posted(client, "/api/sign/complete", {}), posted(client, "/api/sign/complete", {}), posted(client, "/api/sign/init", {})]);
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      // A completion that read the signing after the new start finds that one not signed yet
      // (409): only the latest signing counts. One told it was signed has its policy.
      expect(answers.slice(0, 2).filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
      const told = answers.slice(0, 2).some((a) => a.status === 200 && a.body.includes('"result":"SIGNED"'));
      const [row] = await app.core.db.query<{ policies: number; state: string }>(
        `SELECT count(*)::int AS policies, (SELECT state FROM customers WHERE id = $1) AS state FROM policies WHERE customer_id = $1`,
        [customer.id],
      );
      expect(row).toEqual(told ? { policies: 1, state: "AGREEMENT_SIGNED" } : { policies: 0, state: "BENEFICIARIES_DEFINED" });
    }
  });
});

describe("the start day's activation", () => {
  it("racing a withdrawal on the start day and another process's activation: the policy ends once, nothing fails", async () => {
    const [first, ...signed] = await rounds(ACTIVATION_ROUNDS + 1, () => customerAt(app, "confirmation"));
    const startToday = (customerId: number) => app.core.db.query(`UPDATE policies SET start_date = $2 WHERE customer_id = $1`, [customerId, today(app.clock)]);
    // How long a withdrawal takes here: the activations land anywhere in it (its e-ID check,
    // the invoices, its transaction), round after round.
    const began = Date.now();
    expect((await posted(first.client, "/api/self-service/withdrawal", withdrawal(first.code))).status).toBe(200);
    const took = Date.now() - began;
    for (const [i, { client, code, customer }] of signed.entries()) {
      await startToday(customer.id);
      // Two rounds at once: two app processes' hourly activation (or the confirmation page's).
      const activation = () => after(Math.round((i * took * 1.2) / ACTIVATION_ROUNDS)).then(() => app.core.offer.operations.activateDue());
      const [withdrawn, ...activations] = await Promise.all([posted(client, "/api/self-service/withdrawal", withdrawal(code)), activation(), activation()]);
      expect(withdrawn.status, withdrawn.body).toBe(200);
      expect(activations.flatMap((a) => a.activated).filter((c) => c === code).length).toBeLessThanOrEqual(1);
      const [row] = await app.core.db.query(`SELECT c.state, p.status FROM customers c JOIN policies p ON p.customer_id = c.id WHERE c.id = $1`, [customer.id]);
      expect(row).toEqual({ state: "WITHDRAWN", status: "WITHDRAWN" });
    }
  });
});

describe("the activity tracker's consent", () => {
  it("approved on the provider's page while self-service withdraws it: one answers, nothing fails, no connection stays", async () => {
    const holders = await rounds(ROUNDS, () => freshPolicyholder(app));
    for (const { client, customer } of holders) {
      const started = await (await client.fetch("/api/integrations/activity/start", { method: "POST" })).json();
      const token = new URL(started.consentUrl, app.url).searchParams.get("token");
      const [approved, withdrawn] = await Promise.all([
        posted(client, "/api/integrations/activity/consent", { token, decision: "approve" }),
        posted(client, "/api/self-service/consents", { consent: "activity", given: false, submissionKey: newKey("consent") }),
      ]);
      expect([approved.status, withdrawn.status].filter((s) => s >= 500)).toEqual([]);
      expect(withdrawn.status, withdrawn.body).toBe(200);
      const connections = await app.core.db.query(`SELECT status FROM activity_connections WHERE customer_id = $1`, [customer.id]);
      expect(connections).toEqual([]);
    }
  });
});
