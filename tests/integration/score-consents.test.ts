/**
 * The score's consents in self-service (docs/decisions/0257): the activity tracker's connection
 * and the health measurement, given at the score and withdrawn in self-service as easily —
 * through /api/self-service/consents and the user page's form post, each giving and withdrawal
 * kept in consent_events, what the consent let us hold erased and each erasure audited, a
 * double submit applied once, and the scores saved before kept.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contactChangeService } from "~/core/contact-changes";
import { migrate, migrations } from "~/core/db/migrations";
import { action as dataAction, loader as dataLoader } from "~/routes/self-service.data";
import { action as userAction, loader as userLoader } from "~/routes/self-service.user";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { emptyDatabase } from "../support/database";
import { customerAt } from "../support/reach";
import { expectRedirect, routeArgs, run, signedInCustomer } from "../support/routes";

let app: TestApp;
let start: Date;
beforeAll(async () => {
  app = await startTestApp();
  start = app.clock.now();
});
afterAll(() => app.close());
// Each test moves the clock on for its own times: back to where the file began.
afterEach(() => app.clock.set(start));

const later = (seconds: number) => app.clock.set(new Date(app.clock.now().getTime() + seconds * 1000));
const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;

/** Connects the demo tracker as the score screen does: a consent request, approved on the provider's page. */
async function connectTracker(client: Client) {
  const started = await client.fetch("/api/integrations/activity/start", { method: "POST" });
  expect(started.status).toBe(200);
  const token = new URL((await started.json()).consentUrl, "http://localhost").searchParams.get("token");
  const decided = await client.fetch("/api/integrations/activity/consent", { method: "POST", json: { token, decision: "approve" } });
  expect(await decided.json()).toEqual({ status: "approved" });
  return token!;
}

async function measure(client: Client, result = { bpm: 58.4, bmi: 22.1 }) {
  const response = await client.fetch("/api/score/health-measurement", { method: "POST", json: result });
  expect(response.status).toBe(201);
}

async function consents(client: Client) {
  const response = await client.fetch("/api/self-service/consents");
  expect(response.status).toBe(200);
  return (await response.json()).consents as Array<{ consent: string; given: boolean; at: string | null; partner: string | null }>;
}

const withdraw = (client: Client, consent: string, submissionKey?: string) =>
  client.fetch("/api/self-service/consents", { method: "POST", json: { consent, given: false, ...(submissionKey ? { submissionKey } : {}) } });

async function events(customerId: number, consent: string) {
  return app.core.db.query<{ given: boolean; via: string; at: Date }>(`SELECT given, via, at FROM consent_events WHERE customer_id = $1 AND consent = $2 ORDER BY id`, [
    customerId,
    consent,
  ]);
}

async function erasures(customerId: number) {
  return app.core.db.query<{ actor: string; subject: string }>(`SELECT actor, subject FROM health_data_audit WHERE customer_id = $1 AND action = 'erase' ORDER BY id`, [
    customerId,
  ]);
}

