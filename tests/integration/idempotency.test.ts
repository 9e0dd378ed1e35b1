import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";

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

  it("never hands one customer's outcome to another", async () => {
    const [a, b] = [await newCustomer(), await newCustomer()];
    const key = `shared-${Math.random().toString(36).slice(2, 14)}-key`;
    await app.core.submissions.once({ key, customerId: a.id, form: "account" }, async () => ({ ok: true as const, value: "a" }));
    const other = await app.core.submissions.once({ key, customerId: b.id, form: "account" }, async () => ({ ok: true as const, value: "b" }));
    expect(other).toEqual({ ok: true, value: "b", replayed: false });
  });
});
