/**
 * What an operator sees (issue 21 item 8, docs/operations.md "Logs and metrics"): the JSON
 * request log (request id, route id, status, duration; the id echoed in X-Request-Id and
 * taken from a trusted proxy), the metrics behind OPS_TOKEN, and no personal data in either
 * after a customer's whole sign-up. Through the whole Express stack with the pages; PGlite by
 * default, PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { STEP_IDS, STEPS } from "~/lib/onboarding";
import { QUESTION_SETS, type AnswerableType } from "~/lib/questionnaire-sets";
import { Client, startTestApp, type TestApp } from "../support/app";
import { sample } from "../support/metrics";
import { freshPersonalCode } from "../support/personal-codes";
import { door, saveStep } from "../support/reach";
import { signOnDemoDesk, type WalkOptions } from "../support/walk";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogEntry {
  level: string;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
}

let app: TestApp;
let behindProxy: TestApp;
const lines: string[] = [];
const proxyLines: string[] = [];
const entries = (from: string[]): LogEntry[] => from.map((line) => JSON.parse(line) as LogEntry);
const requestLine = (from: string[], reqId: string) => entries(from).find((e) => e.msg === "request" && e.reqId === reqId);

beforeAll(async () => {
  [app, behindProxy] = await Promise.all([
    startTestApp({ remix: true, env: { OPS_TOKEN: TOKEN }, log: { write: (line) => void lines.push(line) }, defaultMetrics: true }),
    startTestApp({ remix: true, env: { TRUST_PROXY: "1" }, log: { write: (line) => void proxyLines.push(line) } }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), behindProxy?.close()]);
});

/** Waits until the request's log line is written (it is written when the answer is done). */
async function lineFor(from: string[], reqId: string): Promise<LogEntry> {
  for (let i = 0; i < 50 && !requestLine(from, reqId); i++) await new Promise((r) => setTimeout(r, 10));
  const found = requestLine(from, reqId);
  expect(found, `a log line for ${reqId}`).toBeDefined();
  return found!;
}

describe("the request log", () => {
  it("writes one JSON line per request: request id, method, Remix route id, status and duration", async () => {
    const response = await fetch(`${app.url}/login?lng=en`);
    await response.text();
    const id = response.headers.get("X-Request-Id")!;
    expect(id).toMatch(UUID);
    const line = await lineFor(lines, id);
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", route: "routes/login", status: 200 });
    expect(line.ms).toBeGreaterThan(0);
    // The path and its query are not in the line, only the route id.
    expect(JSON.stringify(line)).not.toContain("lng=en");
  });

  it("names a page's .data request by its route, an /api path by its pattern, a probe, a static file and a refusal", async () => {
    const cases: Array<[string, RequestInit, string, number]> = [
      ["/login.data", {}, "routes/login", 200],
      ["/api/onboarding/state", {}, "/api/onboarding/state", 401],
      ["/healthz", {}, "/healthz", 200],
      ["/favicon.ico", {}, "static", 200],
      // The splat route answers every other path (its 404 page).
      ["/no/such/page", {}, "routes/$", 404],
      ["/api/auth/init", { method: "POST", headers: { "Content-Type": "text/plain", Origin: app.url }, body: "x" }, "(none)", 415],
    ];
    for (const [path, init, route, status] of cases) {
      const response = await fetch(app.url + path, { redirect: "manual", ...init });
      await response.arrayBuffer();
      expect(response.status, path).toBe(status);
      expect(await lineFor(lines, response.headers.get("X-Request-Id")!), path).toMatchObject({ route, status });
    }
  });

  it("ignores a client's X-Request-Id without a trusted proxy: the id is always made here", async () => {
    const response = await fetch(`${app.url}/healthz`, { headers: { "X-Request-Id": "client-chosen-id" } });
    expect(response.headers.get("X-Request-Id")).toMatch(UUID);
  });

  it("keeps a trusted proxy's well-formed X-Request-Id, echoes it and logs it; replaces a malformed one, and one holding personal data", async () => {
    const kept = await fetch(`${behindProxy.url}/healthz`, { headers: { "X-Request-Id": "lb-7f3a9c01.42" } });
    expect(kept.headers.get("X-Request-Id")).toBe("lb-7f3a9c01.42");
    expect(await lineFor(proxyLines, "lb-7f3a9c01.42")).toMatchObject({ route: "/healthz", status: 200 });
    // A personal code, an e-mail address and a phone number would be logged as they are.
    for (const bad of ["with space", "a".repeat(129), 'quote"', "38503020139", "req-38503020139", "mari.maasikas@example.ee", "+37258134420"])
    {
      const replaced = await fetch(`${behindProxy.url}/healthz`, { headers: { "X-Request-Id": bad } });
      expect(replaced.headers.get("X-Request-Id"), bad).toMatch(UUID);
    }
  });
});

