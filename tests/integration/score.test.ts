/**
 * The wellness score step: the /api paths, the /score loader and action, the integrations
 * (health measurement, activity tracker) and the health-data rules (sealed, audited).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createObservability } from "~/http/observability.server";
import { demoActivityTracker } from "~/core/score/activity";
import { scoreService } from "~/core/score/index";
import { question } from "~/lib/score-definition";
import { answerOf } from "~/lib/score-model";
import { auditLog, healthCipher } from "~/core/health-data";
import { nextPath } from "~/lib/route-access";
import { action as scoreRouteAction, loader as scoreRouteLoader } from "~/routes/score";
import { action as healthAction, loader as healthLoader } from "~/routes/health[.]html";
import { action as consentAction, loader as consentLoader } from "~/routes/activity.consent";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerAt, type Point } from "../support/reach";
import { WELLNESS_ANSWERS } from "~/core/demo/ready-to-sign";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A signed-in customer who has registered (state ACCOUNT_REGISTERED). */
const registeredCustomer = (place: Point = "score") => customerAt(app, place);

/** The seed's wellness profile (score 87), with a BMI of one decimal the sealed row must not show. */
const FULL_ANSWERS = { ...WELLNESS_ANSWERS, bmi: { value: 23.4, manual: true } };

async function auditRows(customerId: number) {
  return app.core.db.query<{ actor: string; action: string; subject: string }>(
    `SELECT actor, action, subject FROM health_data_audit WHERE customer_id = $1 ORDER BY id`,
    [customerId],
  );
}

