/**
 * What anonymous traffic and abandoned flows leave in the database is bounded: a sign-in
 * start stores nothing (docs/decisions/0120), and the housekeeping round (at start and
 * hourly, docs/operations.md) removes expired sessions, old sign-in events, a completed
 * sign-in's record once its token has ended, abandoned signings' documents and old
 * submission keys.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { today } from "~/core/clock";
import { Client, startTestApp, type TestApp } from "../support/app";
import { ALL_CONSENTS, customerReadyToSign } from "../support/offer-application";
import { freshPersonalCode } from "../support/personal-codes";
import { customerAt } from "../support/reach";
import { signedInCustomer } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const later = (ms: number) => app.clock.set(new Date(app.clock.now().getTime() + ms));
const MINUTE = 60_000;
const exists = async (sql: string, params: unknown[]) => (await app.core.db.query(sql, params)).length > 0;

describe("the housekeeping round", () => {
  it("keeps a completed sign-in's record while its token lives, and a signed-in session for a day", async () => {
    const completed = async () => Number((await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sign_ins_completed`))[0].n);
    const client = new Client(app.url);
    const before = await completed();
    expect((await client.fetch("/api/auth/init", { method: "POST" })).status).toBe(200);
    expect(await completed()).toBe(before);
    expect((await client.signIn(freshPersonalCode())).result).toBe("SUCCESS");
    expect(await completed()).toBe(before + 1);
    const signedIn = await signedInCustomer(app);

    later(14 * MINUTE);
    await app.core.housekeeping();
    expect(await completed()).toBe(before + 1);
    later(2 * MINUTE);
    const report = await app.core.housekeeping();
    expect(report.signInEvents).toBeGreaterThanOrEqual(1);
    expect(await completed()).toBe(0);
    expect(await app.core.sessions.get(signedIn.token)).not.toBeNull();

    later(24 * 60 * MINUTE);
    const { sessions } = await app.core.housekeeping();
    expect(sessions).toBeGreaterThanOrEqual(2);
    expect(await app.core.sessions.get(signedIn.token)).toBeNull();
  });

  it("ends an abandoned signing after a day and drops its document", async () => {
    const { client, customer } = await customerReadyToSign(app);
    expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
    expect((await client.fetch("/api/sign/init", { method: "POST" })).status).toBe(200);
    await app.core.housekeeping();
    expect(await exists(`SELECT 1 FROM signings WHERE customer_id = $1 AND status = 'pending' AND document IS NOT NULL`, [customer.id])).toBe(true);

    later(24 * 60 * MINUTE + 1000);
    const report = await app.core.housekeeping();
    expect(report.signings).toBeGreaterThanOrEqual(1);
    const [row] = await app.core.db.query<{ status: string; errors: string; document: Uint8Array | null }>(
      `SELECT status, errors, document FROM signings WHERE customer_id = $1`,
      [customer.id],
    );
    expect(row).toEqual({ status: "failed", errors: "abandoned", document: null });
  });

  it("removes submission keys and sign-in events once they can no longer matter", async () => {
    const { customer } = await signedInCustomer(app);
    const key = `housekeeping-${customer.id}-key-0001`;
    await app.core.db.query(`INSERT INTO form_submissions (key, customer_id, form, created_at) VALUES ($1, $2, 'test', $3)`, [key, customer.id, app.clock.now()]);
    await app.core.limiter.recordFailure({ clientAddress: `192.0.2.${customer.id % 250}` });
    const events = async () => Number((await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_failures`))[0].n);
    expect(await events()).toBeGreaterThan(0);

    later(16 * MINUTE);
    await app.core.housekeeping();
    expect(await events()).toBe(0);
    expect(await exists(`SELECT 1 FROM form_submissions WHERE key = $1`, [key])).toBe(true);

    later(24 * 60 * MINUTE);
    await app.core.housekeeping();
    expect(await exists(`SELECT 1 FROM form_submissions WHERE key = $1`, [key])).toBe(false);
  });

  it("activates a policy whose start day has come with an audit row naming the round, as an operator's activation has one naming the operator", async () => {
    const { customer } = await customerAt(app, "confirmation");
    await app.core.db.query(`UPDATE policies SET start_date = $2 WHERE customer_id = $1`, [customer.id, today(app.clock)]);
    const report = await app.core.housekeeping();
    expect(report.activated).toBeGreaterThanOrEqual(1);
    const [row] = await app.core.db.query(`SELECT c.state, p.status FROM customers c JOIN policies p ON p.customer_id = c.id WHERE c.id = $1`, [customer.id]);
    expect(row).toEqual({ state: "SELF_SERVICE", status: "ACTIVE" });
    // One write by the round, no reason (no operator gave one), kept beside the customer's other audit rows.
    const trace = await app.core.db.query(`SELECT actor, action, subject, reason FROM health_data_audit WHERE customer_id = $1 AND subject = 'policy:activate'`, [customer.id]);
    expect(trace).toEqual([{ actor: "system:housekeeping", action: "write", subject: "policy:activate", reason: null }]);
    // A round that finds nothing due records nothing more.
    await app.core.housekeeping();
    expect(await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE customer_id = $1 AND subject = 'policy:activate'`, [customer.id])).toHaveLength(1);
  });
});