describe("GET /metrics", () => {
  it("is refused without the token, with a wrong one and without OPS_TOKEN configured; served with the token", async () => {
    const none = await fetch(`${app.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect((await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { Authorization: TOKEN } })).status).toBe(401);
    // No OPS_TOKEN: no door at all.
    expect((await fetch(`${behindProxy.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);

    const served = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(served.status).toBe(200);
    // The scheme in any case, as HTTP allows.
    expect((await fetch(`${app.url}/metrics`, { headers: { Authorization: `bearer ${TOKEN}` } })).status).toBe(200);
    expect(served.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(served.headers.get("Cache-Control")).toBe("no-store");
    const text = await served.text();
    // prom-client's process metrics: event-loop lag and memory.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });
});

describe("a customer's whole sign-up", () => {
  it("is counted in the metrics, and neither the log nor the metrics hold the customer's code, e-mail, phone or health values, failed saves included", async () => {
    const metrics = async () => (await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    const before = await metrics();
    const logFrom = lines.length;

    const code = freshPersonalCode({ age: 36 });
    const email = "vaatlus.kontroll@example.ee";
    const phone = "+372 5817 2309";
    const client = new Client(app.url);
    const ok = async (response: Promise<Response>, what: string) => {
      const answered = await response;
      const body = await answered.text();
      const errors = lines.filter((line) => line.includes('"level":"error"') && !line.includes('"msg":"request"'));
      expect(answered.status, `${what}: ${body.slice(0, 300)} ${errors.join("")}`).toBeLessThan(400);
      return body;
    };
    const page = (path: string) => ok(client.fetch(path), `GET ${path}`);
    const api = async (method: string, path: string, json?: unknown) => {
      const body = await ok(client.fetch(path, { method, json, headers: { Origin: app.url } }), `${method} ${path}`);
      return body ? JSON.parse(body) : null;
    };

    // The login page with the code in its query (as a partner's link might carry one), and a
    // client's X-Request-Id holding it: neither reaches the log.
    await ok(fetch(`${app.url}/login?promo=${code}&life=100000`, { headers: { "X-Request-Id": code } }), "GET /login");
    expect((await client.signIn(code, "smart-id", `?promo=${code}`)).result).toBe("SUCCESS");
    // The session cookie's value: sent with every request below, never logged.
    const sessionCookie = /(?:^|; )session=([^;]+)/.exec(client.cookieHeader)?.[1];
    expect(sessionCookie?.length).toBeGreaterThan(20);
    await page("/account");
    // The account form as a browser posts it (the pages' form mechanism), once wrong, then right.
    const form = {
      email,
      phone,
      occupation: "Vaatleja",
      sourceOfFunds: "WAGE",
      conditionsAgreement: "on",
      healthDataAgreement: "on",
    };
    const post = (fields: Record<string, string>) =>
      client.fetch("/account", {
        method: "POST",
        headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    const refused = await post({ ...form, email: `${email}@`, [SUBMISSION_KEY_FIELD]: crypto.randomUUID() });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`${email}@`);
    const saved = await post({ ...form, [SUBMISSION_KEY_FIELD]: crypto.randomUUID() });
    expect(saved.status).toBe(302);
    // Every later step of the onboarding table, whatever steps it has: its page, then its save
    // through the /api (tests/support/walk.ts); after the offer's save, the demo signing.
    // Health values no count, duration or size made here is likely to equal: the questionnaire's
    // height and weight, the wellness answers, a measurement; saved, and refused by the database.
    const answers: WalkOptions = {
      scoreAnswers: {
        smoking: { value: false },
        steps: { value: 87643, manual: true },
        exerciseMinutes: { value: 9413, manual: true },
        restingHeartRate: { value: 61.3, manual: true },
        sleepHours: { value: 8 },
      },
      body: { height: 183.4, weight: 83.7 },
      beneficiaries: [{ type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 100, email: "mari.vaatlus@example.ee", phone: "+372 5600 7788" }],
    };
    const measurement = { bpm: 67.9, bmi: 26.3 };
    const refusedMeasurement = { bpm: 72.6, bmi: 23.8 };
    const refusedScore = { steps: { value: 76519, manual: true }, restingHeartRate: { value: 58.7, manual: true }, smoking: { value: false } };
    const refusedBody = { height: 176.2, weight: 91.4 };
    const refused5xx = async (path: string, json: unknown) => expect((await client.fetch(path, { method: "POST", json })).status, `POST ${path}`).toBe(500);
    for (const step of STEPS.filter((s) => s.id !== "account")) {
      await page(step.path);
      if (step.id === "score") {
        // An unexpected failure of each health save, its error's words quoting what was written.
        const undo = [await refuseWrites("health_measurements"), await refuseWrites("score_profiles")];
        await refused5xx("/api/score/health-measurement", refusedMeasurement);
        await refused5xx("/api/score", { answers: refusedScore });
        for (const done of undo) await done();
        await api("POST", "/api/score/health-measurement", measurement);
      }
      if (step.id === "questionnaire") {
        const undo = await refuseWrites("questionnaires");
        const { type } = await api("GET", `/api/onboarding/questionnaire/required-type?h=${refusedBody.height}&w=${refusedBody.weight}`);
        const content = Object.fromEntries(QUESTION_SETS[type as AnswerableType].map((q) => [q.code, false]));
        await refused5xx("/api/onboarding/questionnaire", { ...refusedBody, content });
        await undo();
      }
      await saveStep(client, step.id, answers);
    }
    expect((await signOnDemoDesk(door(client))).state).toBe("AGREEMENT_SIGNED");
    // A repeat of the completion (a resend) concluded nothing: counted once, below.
    expect(await door(client).post("/api/sign/complete", {})).toMatchObject({ result: "SIGNED", replayed: true });
    await page("/confirmation");
    await page("/confirmation.data");
    await api("GET", "/api/account/user");
    await api("GET", "/api/onboarding/state");
    await api("POST", "/api/logout");

    const after = await metrics();
    const grew = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(grew("sign_in_outcomes_total", { outcome: "success" })).toBe(1);
    expect(grew("form_saves_total", { form: "account", outcome: "refused" })).toBe(0); // the schema refused it before any save
    expect(grew("form_saves_total", { form: "account", outcome: "saved" })).toBe(1);
    for (const form of STEP_IDS.filter((id) => id !== "account")) expect(grew("form_saves_total", { form, outcome: "saved" }), form).toBe(1);
    expect(grew("signings_total", { outcome: "agreement_signed" })).toBe(1);
    expect(grew("http_request_duration_seconds_count", { route: "routes/account" })).toBe(3);
    expect(grew("http_request_duration_seconds_count", { route: "routes/confirmation" })).toBe(2);
    expect(grew("http_responses_total", { route: "routes/account", status_class: "4xx" })).toBe(1);
    expect(grew("http_responses_total", { route: "routes/account", status_class: "3xx" })).toBe(1);
    expect(grew("http_responses_total", { route: "/api/onboarding/proposal", status_class: "2xx" })).toBe(1);
    expect(sample(after, "http_request_duration_seconds_bucket", { route: "routes/account", le: "+Inf" })).toBe(
      sample(after, "http_request_duration_seconds_count", { route: "routes/account" }),
    );
    expect(grew("db_query_duration_seconds_count", {})).toBeGreaterThan(20);

    // Every line of the journey is JSON with its request id; none holds the code, the
    // e-mail, the phone (as typed or as digits) or the beneficiary's.
    const logged = lines.slice(logFrom);
    expect(logged.length).toBeGreaterThan(25);
    for (const line of logged) expect(JSON.parse(line)).toHaveProperty("reqId");
    const everything = lines.join("") + after;
    for (const secret of [code, email, phone, phone.replace(/\D/g, ""), "58172309", "49005150229", "mari.vaatlus@example.ee", "56007788", "Vaatleja", sessionCookie!, decodeURIComponent(sessionCookie!)]) {
      expect(everything, "a personal value in the log or the metrics").not.toContain(secret);
    }

    // The three failed saves were logged, with the database's words quoting the row written (sealed).
    const refusals = logged.filter((line) => line.includes('"level":"error"') && line.includes("the database refused ("));
    expect(refusals.length, logged.filter((line) => line.includes('"level":"error"')).join("\n")).toBe(3);
    // No health value typed, as a number of its own (a point or a comma before its decimal), in any of it.
    const numbers = numbersIn(lines, after);
    const health = [
      ...Object.values(answers.body!),
      ...Object.values(answers.scoreAnswers!).map((answer) => answer.value),
      ...Object.values(measurement),
      ...Object.values(refusedMeasurement),
      ...Object.values(refusedScore).map((answer) => answer.value),
      ...Object.values(refusedBody),
    ].filter((value): value is number => typeof value === "number" && (!Number.isInteger(value) || value > 1000));
    expect(health).toHaveLength(13);
    const leaks = health.flatMap((value) => [String(value), String(value).replace(".", ",")]).filter((typed) => numbers.has(typed));
    expect(leaks, "health values in the log or the metrics").toEqual([]);
  });
});

/**
 * Until undone, the database refuses every write to `table` with an error whose words quote the
 * row written, every column: an unexpected failure, as a driver's message quoting what it was
 * sent, in the middle of a health save.
 */
async function refuseWrites(table: string): Promise<() => Promise<void>> {
  const name = `refuse_${table}`;
  await app.core.db.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the database refused %', NEW; END $$`);
  await app.core.db.query(`CREATE TRIGGER ${name} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return async () => {
    await app.core.db.query(`DROP TRIGGER ${name} ON ${table}`);
    await app.core.db.query(`DROP FUNCTION ${name}()`);
  };
}

/**
 * Every number in what an operator reads, whole (`61.3`, `61,3`, `87643`): the log lines without
 * the numbers each line makes itself (its time, the request's duration, the process id, the
 * request id), which a typed value may equal by chance, and the metrics.
 */
function numbersIn(logged: string[], metricsText: string): Set<string> {
  const own = logged.map((line) => {
    const { time: _time, ms: _ms, pid: _pid, reqId: _reqId, ...said } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(said);
  });
  return new Set([...own, metricsText].join("\n").match(/\d+(?:[.,]\d+)?/g));
}