async function measurements(customerId: number) {
  const [row] = await app.core.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM health_measurements WHERE customer_id = $1`, [customerId]);
  return Number(row.n);
}

async function stateOf(customerId: number) {
  const [row] = await app.core.db.query<{ state: string }>(`SELECT state FROM customers WHERE id = $1`, [customerId]);
  return row.state;
}

describe("GET /api/score", () => {
  it("returns the questionnaire, empty answers, the enabled flag and the count", async () => {
    const { client, customer } = await registeredCustomer();
    const response = await client.fetch("/api/score");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ enabled: true, answered: 0, total: 12, score: null, activity: { status: "none", period: 30, limit: 20 } });
    expect(body.groups.map((g: { code: string; integrationCode: string | null }) => [g.code, g.integrationCode])).toEqual([
      ["activity", "activity"],
      ["health", "health"],
      ["lifestyle", null],
    ]);
    const smoking = body.groups[2].questions.find((q: { code: string }) => q.code === "smoking");
    expect(smoking).toMatchObject({ type: "boolean", mandatory: true, readonly: false });
    expect(body.answers.steps).toEqual({
      value: null,
      manual: true,
      autoValue: null,
      autoEnabled: false,
      autoPeriod: 30,
      autoPeriodLimit: 20,
      autoDays: null,
    });
    const audit = await auditRows(customer.id);
    expect(audit).toEqual([{ actor: `customer:${customer.id}`, action: "read", subject: `score:${body.profileId}` }]);
  });

  it("opened several times at once on a first visit (two tabs, a retried request), every answer has the one profile", async () => {
    // On PostgreSQL the first views race to create the profile: one inserts it, the others'
    // statements started before it was committed. PGlite answers one statement at a time.
    for (let round = 0; round < 4; round++) {
      const { client, customer } = await registeredCustomer();
      const answers = await Promise.all(Array.from({ length: 8 }, () => client.fetch("/api/score")));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
      const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { profileId: number }).profileId)));
      const [{ count }] = await app.core.db.query<{ count: string | number }>(`SELECT count(*) FROM score_profiles WHERE customer_id = $1`, [customer.id]);
      expect([ids.size, Number(count)]).toEqual([1, 1]);
    }
  });

  it("answers 401 without a session and 404 for a customer who has not registered", async () => {
    expect((await new Client(app.url).fetch("/api/score")).status).toBe(401);
    const { client } = await registeredCustomer("account");
    const response = await client.fetch("/api/score");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errors: [{ code: "error.not_found" }] });
  });
});

describe("POST /api/score", () => {
  it("saves, scores, moves the state forward and stores the answers sealed", async () => {
    const { client, customer } = await registeredCustomer();
    const response = await client.fetch("/api/score", { method: "POST", json: { answers: FULL_ANSWERS } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ score: 87, discountPercent: 16, answered: 12, total: 12, state: "WELLNESS_PROFILE_COMPLETE", redirectTo: "/package" });
    expect(await stateOf(customer.id)).toBe("WELLNESS_PROFILE_COMPLETE");

    const [row] = await app.core.db.query<{ answers_sealed: string; score: number }>(
      `SELECT answers_sealed, score FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL`,
      [customer.id],
    );
    expect(row.answers_sealed.startsWith("v1.")).toBe(true);
    for (const plain of ["balanced", "blood_test", "23.4", "8000", "smoking", "steps"]) expect(row.answers_sealed).not.toContain(plain);
    // Bound to this customer and profile: another binding cannot open it.
    const cipher = healthCipher(app.config.healthDataKeys);
    expect(() => cipher.decrypt(row.answers_sealed, `score:${customer.id + 1}:${body.profileId}`)).toThrow();

    const audit = await auditRows(customer.id);
    expect(audit).toContainEqual({ actor: `customer:${customer.id}`, action: "write", subject: `score:${body.profileId}` });

    const again = await (await client.fetch("/api/score")).json();
    expect(again).toMatchObject({ answered: 12, score: 87, discountPercent: 16 });
    expect(again.answers.screenings.value).toEqual(["blood_test", "dental"]);
    expect(again.answers.diet.value).toBe("balanced");
  });

  it("a save that opens the saved answers and the measurement records the reads: saved before its write, refused after its rollback", async () => {
    const { client, customer } = await registeredCustomer();
    expect((await client.fetch("/api/score/health-measurement", { method: "POST", json: { bpm: 58.4, bmi: 22.1 } })).status).toBe(201);
    const [{ id: measurementId }] = await app.core.db.query<{ id: number | string }>(`SELECT id FROM health_measurements WHERE customer_id = $1`, [customer.id]);
    const first = await (await client.fetch("/api/score", { method: "POST", json: { answers: FULL_ANSWERS } })).json();
    const profile = `score:${first.profileId}`;
    const measurement = `measurement:${measurementId}`;
    const mine = `customer:${customer.id}`;
    const since = async (from: number) => (await auditRows(customer.id)).slice(from);

    // A second save opens the saved answers (the read-only questions keep them) and the measurement.
    let from = (await auditRows(customer.id)).length;
    expect((await client.fetch("/api/score", { method: "POST", json: { answers: { ...FULL_ANSWERS, smoking: { value: true } } } })).status).toBe(200);
    const saved = await since(from);
    const write = saved.findIndex((r) => r.action === "write" && r.subject === profile);
    expect(write).toBeGreaterThan(0);
    expect(saved.slice(0, write)).toEqual(
      expect.arrayContaining([
        { actor: mine, action: "read", subject: profile },
        { actor: mine, action: "read", subject: measurement },
      ]),
    );

    // A refused save opened them all the same: its rolled-back transaction does not take the reads with it.
    from = (await auditRows(customer.id)).length;
    expect((await client.fetch("/api/score", { method: "POST", json: { answers: { ...FULL_ANSWERS, diet: { value: "candy" } } } })).status).toBe(400);
    expect(await since(from)).toEqual(
      expect.arrayContaining([
        { actor: mine, action: "read", subject: profile },
        { actor: mine, action: "read", subject: measurement },
      ]),
    );
    expect((await since(from)).filter((r) => r.action === "write")).toEqual([]);
  });

  it("never moves the state backwards on a re-save", async () => {
    const { client, customer } = await registeredCustomer("questionnaire");
    const response = await client.fetch("/api/score", { method: "POST", json: { answers: { smoking: { value: true } } } });
    expect(response.status).toBe(200);
    expect((await response.json()).state).toBe("SERVICE_SELECTED");
    expect(await stateOf(customer.id)).toBe("SERVICE_SELECTED");
  });

  it("returns field errors in the { errors: [{ code, context }] } shape", async () => {
    const { client, customer } = await registeredCustomer();
    const response = await client.fetch("/api/score", {
      method: "POST",
      json: { answers: { steps: { value: 12.5 }, bmi: { value: 5 }, diet: { value: "candy" }, screenings: { value: ["none", "dental"] } } },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { code: "error.integer", context: "steps" },
      { code: "error.range", context: "bmi" },
      { code: "error.required", context: "smoking" },
      { code: "error.invalid", context: "diet" },
      { code: "error.exclusive", context: "screenings" },
    ]);
    expect(await stateOf(customer.id)).toBe("ACCOUNT_REGISTERED");
    const missing = await client.fetch("/api/score", { method: "POST", json: {} });
    expect(await missing.json()).toEqual({ errors: [{ code: "error.required", context: "answers" }] });
    // An answer that is no object, or whose `manual` is no boolean, is refused, never saved as unanswered.
    const shapeless = await client.fetch("/api/score", { method: "POST", json: { answers: { smoking: { value: false }, steps: 8000, sleepHours: [7], stress: { value: 3, manual: "yes" } } } });
    expect(shapeless.status).toBe(400);
    expect((await shapeless.json()).errors).toEqual(
      expect.arrayContaining([
        { code: "error.invalid", context: "steps" },
        { code: "error.invalid", context: "sleepHours" },
        { code: "error.invalid", context: "stress" },
      ]),
    );
    expect(await stateOf(customer.id)).toBe("ACCOUNT_REGISTERED");
  });

  it("takes the heart rate, the BMI and the sliders at their limits, refuses a tenth or a step past a limit and caps a slider above its maximum", async () => {
    const { client } = await registeredCustomer();
    const post = (answers: Record<string, { value: number }>) => client.fetch("/api/score", { method: "POST", json: { answers: { smoking: { value: false }, ...answers } } });
    const past = await post({ restingHeartRate: { value: 29.9 }, bmi: { value: 70.1 }, sleepHours: { value: 3 } });
    expect(past.status).toBe(400);
    expect((await past.json()).errors).toEqual([
      { code: "error.range", context: "restingHeartRate" },
      { code: "error.range", context: "bmi" },
      { code: "error.range", context: "sleepHours" },
    ]);
    expect((await post({ restingHeartRate: { value: 220.1 }, bmi: { value: 9.9 } })).status).toBe(400);
    const edges = { restingHeartRate: { value: 30 }, bmi: { value: 70 }, activeDays: { value: 8 }, sleepHours: { value: 4 }, stress: { value: 11 } };
    expect((await post(edges)).status).toBe(200);
    const { answers } = await (await client.fetch("/api/score")).json();
    expect([answers.restingHeartRate.value, answers.bmi.value, answers.activeDays.value, answers.sleepHours.value, answers.stress.value]).toEqual([30, 70, 7, 4, 10]);
    expect((await post({ restingHeartRate: { value: 220 }, bmi: { value: 10 }, sleepHours: { value: 12 } })).status).toBe(200);
  });

  it("has one effect when the same submissionKey is sent twice in parallel", async () => {
    const { client, customer } = await registeredCustomer();
    const key = `score-${Math.random().toString(36).slice(2, 14)}-key`;
    const send = () => client.fetch("/api/score", { method: "POST", json: { answers: FULL_ANSWERS, submissionKey: key } });
    const responses = await Promise.all([send(), send()]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    // The replay says so, as every other save's answer does.
    expect((await Promise.all(responses.map((r) => r.json()))).map((b) => b.replayed).sort()).toEqual([false, true]);
    const writes = (await auditRows(customer.id)).filter((r) => r.action === "write" && r.subject.startsWith("score:"));
    expect(writes).toHaveLength(1);
  });

  it("saves the same submissionKey sent again with another answer (decision 0314)", async () => {
    const { client, customer } = await registeredCustomer();
    const key = `score-changed-${Math.random().toString(36).slice(2, 14)}`;
    const send = async (answers: object) => (await client.fetch("/api/score", { method: "POST", json: { answers, submissionKey: key } })).json();
    const first = await send(FULL_ANSWERS);
    const changed = await send({ ...FULL_ANSWERS, smoking: { value: true } });
    expect(changed.replayed).toBe(false);
    expect(changed.score).toBeLessThan(first.score);
    expect((await (await client.fetch("/api/score")).json()).answers.smoking.value).toBe(true);
    const writes = (await auditRows(customer.id)).filter((r) => r.action === "write" && r.subject.startsWith("score:"));
    expect(writes).toHaveLength(2);
  });

  it("refuses a change once the application is signed (view-only)", async () => {
    const { client } = await registeredCustomer("confirmation");
    const view = await client.fetch("/api/score");
    expect(view.status).toBe(404);
    const { client: selfService } = await freshPolicyholder(app);
    const readonly = await (await selfService.fetch("/api/score")).json();
    expect(readonly.enabled).toBe(false);
    const save = await selfService.fetch("/api/score", { method: "POST", json: { answers: FULL_ANSWERS } });
    expect(save.status).toBe(409);
    expect(await save.json()).toEqual({ errors: [{ code: "error.not_editable" }] });
  });
});

describe("POST /api/score/health-measurement", () => {
  it("saves the measurement sealed and makes it the automatic bpm and bmi", async () => {
    const { client, customer } = await registeredCustomer();
    const response = await client.fetch("/api/score/health-measurement", { method: "POST", json: { bpm: 58.4, bmi: 22.1 } });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ bpm: 58.4, bmi: 22.1 });

    const [row] = await app.core.db.query<{ id: number; result_sealed: string }>(`SELECT id, result_sealed FROM health_measurements WHERE customer_id = $1`, [customer.id]);
    expect(row.result_sealed).not.toContain("58.4");
    expect(await auditRows(customer.id)).toContainEqual({ actor: `customer:${customer.id}`, action: "write", subject: `measurement:${row.id}` });

    const view = await (await client.fetch("/api/score")).json();
    expect(view.answers.restingHeartRate).toMatchObject({ autoValue: 58.4, autoEnabled: true, manual: false });
    expect(view.answers.bmi).toMatchObject({ autoValue: 22.1, autoEnabled: true, manual: false });
    expect(view.answered).toBe(2);
    expect(view.health.measuredAt).toBeTruthy();
    expect(await auditRows(customer.id)).toContainEqual({ actor: `customer:${customer.id}`, action: "read", subject: `measurement:${row.id}` });

    // The automatic values count in the score: 10 (bpm 58.4) + 10 (BMI 22.1) + 12 (non-smoker).
    const saved = await (await client.fetch("/api/score", { method: "POST", json: { answers: { smoking: { value: false } } } })).json();
    expect(saved.score).toBe(32);
  });

  it("sent again under its submission key stores nothing more; other values under the key are a new save", async () => {
    const { client, customer } = await registeredCustomer();
    const send = (json: object) => client.fetch("/api/score/health-measurement", { method: "POST", json: { submissionKey: "measurement-key-0001", ...json } });
    const [first, again] = await Promise.all([send({ bpm: 58.4, bmi: 22.1 }), send({ bpm: 58.4, bmi: 22.1 })]);
    expect([first.status, again.status]).toEqual([201, 201]);
    const answers = [await first.json(), await again.json()];
    // One is the save, the other its replay, told apart as every save's answer tells them (docs/api.md).
    expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
    expect({ ...answers[1], replayed: null }).toEqual({ ...answers[0], replayed: null });
    expect(await measurements(customer.id)).toBe(1);
    // The key's kept outcome holds no reading (health data stays sealed).
    const [kept] = await app.core.db.query<{ outcome: unknown }>(`SELECT outcome FROM form_submissions WHERE key = 'measurement-key-0001'`);
    expect(JSON.stringify(kept.outcome)).not.toMatch(/58\.4|22\.1/);
    const changed = await send({ bpm: 60, bmi: 22.1 });
    expect(await changed.json()).toMatchObject({ bpm: 60, bmi: 22.1, replayed: false });
    expect(await measurements(customer.id)).toBe(2);
  });

  it("takes bpm 30–220 and a BMI of 10–70 at their ends and refuses a tenth past them", async () => {
    const { client } = await registeredCustomer();
    const send = (json: object) => client.fetch("/api/score/health-measurement", { method: "POST", json });
    expect(await (await send({ bpm: 30, bmi: 70 })).json()).toMatchObject({ bpm: 30, bmi: 70 });
    expect(await (await send({ bpm: 220, bmi: 10 })).json()).toMatchObject({ bpm: 220, bmi: 10 });
    const past = await send({ bpm: 29.9, bmi: 70.1 });
    expect(past.status).toBe(400);
    expect((await past.json()).errors).toEqual([
      { code: "error.range", context: "bpm" },
      { code: "error.range", context: "bmi" },
    ]);
    expect((await (await send({ bpm: 220.1, bmi: 9.9 })).json()).errors).toEqual([
      { code: "error.range", context: "bpm" },
      { code: "error.range", context: "bmi" },
    ]);
  });

  it("rejects missing, malformed and implausible values", async () => {
    const { client } = await registeredCustomer();
    const response = await client.fetch("/api/score/health-measurement", { method: "POST", json: { bpm: 500, bmi: 22.15 } });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { code: "error.range", context: "bpm" },
      { code: "error.decimal", context: "bmi" },
    ]);
    const empty = await client.fetch("/api/score/health-measurement", { method: "POST", json: {} });
    expect((await empty.json()).errors).toEqual([
      { code: "error.required", context: "bpm" },
      { code: "error.required", context: "bmi" },
    ]);
  });
});

describe("the activity tracker (/api/integrations/activity)", () => {
  it("start → poll pending → approve → poll approved → pull fills the automatic activity values", async () => {
    const { client, customer } = await registeredCustomer();
    expect(await (await client.fetch("/api/integrations/activity/poll")).json()).toEqual({ status: "none" });

    const started = await client.fetch("/api/integrations/activity/start", { method: "POST" });
    expect(started.status).toBe(200);
    const { consentUrl, pollInterval, pollTimeout } = await started.json();
    expect({ pollInterval, pollTimeout }).toEqual({ pollInterval: 2000, pollTimeout: 120000 });
    expect(consentUrl).toMatch(/^\/activity\/consent\?token=[\w-]+$/);
    const token = new URL(consentUrl, app.url).searchParams.get("token");
    expect(await (await client.fetch("/api/integrations/activity/poll")).json()).toEqual({ status: "pending" });

    const consent = await client.fetch("/api/integrations/activity/consent", { method: "POST", json: { token, decision: "approve" } });
    expect(await consent.json()).toEqual({ status: "approved" });
    expect(await (await client.fetch("/api/integrations/activity/poll")).json()).toEqual({ status: "approved" });

    const pulled = await client.fetch("/api/integrations/activity/pull", { method: "POST" });
    expect(await pulled.json()).toEqual({ days: 26, autoEnabled: true, autoPeriod: 30, autoPeriodLimit: 20 });

    const [row] = await app.core.db.query<{ data_sealed: string }>(`SELECT data_sealed FROM activity_connections WHERE customer_id = $1`, [customer.id]);
    expect(row.data_sealed).not.toContain("steps");
    const view = await (await client.fetch("/api/score")).json();
    expect(view.activity).toEqual({ status: "approved", days: 26, period: 30, limit: 20 });
    expect(view.answers.steps).toMatchObject({ autoEnabled: true, manual: false, autoDays: 26 });
    expect(view.answers.steps.autoValue).toBeGreaterThan(0);
    expect(view.answers.exerciseMinutes.autoValue).toBeGreaterThanOrEqual(0);
    expect(view.answers.activeDays.autoValue).toBeNull();
    const audit = await auditRows(customer.id);
    expect(audit).toContainEqual({ actor: `customer:${customer.id}`, action: "write", subject: `activity:${customer.id}` });
    expect(audit).toContainEqual({ actor: `customer:${customer.id}`, action: "read", subject: `activity:${customer.id}` });
  });

  it("deny leaves no automatic values, and pull is refused", async () => {
    const { client } = await registeredCustomer();
    const { consentUrl } = await (await client.fetch("/api/integrations/activity/start", { method: "POST" })).json();
    const token = new URL(consentUrl, app.url).searchParams.get("token");
    const consent = await client.fetch("/api/integrations/activity/consent", { method: "POST", json: { token, decision: "deny" } });
    expect(await consent.json()).toEqual({ status: "denied" });
    expect(await (await client.fetch("/api/integrations/activity/poll")).json()).toEqual({ status: "denied" });
    const pulled = await client.fetch("/api/integrations/activity/pull", { method: "POST" });
    expect(pulled.status).toBe(409);
    expect(await pulled.json()).toEqual({ errors: [{ code: "error.activity.not_connected" }] });
    const view = await (await client.fetch("/api/score")).json();
    expect(view.answers.steps).toMatchObject({ autoValue: null, autoEnabled: false, manual: true });
  });

  it("does not let a customer decide on another customer's consent request", async () => {
    const a = await registeredCustomer();
    const b = await registeredCustomer();
    const { consentUrl } = await (await a.client.fetch("/api/integrations/activity/start", { method: "POST" })).json();
    const token = new URL(consentUrl, app.url).searchParams.get("token");
    const response = await b.client.fetch("/api/integrations/activity/consent", { method: "POST", json: { token, decision: "approve" } });
    expect(response.status).toBe(404);
    expect(await (await a.client.fetch("/api/integrations/activity/poll")).json()).toEqual({ status: "pending" });
  });

  it("a pull that fails after the approval is logged as an event, its words redacted as every error's (decisions 0110, 0318)", async () => {
    const { customer } = await registeredCustomer();
    const lines: string[] = [];
    const { telemetry } = createObservability({ level: "info", destination: { write: (line: string) => void lines.push(line) }, defaultMetrics: false });
    const printed = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const failing = scoreService({
      db: app.core.db,
      clock: app.clock,
      cipher: healthCipher(app.config.healthDataKeys),
      audit: auditLog(app.core.db, app.clock),
      submissions: app.core.submissions,
      telemetry,
      activity: { ...demoActivityTracker(), pull: async () => Promise.reject(new Error(`tracker refused ${customer.personalCode} (mari.tamm@example.ee)`)) },
    });
    try {
      const started = await failing.startActivity(customer);
      if (!started.ok) throw new Error("start failed");
      // The decision stands; the screen pulls again.
      expect(await failing.decideActivity(customer, started.value.token, true)).toEqual({ ok: true, value: { status: "approved" } });
    } finally {
      printed.mockRestore();
    }
    const events = lines.flatMap((line) => (line.startsWith("{") ? [JSON.parse(line) as { event?: string; error?: string; level?: string }] : []));
    expect(events).toContainEqual(expect.objectContaining({ level: "error", event: "activity_pull_failed", error: "tracker refused [number] ([e-mail])" }));
    expect(lines.join("\n")).not.toMatch(new RegExp(`${customer.personalCode}|mari\\.tamm`));
  });

  it("with fewer than 20 days of data the automatic value is not usable (the note's case)", async () => {
    const { customer } = await registeredCustomer();
    const sparse = scoreService({
      db: app.core.db,
      clock: app.clock,
      cipher: healthCipher(app.config.healthDataKeys),
      audit: auditLog(app.core.db, app.clock),
      submissions: app.core.submissions,
      activity: demoActivityTracker({ daysWithData: () => 12 }),
    });
    const started = await sparse.startActivity(customer);
    if (!started.ok) throw new Error("start failed");
    await sparse.decideActivity(customer, started.value.token, true);
    const pulled = await sparse.pullActivity(customer);
    expect(pulled).toEqual({ ok: true, value: { days: 12, autoEnabled: false, autoPeriod: 30, autoPeriodLimit: 20 } });
    const view = await sparse.view(customer);
    if (!view.ok) throw new Error("view failed");
    expect(view.value.answers.steps).toEqual({ value: null, manual: true, autoValue: null, autoEnabled: false, autoPeriod: 30, autoPeriodLimit: 20, autoDays: 12 });
  });
});

describe("the engine with a fixture questionnaire", () => {
  const fixture = [
    {
      code: "fixture",
      integrationCode: "health" as const,
      questions: [
        question({ code: "bmi", type: "decimal", readonly: true }),
        question({ code: "restingHeartRate", type: "decimal", autoEnforced: true, auto: { integration: "health", metric: "bpm" } }),
        question({ code: "habits", type: "group", questions: [question({ code: "smoking", type: "boolean", mandatory: true })] }),
      ],
    },
  ];

  it("ignores submitted readonly values, enforces usable automatic values and counts nested questions", async () => {
    const { customer, client } = await registeredCustomer();
    await client.fetch("/api/score/health-measurement", { method: "POST", json: { bpm: 64, bmi: 24 } });
    const engine = scoreService({
      db: app.core.db,
      clock: app.clock,
      cipher: healthCipher(app.config.healthDataKeys),
      audit: auditLog(app.core.db, app.clock),
      submissions: app.core.submissions,
      definition: fixture,
    });
    const saved = await engine.save(customer, { kind: "onboarding" }, {
      answers: { bmi: { value: 99 }, restingHeartRate: { value: 90, manual: true }, smoking: { value: false } },
    });
    expect(saved).toMatchObject({ ok: true, value: { answered: 2, total: 3 } });
    const view = await engine.view(customer);
    if (!view.ok) throw new Error("view failed");
    expect(view.value.answers.bmi.value).toBeNull();
    expect(view.value.answers.restingHeartRate).toMatchObject({ value: 90, manual: false, autoValue: 64 });
    // bpm 64 (automatic, enforced) → 8, non-smoker → 12.
    expect(saved.ok && saved.value.score).toBe(20);
    const incomplete = await engine.save(customer, { kind: "onboarding" }, { answers: { smoking: { value: true } }, requireComplete: true });
    expect(incomplete).toEqual({ ok: false, replayed: false, failure: { kind: "incomplete", answered: 2, total: 3 } });
  });
});

// ── The HTML routes: /score, /health.html, /activity/consent ───────────────────────────


type RouteFn = (args: { request: Request; params: Record<string, string>; context: ReturnType<TestApp["context"]> }) => Promise<unknown>;

/** Runs a loader or action as the server would; a thrown Response (a redirect) is returned. */
async function run(fn: RouteFn, client: Client, path: string, form?: Record<string, string | string[]>) {
  let body: FormData | undefined;
  if (form) {
    body = new FormData();
    for (const [key, value] of Object.entries(form)) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: client.cookieHeader },
    body,
  });
  try {
    return await fn({ request, params: {}, context: app.context(request) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const asData = <T = any>(value: unknown) => value as { data: T; init: { status?: number } | null };
const location = (value: unknown) => (value instanceof Response ? value.headers.get("Location") : null);

/** Every question answered, as the form posts it. */
const FULL_FORM = {
  steps: "8000",
  steps__source: "manual",
  activeDays: "4",
  activeDays__range: "4",
  activeDays__was: "",
  exerciseMinutes: "120",
  exerciseMinutes__source: "manual",
  restingHeartRate: "65",
  restingHeartRate__source: "manual",
  bmi: "23,4",
  bmi__source: "manual",
  bloodPressureKnown: "yes",
  smoking: "no",
  alcoholUnits: "4",
  sleepHours: "7",
  sleepHours__range: "8",
  sleepHours__was: "",
  diet: "balanced",
  stress: "",
  stress__range: "6",
  stress__was: "",
  screenings: ["dental", "blood_test"],
};

describe("the /score route", () => {
  it("loads the screen for ACCOUNT_REGISTERED and sends a NEW customer away", async () => {
    const { client } = await registeredCustomer();
    const loaded = (await run(scoreRouteLoader as RouteFn, client, "/score")) as any;
    expect(loaded.title).toMatch(/^heaoluskoor \| /);
    expect(loaded.submissionKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(loaded.view).toMatchObject({ enabled: true, answered: 0, total: 12 });

    const { client: fresh } = await registeredCustomer("account");
    expect(location(await run(scoreRouteLoader as RouteFn, fresh, "/score"))).toBe("/unavailable");
  });

  it("asks for confirmation when answers are missing, keeping every answer", async () => {
    const { client, customer } = await registeredCustomer();
    const form = { intent: "save", smoking: "no", steps: "9000", steps__source: "manual", screenings: ["dental"], _submission: "confirm-test-key-0001" };
    const result = asData(await run(scoreRouteAction as RouteFn, client, "/score", form));
    expect(result.data.confirm).toEqual({ answered: 3, total: 12 });
    expect(result.data.result.initialValue).toMatchObject({ smoking: "no", steps: "9000", screenings: "dental" });
    expect(await stateOf(customer.id)).toBe("ACCOUNT_REGISTERED");
    const writes = (await auditRows(customer.id)).filter((r) => r.action === "write");
    expect(writes).toEqual([]);

    // "Back to the answers" returns the form as it was; "save anyway" saves.
    const back = asData(await run(scoreRouteAction as RouteFn, client, "/score", { ...form, intent: "edit" }));
    expect(back.data.confirm).toBeNull();
    const saved = await run(scoreRouteAction as RouteFn, client, "/score", { ...form, intent: "confirm" });
    expect(location(saved)).toBe("/package");
    expect(await stateOf(customer.id)).toBe("WELLNESS_PROFILE_COMPLETE");
  });

  it("saves a complete profile straight away and moves the state to WELLNESS_PROFILE_COMPLETE", async () => {
    const { client, customer } = await registeredCustomer();
    const saved = await run(scoreRouteAction as RouteFn, client, "/score", { ...FULL_FORM, intent: "save" });
    expect(location(saved)).toBe("/package");
    expect(await stateOf(customer.id)).toBe("WELLNESS_PROFILE_COMPLETE");
    const [row] = await app.core.db.query<{ score: number }>(`SELECT score FROM score_profiles WHERE customer_id = $1`, [customer.id]);
    // docs/score.md's first example, stress 6 (the range moved, nothing typed) → 2 as 5 would.
    expect(row.score).toBe(87);

    // The screen shows the saved answers again (WELLNESS_PROFILE_COMPLETE may come back).
    const loaded = (await run(scoreRouteLoader as RouteFn, client, "/score")) as any;
    expect(loaded.view).toMatchObject({ answered: 12, score: 87, discountPercent: 16 });
    expect(loaded.view.answers.bmi.value).toBe(23.4);
    expect(loaded.view.answers.stress.value).toBe(6);
    expect(loaded.view.answers.sleepHours.value).toBe(7);
  });

  it("returns field errors with status 400 and keeps what was typed", async () => {
    const { client, customer } = await registeredCustomer();
    const result = asData(await run(scoreRouteAction as RouteFn, client, "/score", { intent: "save", steps: "12,5", bmi: "5", bmi__source: "manual" }));
    expect(result.init?.status).toBe(400);
    expect(result.data.result.error).toEqual({ smoking: ["error.required"], steps: ["error.integer"], bmi: ["error.range"] });
    expect(result.data.result.initialValue).toMatchObject({ steps: "12,5", bmi: "5" });
    expect(await stateOf(customer.id)).toBe("ACCOUNT_REGISTERED");
    // The page title gets the "Error: " prefix in the same (JavaScript-off) request.
    const request = new Request("http://localhost/score", { method: "POST", headers: { Cookie: client.cookieHeader }, body: new URLSearchParams({ intent: "save" }) });
    const context = app.context(request);
    await scoreRouteAction({ request, params: {}, context });
    const page = (await scoreRouteLoader({ request: new Request("http://localhost/score", { headers: { Cookie: client.cookieHeader } }), params: {}, context })) as any;
    expect(page.title).toMatch(/^Viga: heaoluskoor/);
  });

  it("never moves the state backwards when a later step re-saves the score", async () => {
    const { client, customer } = await registeredCustomer("beneficiaries");
    const before = await stateOf(customer.id);
    const saved = await run(scoreRouteAction as RouteFn, client, "/score", { ...FULL_FORM, intent: "save" });
    expect(location(saved)).toBe(nextPath("score"));
    expect(await stateOf(customer.id)).toBe(before);
  });

  it("has one effect when the same submission is posted twice in parallel", async () => {
    const { client, customer } = await registeredCustomer();
    const form = { ...FULL_FORM, intent: "save", _submission: `double-${Math.random().toString(36).slice(2, 12)}-key` };
    const results = await Promise.all([1, 2].map(() => run(scoreRouteAction as RouteFn, client, "/score", form)));
    expect(results.map(location)).toEqual(["/package", "/package"]);
    const writes = (await auditRows(customer.id)).filter((r) => r.action === "write" && r.subject.startsWith("score:"));
    expect(writes).toHaveLength(1);
    expect(await stateOf(customer.id)).toBe("WELLNESS_PROFILE_COMPLETE");
  });
});

describe("the /health.html page", () => {
  it("measures, requires consent, saves and returns to /score; the score then has automatic values", async () => {
    const { client, customer } = await registeredCustomer();
    const loaded = (await run(healthLoader as RouteFn, client, "/health.html?returnTo=%2Fscore")) as any;
    expect(loaded).toMatchObject({ popup: false, consentGiven: false, returnTo: "/score" });

    const measured = asData(await run(healthAction as RouteFn, client, "/health.html", { intent: "measure", popup: "0", returnTo: "/score" }));
    const { bpm, bmi } = measured.data.values;
    expect(bpm).toBeGreaterThanOrEqual(52);
    expect(bmi).toBeGreaterThanOrEqual(19);

    const noConsent = asData(await run(healthAction as RouteFn, client, "/health.html", { intent: "save", bpm: "61,5", bmi: "22,8", popup: "0" }));
    expect(noConsent.init?.status).toBe(400);
    expect(noConsent.data.errors).toEqual({ consent: "error.required" });

    const saved = await run(healthAction as RouteFn, client, "/health.html", { intent: "save", bpm: "61,5", bmi: "22,8", consent: "on", popup: "0", returnTo: "/score" });
    expect(location(saved)).toBe("/score");
    const page = (await run(scoreRouteLoader as RouteFn, client, "/score")) as any;
    expect(page.view.answers.restingHeartRate).toMatchObject({ autoValue: 61.5, autoEnabled: true, manual: false });
    expect(page.view.answers.bmi).toMatchObject({ autoValue: 22.8, autoEnabled: true });
    expect(page.view.health.measuredAt).toMatch(/^\d{2}\.\d{2}\.\d{4}/);
    const writes = (await auditRows(customer.id)).filter((r) => r.action === "write" && r.subject.startsWith("measurement:"));
    expect(writes).toHaveLength(1);
  });

  it("a save sent again (a double click, a retry on a bad connection) stores one measurement", async () => {
    const { client, customer } = await registeredCustomer();
    const { submissionKey } = (await run(healthLoader as RouteFn, client, "/health.html?returnTo=%2Fscore")) as { submissionKey: string };
    const form = { _submission: submissionKey, intent: "save", bpm: "61,5", bmi: "22,8", consent: "on", popup: "0", returnTo: "/score" };
    const sent = await Promise.all([1, 2, 3].map(() => run(healthAction as RouteFn, client, "/health.html", form)));
    expect(sent.map(location)).toEqual(["/score", "/score", "/score"]);
    expect(await measurements(customer.id)).toBe(1);
  });

  it("in the popup (consent given in the modal) answers 'saved' instead of redirecting", async () => {
    const { client } = await registeredCustomer();
    const saved = asData(await run(healthAction as RouteFn, client, "/health.html?popup=1&consent=1", { intent: "save", bpm: "70", bmi: "24.9", consentGiven: "1", popup: "1" }));
    expect(saved.data.saved).toBe(true);
    const invalid = asData(await run(healthAction as RouteFn, client, "/health.html", { intent: "save", bpm: "7x", bmi: "300", consentGiven: "1", popup: "1" }));
    expect(invalid.data.errors).toEqual({ bpm: "error.decimal" });
    const outOfRange = asData(await run(healthAction as RouteFn, client, "/health.html", { intent: "save", bpm: "70", bmi: "300", consentGiven: "1", popup: "1" }));
    expect(outOfRange.data.errors).toEqual({ bmi: "error.range" });
  });
});

describe("the /activity/consent page (JavaScript off)", () => {
  it("connect → consent page → approve → back on /score with automatic activity values", async () => {
    const { client } = await registeredCustomer();
    const started = await run(consentAction as RouteFn, client, "/activity/consent", { intent: "start", returnTo: "/score" });
    const consentPath = location(started)!;
    expect(consentPath).toMatch(/^\/activity\/consent\?token=[\w-]+&returnTo=%2Fscore$/);
    const page = (await run(consentLoader as RouteFn, client, consentPath)) as any;
    expect(page).toMatchObject({ status: "pending", popup: false, returnTo: "/score" });

    const decided = await run(consentAction as RouteFn, client, "/activity/consent", { token: page.token, decision: "approve", popup: "0", returnTo: "/score" });
    expect(location(decided)).toBe("/score");
    const score = (await run(scoreRouteLoader as RouteFn, client, "/score")) as any;
    expect(score.view.activity).toMatchObject({ status: "approved", days: 26 });
    expect(score.view.answers.steps).toMatchObject({ autoEnabled: true, manual: false });
    expect(score.view.answers.steps.autoValue).toBeGreaterThan(0);
    expect(score.view.answered).toBe(2);
  });

  it("deny → no automatic values; an unknown token shows the 'not found' state", async () => {
    const { client } = await registeredCustomer();
    const consentPath = location(await run(consentAction as RouteFn, client, "/activity/consent", { intent: "start" }))!;
    const token = new URL(consentPath, "http://localhost").searchParams.get("token")!;
    const decided = asData(await run(consentAction as RouteFn, client, "/activity/consent", { token, decision: "deny", popup: "1" }));
    expect(decided.data.decided).toBe("denied");
    const score = (await run(scoreRouteLoader as RouteFn, client, "/score")) as any;
    expect(answerOf(score.view.answers, "steps")).toMatchObject({ autoValue: null, autoEnabled: false });
    expect(score.view.answered).toBe(0);
    const unknown = (await run(consentLoader as RouteFn, client, "/activity/consent?token=nope")) as any;
    expect(unknown.status).toBeNull();
  });
});