const count = async (table: string, customerId: number) =>
  (await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE customer_id = $1`, [customerId]))[0].n;

describe("GET /api/self-service/consents: the score's consents", () => {
  it("are not given until the tracker is connected and a measurement taken; then given, each from its first giving, kept as given at the score", async () => {
    const { client, customer } = await freshPolicyholder(app);
    expect((await consents(client)).slice(1)).toEqual([
      { consent: "activity", given: false, at: null, partner: null },
      { consent: "measurement", given: false, at: null, partner: null },
    ]);

    await connectTracker(client);
    const connectedAt = app.clock.now().toISOString();
    later(60);
    await measure(client);
    const measuredAt = app.clock.now().toISOString();
    later(60);
    // Every measurement asks for the consent again; it stays given from the first.
    await measure(client, { bpm: 61, bmi: 22.3 });
    expect((await consents(client)).slice(1)).toEqual([
      { consent: "activity", given: true, at: connectedAt, partner: null },
      { consent: "measurement", given: true, at: measuredAt, partner: null },
    ]);
    expect(await events(customer.id, "activity")).toEqual([{ given: true, via: "score", at: new Date(connectedAt) }]);
    expect(await events(customer.id, "measurement")).toEqual([{ given: true, via: "score", at: new Date(measuredAt) }]);
  });
});

describe("POST /api/self-service/consents: withdrawing the score's consents", () => {
  it("ends the tracker's connection and erases its data, audited; the score saved with it stays, and a new connection is a new consent", async () => {
    const { client, customer } = await freshPolicyholder(app);
    await connectTracker(client);
    // The current period, saved with the tracker's steps and minutes.
    const saved = await client.fetch("/api/score/periods/new", { method: "POST", json: { answers: { smoking: { value: false } } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { profileId, score } = await saved.json();
    const before = await (await client.fetch(`/api/score/periods/${profileId}`)).json();
    expect(before.answers.steps).toMatchObject({ manual: false, autoEnabled: true, autoValue: expect.any(Number) });

    later(60);
    const response = await withdraw(client, "activity", key());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ consent: "activity", given: false, at: app.clock.now().toISOString(), partner: null, replayed: false });

    expect(await count("activity_connections", customer.id)).toBe(0);
    expect(await (await client.fetch("/api/integrations/activity/poll")).json()).toEqual({ status: "none" });
    expect(await erasures(customer.id)).toEqual([{ actor: `customer:${customer.id}`, subject: `activity:${customer.id}` }]);
    expect((await events(customer.id, "activity")).map(({ given, via }) => ({ given, via }))).toEqual([
      { given: true, via: "score" },
      { given: false, via: "self-service" },
    ]);
    // Processing before the withdrawal stays lawful: the saved score stays as it was.
    const { items } = await (await client.fetch("/api/score/periods")).json();
    expect(items.find((item: { pid: number | null }) => item.pid === profileId)).toMatchObject({ score });
    // No automatic value any more: the score step offers a new connection.
    const after = await (await client.fetch(`/api/score/periods/${profileId}`)).json();
    expect(after).toMatchObject({ score, activity: { status: "none", days: null } });
    expect(after.answers.steps).toMatchObject({ autoEnabled: false, autoValue: null });
    const pulled = await client.fetch("/api/integrations/activity/pull", { method: "POST" });
    expect(pulled.status).toBe(409);

    later(60);
    await connectTracker(client);
    expect((await consents(client)).find((c) => c.consent === "activity")).toEqual({ consent: "activity", given: true, at: app.clock.now().toISOString(), partner: null });
    expect((await events(customer.id, "activity")).map((e) => e.given)).toEqual([true, false, true]);
  });

  it("erases every stored measurement, each erasure audited; a new measurement gives the consent again", async () => {
    const { client, customer } = await freshPolicyholder(app);
    await measure(client);
    await measure(client, { bpm: 70, bmi: 25 });
    const ids = (await app.core.db.query<{ id: string }>(`SELECT id FROM health_measurements WHERE customer_id = $1 ORDER BY id`, [customer.id])).map((r) => r.id);
    expect(ids).toHaveLength(2);

    later(60);
    const response = await withdraw(client, "measurement");
    expect(await response.json()).toMatchObject({ consent: "measurement", given: false, at: app.clock.now().toISOString() });
    expect(await count("health_measurements", customer.id)).toBe(0);
    expect(await erasures(customer.id)).toEqual(ids.map((id) => ({ actor: `customer:${customer.id}`, subject: `measurement:${id}` })));
    const view = await (await client.fetch("/api/score/periods/new")).json();
    expect(view.health).toEqual({ measuredAt: null });
    expect(view.answers.restingHeartRate).toMatchObject({ autoEnabled: false, autoValue: null });

    later(60);
    await measure(client);
    expect((await events(customer.id, "measurement")).map(({ given, via }) => ({ given, via }))).toEqual([
      { given: true, via: "score" },
      { given: false, via: "self-service" },
      { given: true, via: "score" },
    ]);
    expect((await consents(client)).find((c) => c.consent === "measurement")).toMatchObject({ given: true, at: app.clock.now().toISOString() });
  });

  it("applies a double submit once: the same key gets the first answer, replayed", async () => {
    const { client, customer } = await freshPolicyholder(app);
    await connectTracker(client);
    const submissionKey = key();
    const [a, b] = await Promise.all([withdraw(client, "activity", submissionKey), withdraw(client, "activity", submissionKey)]);
    const answers = [await a.json(), await b.json()];
    expect(answers.map((x) => x.replayed).sort()).toEqual([false, true]);
    expect(answers[0]).toMatchObject({ consent: "activity", given: false });
    expect(answers[1]).toMatchObject({ consent: "activity", given: false });
    expect((await events(customer.id, "activity")).map((e) => e.given)).toEqual([true, false]);
    expect(await erasures(customer.id)).toHaveLength(1);
  });

  it("gives none of them (the score does), and withdrawing one not given records nothing but ends a pending request", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const give = await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "activity", given: true } });
    expect(give.status).toBe(400);
    expect(await give.json()).toEqual({ errors: [{ code: "error.consent.given_at_score", context: "given" }] });

    expect(await (await withdraw(client, "measurement")).json()).toEqual({ consent: "measurement", given: false, at: null, partner: null, replayed: false });
    // A request started but not decided: the consent page can no longer approve it.
    const started = await (await client.fetch("/api/integrations/activity/start", { method: "POST" })).json();
    const token = new URL(started.consentUrl, "http://localhost").searchParams.get("token");
    expect(await (await withdraw(client, "activity")).json()).toMatchObject({ consent: "activity", given: false, at: null });
    expect(await count("activity_connections", customer.id)).toBe(0);
    const approve = await client.fetch("/api/integrations/activity/consent", { method: "POST", json: { token, decision: "approve" } });
    expect(approve.status).toBe(404);
    expect(await app.core.db.query(`SELECT 1 FROM consent_events WHERE customer_id = $1 AND consent IN ('activity', 'measurement')`, [customer.id])).toEqual([]);
    expect(await erasures(customer.id)).toEqual([]);
  });

  it("are withdrawn by an applicant still signing up as by a policyholder (docs/decisions/0263), or by refusing on the tracker's page", async () => {
    const { client, customer } = await customerAt(app, "score");
    const token = await connectTracker(client);
    await measure(client);
    const state = (await app.core.customers.byPersonalCode(customer.personalCode))!.state;
    later(30);
    expect(await (await withdraw(client, "measurement")).json()).toMatchObject({ consent: "measurement", given: false, replayed: false });
    expect(await count("health_measurements", customer.id)).toBe(0);
    expect((await events(customer.id, "measurement")).map(({ given, via }) => ({ given, via }))).toEqual([
      { given: true, via: "score" },
      { given: false, via: "self-service" },
    ]);
    // Nothing else moves: the customer signs up on from where they were.
    expect((await app.core.customers.byPersonalCode(customer.personalCode))!.state).toBe(state);

    // Connecting again, then refusing: the consent is withdrawn at the score, its data erased.
    const again = await (await client.fetch("/api/integrations/activity/start", { method: "POST" })).json();
    const second = new URL(again.consentUrl, "http://localhost").searchParams.get("token");
    expect(second).not.toBe(token);
    later(60);
    await client.fetch("/api/integrations/activity/consent", { method: "POST", json: { token: second, decision: "deny" } });
    expect((await events(customer.id, "activity")).map(({ given, via }) => ({ given, via }))).toEqual([
      { given: true, via: "score" },
      { given: false, via: "score" },
    ]);
    expect((await erasures(customer.id)).map((e) => e.subject.split(":")[0])).toEqual(["measurement", "activity"]);
  });

  it("without the integrations shows only a consent given, which can still be withdrawn", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const changes = contactChangeService({ db: app.core.db, clock: app.clock, submissions: app.core.submissions, audit: app.core.audit, scoreConsents: false });
    expect((await changes.consents(customer.id))!.map((c) => c.consent)).toEqual(["newsletter"]);
    expect(await changes.setConsent({ customer, consent: "measurement", given: false })).toEqual({
      ok: false,
      failure: [{ code: "error.not_found", context: "consent" }],
      replayed: false,
    });
    await measure(client);
    expect((await changes.consents(customer.id))!.map((c) => c.consent)).toEqual(["newsletter", "measurement"]);
    expect(await changes.setConsent({ customer, consent: "measurement", given: false })).toMatchObject({ ok: true, value: { consent: "measurement", given: false } });
    expect(await count("health_measurements", customer.id)).toBe(0);
  });
});

describe("the user page", () => {
  it("shows the score's consents with their times and withdraws one with its form post, back on the page with a notice", async () => {
    const { client, customer } = await freshPolicyholder(app);
    await connectTracker(client);
    const { cookie } = await signedInCustomer(app, { personalCode: customer.personalCode });
    type Row = { consent: string; given: boolean; date: string | null; time: string | null; submissionKey: string };
    const page = await run<{ consents: Row[] }>(() => userLoader(routeArgs(app, "/self-service/user", { cookie })));
    const [, activity, measurement] = page.data!.consents;
    expect(activity).toMatchObject({ consent: "activity", given: true, date: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/), time: expect.stringMatching(/^\d\d:\d\d$/) });
    expect(measurement).toMatchObject({ consent: "measurement", given: false, date: null, time: null });

    const form = { intent: "consent", consent: "activity", _submission: activity.submissionKey };
    expectRedirect(await run(() => userAction(routeArgs(app, "/self-service/user", { cookie, form }))), "/self-service/user");
    expect(await count("activity_connections", customer.id)).toBe(0);
    // The notice the next page shows (role="status"), queued in the session.
    const sessions = await app.core.db.query<{ data: { notices?: Array<{ key: string }> } }>(`SELECT data FROM sessions WHERE customer_id = $1`, [customer.id]);
    expect(sessions.flatMap((r) => r.data.notices ?? [])).toContainEqual({ key: "self_service.consents.notice.activity.withdrawn" });
    // The same post again (a double click without JavaScript): the first answer, nothing more.
    expectRedirect(await run(() => userAction(routeArgs(app, "/self-service/user", { cookie, form }))), "/self-service/user");
    expect(await events(customer.id, "activity")).toHaveLength(2);
    expect(await erasures(customer.id)).toHaveLength(1);

    const tampered = await run<{ result: { error: Record<string, string[]> } }>(() =>
      userAction(routeArgs(app, "/self-service/user", { cookie, form: { intent: "consent", consent: "measurement", given: "on", _submission: measurement.submissionKey } })),
    );
    expect(tampered.status).toBe(400);
    expect(tampered.data!.result.error).toEqual({ given: ["error.consent.given_at_score"] });
  });
});

describe("the data page (docs/decisions/0263)", () => {
  type Page = { consents?: Array<{ consent: string; given: boolean; submissionKey: string }>; plainTitle?: string };

  it("shows a customer without self-service their consents and withdraws one with its form post, back on the page", async () => {
    const { client, customer } = await customerAt(app, "package");
    await measure(client);
    const { cookie } = await signedInCustomer(app, { personalCode: customer.personalCode });
    const page = await run<Page>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
    expect(page.data!.consents!.map(({ consent, given }) => ({ consent, given }))).toEqual([
      { consent: "newsletter", given: false },
      { consent: "activity", given: false },
      { consent: "measurement", given: true },
      // The registration's, before signing (docs/decisions/0293: tests/integration/health-data-consent.test.ts).
      { consent: "health-data", given: true },
    ]);
    const measurement = page.data!.consents!.find((c) => c.consent === "measurement")!;
    const form = { intent: "consent", consent: "measurement", _submission: measurement.submissionKey };
    expectRedirect(await run(() => dataAction(routeArgs(app, "/self-service/data", { cookie, form }))), "/self-service/data");
    expect(await count("health_measurements", customer.id)).toBe(0);
    expect((await events(customer.id, "measurement")).at(-1)).toMatchObject({ given: false, via: "self-service" });
    // The newsletter too, given and withdrawn as on the user page.
    const newsletter = page.data!.consents!.find((c) => c.consent === "newsletter")!;
    const give = { intent: "consent", consent: "newsletter", given: "on", _submission: newsletter.submissionKey };
    expectRedirect(await run(() => dataAction(routeArgs(app, "/self-service/data", { cookie, form: give }))), "/self-service/data");
    expect((await consents(client))[0]).toMatchObject({ consent: "newsletter", given: true });
  });

  it("leaves them to the user page for a policyholder, and shows none before registration", async () => {
    const { customer } = await freshPolicyholder(app);
    const policyholder = await signedInCustomer(app, { personalCode: customer.personalCode });
    const page = await run<Page>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie: policyholder.cookie })));
    expect(page.data!.consents).toBeUndefined();
    const { customer: unregistered } = await customerAt(app, "account");
    const applicant = await signedInCustomer(app, { personalCode: unregistered.personalCode });
    const early = await run<Page>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie: applicant.cookie })));
    expect(early.data!.consents).toEqual([]);
  });
});

describe("migration 0020_score_consents", () => {
  it("keeps the tracker's decisions and the first measurement made before it as the consents' answers", async () => {
    const db = await emptyDatabase();
    try {
      await migrate(db, migrations.slice(0, migrations.findIndex((m) => m.id === "0020_score_consents")));
      const customer = async (code: string) =>
        (
          await db.query<{ id: string }>(
            `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, state, created_at, updated_at)
             VALUES ($1, 'Test', 'Kasutaja', '1990-01-01', 'SELF_SERVICE', now(), now()) RETURNING id`,
            [code],
          )
        )[0].id;
      const [approved, denied, pending, measured] = [await customer("39001010011"), await customer("39001010022"), await customer("39001010033"), await customer("39001010044")];
      const connect = (id: string, status: string, decidedAt: string | null) =>
        db.query(`INSERT INTO activity_connections (customer_id, consent_token, status, started_at, decided_at) VALUES ($1, $2, $3, '2026-01-01T08:00:00Z', $4)`, [
          id,
          `token-${id}`,
          status,
          decidedAt,
        ]);
      await connect(approved, "approved", "2026-01-01T08:01:00Z");
      await connect(denied, "denied", "2026-01-01T08:02:00Z");
      await connect(pending, "pending", null);
      for (const at of ["2026-02-01T09:00:00Z", "2026-01-15T09:00:00Z"]) {
        await db.query(`INSERT INTO health_measurements (customer_id, result_sealed, measured_at) VALUES ($1, 'v1.x.y.z', $2)`, [measured, at]);
      }
      await migrate(db);
      const rows = await db.query<{ customer_id: string; consent: string; given: boolean; via: string; at: Date }>(
        `SELECT customer_id, consent, given, via, at FROM consent_events ORDER BY customer_id, consent`,
      );
      expect(rows.map((r) => ({ ...r, customer_id: String(r.customer_id), at: new Date(r.at).toISOString() }))).toEqual([
        { customer_id: String(approved), consent: "activity", given: true, via: "score", at: "2026-01-01T08:01:00.000Z" },
        { customer_id: String(denied), consent: "activity", given: false, via: "score", at: "2026-01-01T08:02:00.000Z" },
        { customer_id: String(measured), consent: "measurement", given: true, via: "score", at: "2026-01-15T09:00:00.000Z" },
      ]);
      // The audit table takes an erasure now.
      await db.query(`INSERT INTO health_data_audit (customer_id, actor, action, subject, at) VALUES ($1, 'test', 'erase', 'measurement:1', now())`, [measured]);
    } finally {
      await db.close();
    }
  });
});
