import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionLog } from "~/core/idempotency";
import { startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { freshPolicyholder } from "../support/customers";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function newCustomer() {
  return app.core.customers.findOrCreate({ personalCode: freshPersonalCode({ age: 35 }), firstName: "Test", lastName: "Kasutaja" });
}

describe("submission keys (double-submit safety)", () => {
  it("runs the effect once per key and replays the first outcome", async () => {
    const customer = await newCustomer();
    let effects = 0;
    const effect = async () => ({ ok: true as const, value: { redirectTo: `/score#${++effects}` } });
    const key = "k".repeat(10) + Math.random().toString(36).slice(2, 14);
    const first = await app.core.submissions.once({ key, customerId: customer.id, form: "account" }, effect);
    const second = await app.core.submissions.once({ key, customerId: customer.id, form: "account" }, effect);
    expect(first).toEqual({ ok: true, value: { redirectTo: "/score#1" }, replayed: false });
    expect(second).toEqual({ ok: true, value: { redirectTo: "/score#1" }, replayed: true });
    expect(effects).toBe(1);
  });

  it("has exactly one effect when the same submission races itself", async () => {
    const customer = await newCustomer();
    const key = `race-${Math.random().toString(36).slice(2, 14)}-key`;
    const effect = async (tx: { query: (sql: string, params?: unknown[]) => Promise<unknown[]> }) => {
      await tx.query(`UPDATE customers SET email = coalesce(email, '') || 'x' WHERE id = $1`, [customer.id]);
      return { ok: true as const, value: { done: true } };
    };
    const results = await Promise.all([1, 2, 3].map(() => app.core.submissions.once({ key, customerId: customer.id, form: "account" }, effect)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const [row] = await app.core.db.query<{ email: string }>(`SELECT email FROM customers WHERE id = $1`, [customer.id]);
    expect(row.email).toBe("x");
  });

  it("keeps nothing after a failure, so the same key can be submitted again", async () => {
    const customer = await newCustomer();
    const key = `fail-${Math.random().toString(36).slice(2, 14)}-key`;
    const failed = await app.core.submissions.once({ key, customerId: customer.id, form: "account" }, async () => ({
      ok: false as const,
      failure: ["error.required"],
    }));
    expect(failed).toEqual({ ok: false, failure: ["error.required"], replayed: false });
    const retried = await app.core.submissions.once({ key, customerId: customer.id, form: "account" }, async () => ({ ok: true as const, value: 1 }));
    expect(retried).toEqual({ ok: true, value: 1, replayed: false });
  });

  it("runs every post without a key", async () => {
    const customer = await newCustomer();
    let effects = 0;
    for (const key of [undefined, null, "", "short"]) {
      await app.core.submissions.once({ key, customerId: customer.id, form: "account" }, async () => ({ ok: true as const, value: ++effects }));
    }
    expect(effects).toBe(4);
  });

  it("runs the same key sent with other values as a new save, whose outcome the key answers from then on (decision 0314)", async () => {
    const customer = await newCustomer();
    let effects = 0;
    const effect = async () => ({ ok: true as const, value: ++effects });
    const key = `values-${Math.random().toString(36).slice(2, 14)}-key`;
    const send = (posted: unknown) => app.core.submissions.once({ key, customerId: customer.id, form: "package", posted }, effect);
    expect(await send({ death: 100_000, services: ["MENTAL"] })).toEqual({ ok: true, value: 1, replayed: false });
    // The same values, their members in another order: a replay.
    expect(await send({ services: ["MENTAL"], death: 100_000 })).toEqual({ ok: true, value: 1, replayed: true });
    expect(await send({ death: 150_000, services: ["MENTAL"] })).toEqual({ ok: true, value: 2, replayed: false });
    expect(await send({ death: 150_000, services: ["MENTAL"] })).toEqual({ ok: true, value: 2, replayed: true });
    // Other values that fail keep the key's last outcome.
    const failed = await app.core.submissions.once({ key, customerId: customer.id, form: "package", posted: { death: 1 } }, async () => ({ ok: false as const, failure: ["error.min"] }));
    expect(failed).toEqual({ ok: false, failure: ["error.min"], replayed: false });
    expect(await send({ death: 150_000, services: ["MENTAL"] })).toEqual({ ok: true, value: 2, replayed: true });
    expect(effects).toBe(2);
  });

  it("keeps a keyed fingerprint of the values, never the values, and replays it after the session secret rotates", async () => {
    const customer = await newCustomer();
    const key = `fingerprint-${Math.random().toString(36).slice(2, 14)}`;
    const posted = { height: 187, content: { smoking: true, diagnosis: "diabetes" } };
    await app.core.submissions.once({ key, customerId: customer.id, form: "questionnaire", posted }, async () => ({ ok: true as const, value: { saved: "first" } }));
    const [row] = await app.core.db.query<{ fingerprint: string }>(`SELECT fingerprint FROM form_submissions WHERE key = $1`, [key]);
    expect(row.fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.fingerprint).not.toBe(createHash("sha256").update(`questionnaire\n${JSON.stringify(posted)}`).digest("base64url"));
    // A new secret first, the old one kept to verify (SESSION_SECRETS).
    const rotated = submissionLog(app.core.db, app.clock, ["a-new-session-secret-of-32-characters!", ...app.config.sessionSecrets]);
    const again = await rotated.once({ key, customerId: customer.id, form: "questionnaire", posted }, async () => ({ ok: true as const, value: { saved: "second" } }));
    expect(again).toEqual({ ok: true, value: { saved: "first" }, replayed: true });
  });

  it("replays a key kept before its values' fingerprint was, whatever is sent with it", async () => {
    const customer = await newCustomer();
    const key = `before-0314-${Math.random().toString(36).slice(2, 14)}`;
    await app.core.submissions.once({ key, customerId: customer.id, form: "account", posted: { email: "a@example.ee" } }, async () => ({ ok: true as const, value: "first" }));
    await app.core.db.query(`UPDATE form_submissions SET fingerprint = NULL WHERE key = $1`, [key]);
    const again = await app.core.submissions.once({ key, customerId: customer.id, form: "account", posted: { email: "b@example.ee" } }, async () => ({ ok: true as const, value: "second" }));
    expect(again).toEqual({ ok: true, value: "first", replayed: true });
  });

  it("never hands one customer's outcome to another", async () => {
    const [a, b] = [await newCustomer(), await newCustomer()];
    const key = `shared-${Math.random().toString(36).slice(2, 14)}-key`;
    await app.core.submissions.once({ key, customerId: a.id, form: "account" }, async () => ({ ok: true as const, value: "a" }));
    const other = await app.core.submissions.once({ key, customerId: b.id, form: "account" }, async () => ({ ok: true as const, value: "b" }));
    expect(other).toEqual({ ok: true, value: "b", replayed: false });
  });
});

describe("a submission key the log cannot take, at the /api (docs/decisions/0356)", () => {
  it("is refused with 400 error.invalid on submissionKey before the save runs; a valid key, null or none is taken", async () => {
    const { client } = await freshPolicyholder(app);
    const contact = (submissionKey?: unknown) => client.fetch("/api/self-service/contact", { method: "POST", json: { email: "uus@example.com", phone: "+372 5123 4567", ...(submissionKey === undefined ? {} : { submissionKey }) } });
    for (const bad of ["short-key", "k".repeat(65), "with space in it 1234", "k-0.5123456789123", 1234567890123456789, true, ["k".repeat(20)], { k: 1 }, ""]) {
      const refused = await contact(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(await refused.json()).toEqual({ errors: [{ code: "error.invalid", context: "submissionKey" }] });
    }
    // Nothing was saved by the refusals: the address is still the first.
    const before = await (await client.fetch("/api/account/user")).json();
    expect(JSON.stringify(before)).not.toContain("uus@example.com");
    const key = `contact-${"k".repeat(16)}`;
    const first = await contact(key);
    expect(first.status).toBe(200);
    expect((await first.json()).replayed).toBe(false);
    expect((await (await contact(key)).json()).replayed).toBe(true);
    expect((await contact(null)).status).toBe(200);
    expect((await contact()).status).toBe(200);
  });
});
