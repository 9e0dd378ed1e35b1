/**
 * The beneficiaries step (issue 4): the /api paths and the /beneficiaries loader and action,
 * on a fresh database. Customers are put on the step with SQL (QUESTIONNAIRE_COMPLETE), as the
 * package and questionnaire steps would leave them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_KEY_FIELD } from "~/core/idempotency";
import type { OnboardingState } from "~/lib/route-access";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PERSON = { type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 60, email: "mari@example.ee", phone: "+372 5555 1234" };
const COMPANY = { type: "C", name: "Näidis OÜ", idCode: "10123456", sharePercent: 40, email: "info@naidis.ee", phone: "+372 600 1234" };

/** A customer signed in through /api and put in `state` (by default on the beneficiaries step). */
async function customerIn(state: OnboardingState = "QUESTIONNAIRE_COMPLETE") {
  const client = new Client(app.url);
  const code = freshPersonalCode({ age: 35 });
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  await app.core.db.query(`UPDATE customers SET state = $2 WHERE personal_code = $1`, [code, state]);
  const customer = (await app.core.customers.byPersonalCode(code))!;
  return { client, customer, code };
}

async function stateOf(customerId: number) {
  const [row] = await app.core.db.query<{ state: string }>(`SELECT state FROM customers WHERE id = $1`, [customerId]);
  return row.state;
}

const key = () => `bnf-${Math.random().toString(36).slice(2, 14)}-${Date.now().toString(36)}`;

describe("GET /api/onboarding/beneficiaries", () => {
  it("answers 401 without a session", async () => {
    const response = await new Client(app.url).fetch("/api/onboarding/beneficiaries");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: [{ code: "error.unauthenticated" }] });
  });

  it("is an empty list before the first save, then the saved list in order", async () => {
    const { client } = await customerIn();
    const before = await client.fetch("/api/onboarding/beneficiaries");
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual([]);
    const saved = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, COMPANY] } });
    expect(saved.status).toBe(200);
    expect(await (await client.fetch("/api/onboarding/beneficiaries")).json()).toEqual([PERSON, { ...COMPANY, firstName: null }]);
  });
});

describe("POST and PUT /api/onboarding/beneficiaries", () => {
  it("saves, moves QUESTIONNAIRE_COMPLETE → BENEFICIARIES_DEFINED and points to /offer", async () => {
    const { client, customer } = await customerIn();
    const response = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, COMPANY] } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ state: "BENEFICIARIES_DEFINED", redirectTo: "/offer", replayed: false });
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
    // core.beneficiaries.list is what the offer document and self-service read.
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([PERSON, { ...COMPANY, firstName: null }]);
  });

  it("replaces the list on a re-save (PUT as well) and never moves a later state back", async () => {
    const { client, customer } = await customerIn();
    await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, COMPANY] } });
    const again = await client.fetch("/api/onboarding/beneficiaries", {
      method: "PUT",
      json: { beneficiaries: [{ ...COMPANY, sharePercent: 100, firstName: "dropped" }] },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ state: "BENEFICIARIES_DEFINED" });
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([{ ...COMPANY, sharePercent: 100, firstName: null }]);
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
  });

  it("answers field errors with their context, and keeps nothing", async () => {
    const { client, customer } = await customerIn();
    const response = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: {
        beneficiaries: [
          { ...PERSON, idCode: "49005150228", sharePercent: 50 },
          { ...COMPANY, idCode: "1234567", email: "nope", phone: "+372 55", sharePercent: "x" },
          { type: "P" },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { code: "error.idCode", context: "beneficiaries[0].idCode" },
        { code: "error.sharePercent", context: "beneficiaries[1].sharePercent" },
        { code: "error.phone", context: "beneficiaries[1].phone" },
        { code: "error.registryCode", context: "beneficiaries[1].idCode" },
        { code: "error.email", context: "beneficiaries[1].email" },
        { code: "error.required", context: "beneficiaries[2].sharePercent" },
        { code: "error.required", context: "beneficiaries[2].phone" },
        { code: "error.required", context: "beneficiaries[2].firstName" },
        { code: "error.required", context: "beneficiaries[2].name" },
        { code: "error.required", context: "beneficiaries[2].idCode" },
        { code: "error.required", context: "beneficiaries[2].email" },
      ],
    });
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([]);
    expect(await stateOf(customer.id)).toBe("QUESTIONNAIRE_COMPLETE");
  });

  it("answers error.total on `beneficiaries` when the shares do not add up to 100", async () => {
    const { client, customer } = await customerIn();
    const response = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: { beneficiaries: [PERSON, { ...COMPANY, sharePercent: 30 }] },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ code: "error.total", context: "beneficiaries" }] });
    expect(await stateOf(customer.id)).toBe("QUESTIONNAIRE_COMPLETE");
  });

  it("refuses an empty list and a body that is not an object", async () => {
    const { client } = await customerIn();
    const empty = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [] } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ errors: [{ code: "error.required", context: "beneficiaries" }] });
    const missing = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: {} });
    expect(await missing.json()).toEqual({ errors: [{ code: "error.required", context: "beneficiaries" }] });
    const list = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: [PERSON] });
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({ errors: [{ code: "error.invalid" }] });
  });

  it("answers 409 error.wrong_state when the state does not allow the step", async () => {
    for (const state of ["SERVICE_SELECTED", "QUESTIONNAIRE_REQ_CHANGE", "AGREEMENT_SIGNED", "SELF_SERVICE"] as const) {
      const { client, customer } = await customerIn(state);
      const response = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [{ ...PERSON, sharePercent: 100 }] } });
      expect(response.status, state).toBe(409);
      expect(await response.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });
      expect(await stateOf(customer.id)).toBe(state);
      expect(await app.core.beneficiaries.list(customer.id)).toEqual([]);
    }
  });

  it("has one effect when the same submissionKey is sent twice in parallel", async () => {
    const { client, customer } = await customerIn();
    const submissionKey = key();
    const send = () => client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, COMPANY], submissionKey } });
    const responses = await Promise.all([send(), send()]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(bodies.map((b) => b.replayed).sort()).toEqual([false, true]);
    expect(bodies.map((b) => b.state)).toEqual(["BENEFICIARIES_DEFINED", "BENEFICIARIES_DEFINED"]);
    const [{ count }] = await app.core.db.query<{ count: string }>(`SELECT count(*) FROM form_submissions WHERE key = $1`, [submissionKey]);
    expect(Number(count)).toBe(1);
    expect(await app.core.beneficiaries.list(customer.id)).toHaveLength(2);
    // A later replay of the key changes nothing even when the body differs.
    const replay = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: { beneficiaries: [{ ...PERSON, sharePercent: 100 }], submissionKey },
    });
    expect(await replay.json()).toMatchObject({ replayed: true });
    expect(await app.core.beneficiaries.list(customer.id)).toHaveLength(2);
  });

  it("lets a key be used again after a failed save", async () => {
    const { client } = await customerIn();
    const submissionKey = key();
    const failed = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: { beneficiaries: [{ ...PERSON, sharePercent: 90 }], submissionKey },
    });
    expect(failed.status).toBe(400);
    const fixed = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: { beneficiaries: [{ ...PERSON, sharePercent: 100 }], submissionKey },
    });
    expect(await fixed.json()).toEqual({ state: "BENEFICIARIES_DEFINED", redirectTo: "/offer", replayed: false });
  });

  it("answers 401 without a session", async () => {
    const response = await new Client(app.url).fetch("/api/onboarding/beneficiaries", { method: "PUT", json: { beneficiaries: [PERSON] } });
    expect(response.status).toBe(401);
  });
});

