/**
 * The holder of a contract that ended withdraws the registration's health-data consent online
 * (docs/decisions/0303, GDPR art. 7(3)): through POST /api/self-service/consents and the user
 * page's form post. Recorded, the state unchanged; for a withdrawn contract (never any cover)
 * every health datum erased but the signed document; for a cancelled one what no claim needs,
 * the questionnaire and the wellness answers it was concluded and priced on kept. Each erasure
 * audited; the same key twice does nothing twice; signing up again gives it again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as userAction, loader as userLoader } from "~/routes/self-service.user";
import type { ConsentRowData } from "~/lib/contact-fields";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { policyholderSince } from "../support/customers";
import { json } from "../support/reach";
import { expectRedirect, routeArgs, run } from "../support/routes";
import { REGISTRATION } from "../support/walk";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const withdraw = (client: Client, submissionKey?: string, given = false) =>
  client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "health-data", given, ...(submissionKey ? { submissionKey } : {}) } });

/** Ends the policy of a policyholder `daysAgo` days in: a withdrawal within 30 days, a cancellation after. */
async function ended(daysAgo: number) {
  const holder = await policyholderSince(app, daysAgo);
  const end = await json(await holder.client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: holder.code } }));
  expect(end.state).toBe(daysAgo <= 30 ? "WITHDRAWN" : "CANCELLED");
  return holder;
}

async function held(customerId: number) {
  const [row] = await app.core.db.query<Record<string, number | boolean>>(
    `SELECT (SELECT count(*)::int FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL) AS sign_up_profile,
            (SELECT count(*)::int FROM score_profiles WHERE customer_id = $1 AND period_start IS NOT NULL) AS period_profiles,
            (SELECT count(*)::int FROM questionnaires WHERE customer_id = $1) AS questionnaires,
            (SELECT bool_and(signed_document IS NOT NULL) FROM policies WHERE customer_id = $1) AS signed_documents,
            (SELECT health_data_agreement FROM registrations WHERE customer_id = $1) AS agreement`,
    [customerId],
  );
  return row;
}

async function erasures(customerId: number) {
  const rows = await app.core.db.query<{ subject: string }>(`SELECT subject FROM health_data_audit WHERE customer_id = $1 AND action = 'erase' ORDER BY id`, [customerId]);
  return rows.map((r) => r.subject.replace(/:\d+$/, ":{id}"));
}

async function events(customerId: number) {
  return app.core.db.query<{ consent: string; given: boolean; via: string }>(`SELECT consent, given, via FROM consent_events WHERE customer_id = $1 AND consent = 'health-data' ORDER BY id`, [customerId]);
}

const stateOf = async (code: string) => (await app.core.customers.byPersonalCode(code))!.state;

describe("after a withdrawal of the contract", () => {
  it("is shown as given, and withdrawing it erases every health datum but the signed document, once, the state unchanged", async () => {
    const { client, code, customer } = await ended(10);
    const before = await held(customer.id);
    expect(before).toMatchObject({ questionnaires: 1, signed_documents: true, agreement: true });
    expect(Number(before.sign_up_profile) + Number(before.period_profiles)).toBeGreaterThan(0);
    const listed = await json(await client.fetch("/api/self-service/consents"));
    expect(listed.consents.find((c: { consent: string }) => c.consent === "health-data")).toMatchObject({ given: true });

    const submissionKey = `key-${Date.now()}-w`;
    expect(await json(await withdraw(client, submissionKey))).toMatchObject({ consent: "health-data", given: false });
    expect(await held(customer.id)).toEqual({ sign_up_profile: 0, period_profiles: 0, questionnaires: 0, signed_documents: true, agreement: false });
    const erased = await erasures(customer.id);
    expect(erased).toContain("questionnaire");
    expect(erased).toContain("score:{id}");
    expect(await events(customer.id)).toEqual([expect.objectContaining({ given: false, via: "self-service" })]);
    expect(await stateOf(code)).toBe("WITHDRAWN");

    // The same key: the first answer; another: nothing more recorded or erased.
    expect(await json(await withdraw(client, submissionKey))).toMatchObject({ given: false, replayed: true });
    expect(await json(await withdraw(client))).toMatchObject({ given: false });
    expect(await events(customer.id)).toHaveLength(1);
    expect(await erasures(customer.id)).toEqual(erased);
    // Only the account step gives it again: signing up again.
    expect(await json(await withdraw(client, undefined, true), 400)).toEqual({ errors: [{ code: "error.consent.given_at_account", context: "given" }] });
    expect(await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }))).toMatchObject({ state: "ACCOUNT_REGISTERED" });
    expect((await events(customer.id)).at(-1)).toMatchObject({ given: true, via: "registration" });
    expect(await held(customer.id)).toMatchObject({ agreement: true });
  });
});

describe("after a cancellation", () => {
  it("keeps the questionnaire and the wellness answers the contract was concluded and priced on, and records the withdrawal", async () => {
    const { client, code, customer } = await ended(40);
    const before = await held(customer.id);
    expect(before).toMatchObject({ questionnaires: 1, signed_documents: true, agreement: true });
    expect(await json(await withdraw(client))).toMatchObject({ consent: "health-data", given: false });
    expect(await held(customer.id)).toEqual({ ...before, agreement: false });
    expect(await erasures(customer.id)).not.toContain("questionnaire");
    expect(await events(customer.id)).toEqual([expect.objectContaining({ given: false, via: "self-service" })]);
    expect(await stateOf(code)).toBe("CANCELLED");
  });

  it("is on the user page with what it keeps, and its form withdraws it (a plain post)", async () => {
    const { client, customer } = await ended(40);
    const cookie = client.cookieHeader;
    const page = await run<{ consents: ConsentRowData[] }>(() => userLoader(routeArgs(app, "/self-service/user?lng=en", { cookie })));
    const row = page.data!.consents.find((c) => c.consent === "health-data")!;
    expect(row).toMatchObject({ given: true, ended: "cancelled" });
    const form = { intent: "consent", consent: "health-data", submissionKey: row.submissionKey };
    expectRedirect(await run(() => userAction(routeArgs(app, "/self-service/user", { cookie, form }))), "/self-service/user");
    expect(await held(customer.id)).toMatchObject({ questionnaires: 1, agreement: false });
    const after = await run<{ consents: ConsentRowData[] }>(() => userLoader(routeArgs(app, "/self-service/user?lng=en", { cookie })));
    expect(after.data!.consents.find((c) => c.consent === "health-data")).toMatchObject({ given: false, ended: "cancelled" });
  });
});

describe("ending the contract for the consent's sake (/self-service/withdraw?reason=health-data)", () => {
  /** Ends the policy of a policyholder `daysAgo` days in, its reason the health-data consent. */
  async function endedForConsent(daysAgo: number) {
    const holder = await policyholderSince(app, daysAgo);
    const end = await json(await holder.client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: holder.code, reason: "health-data" } }));
    expect(end.state).toBe(daysAgo <= 30 ? "WITHDRAWN" : "CANCELLED");
    return holder;
  }

  it("a withdrawal records the consent withdrawn when it ended, and erases what the consent's own withdrawal would", async () => {
    const { client, customer } = await endedForConsent(10);
    expect(await events(customer.id)).toEqual([expect.objectContaining({ given: false, via: "self-service" })]);
    expect(await held(customer.id)).toEqual({ sign_up_profile: 0, period_profiles: 0, questionnaires: 0, signed_documents: true, agreement: false });
    expect(await erasures(customer.id)).toContain("questionnaire");
    const [ending] = await app.core.db.query<{ ended_at: Date }>(`SELECT ended_at FROM policies WHERE customer_id = $1`, [customer.id]);
    const listed = (await json(await client.fetch("/api/self-service/consents"))).consents.find((c: { consent: string }) => c.consent === "health-data");
    expect(listed).toEqual({ consent: "health-data", given: false, at: new Date(ending.ended_at).toISOString(), partner: null });
    // The data download holds the withdrawal.
    const download = await json(await client.fetch("/api/self-service/export"));
    expect(download.tables.consent_events).toEqual([expect.objectContaining({ consent: "health-data", given: false })]);
  });

  it("a cancellation records it too and keeps what claims under the contract need", async () => {
    const { customer } = await endedForConsent(40);
    expect(await events(customer.id)).toEqual([expect.objectContaining({ given: false, via: "self-service" })]);
    expect(await held(customer.id)).toMatchObject({ questionnaires: 1, signed_documents: true, agreement: false });
    expect(await erasures(customer.id)).not.toContain("questionnaire");
  });
});
