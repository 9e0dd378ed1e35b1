/**
 * The PostgreSQL server in trouble while customers use the app: it stops answering (a network
 * that drops everything, a frozen server), or is gone, and then comes back. Every request is
 * answered within the pool's limits, never left hanging, and the same process serves again
 * once the server answers, without a restart. Needs PostgreSQL (TEST_DATABASE_URL): the
 * embedded database has no connection to lose.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/core/db/index";
import { openPg } from "~/core/db/pg";
import { startTestApp, type TestApp } from "../support/app";
import { startBuiltServer, stopChild, type BuiltServer } from "../support/built-server";
import { privatePgDatabaseUrl, quietLostConnection } from "../support/database";
import { startDbProxy, type DbProxy } from "../support/db-proxy";
import { signedInCustomer } from "../support/routes";

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("database-outage.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to cut its connections");

/** Short limits, as the server's own (SERVING_LIMITS) but in a test's time. */
const LIMITS = { statementMs: 1_000, answerMs: 1_500, connectMs: 1_000 };
/** The longest any answer may take while the database does not answer: a few of the limits, never a hang. */
const BOUNDED_MS = 6_000;

/** The status and how long the answer took; a request still waiting after 15 s counts as a hang (status 0). */
async function timed(url: string, init: RequestInit = {}): Promise<{ status: number; ms: number; body: string; retryAfter: string | null }> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    return { status: response.status, ms: Date.now() - started, body: await response.text(), retryAfter: response.headers.get("Retry-After") };
  } catch {
    return { status: 0, ms: Date.now() - started, body: "", retryAfter: null };
  }
}

async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe.skipIf(!pgUrl)("a PostgreSQL server in trouble", () => {
  let database: Awaited<ReturnType<typeof privatePgDatabaseUrl>>;
  let proxy: DbProxy;
  let db: Db;
  let app: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    database = await privatePgDatabaseUrl({ template: true });
    proxy = await startDbProxy(database.url);
    db = openPg(proxy.through(database.url), { limits: LIMITS, onConnectionLost: quietLostConnection });
    app = await startTestApp({ db, remix: true, log: { write: (line) => void logLines.push(line) } });
  });
  afterAll(async () => {
    proxy?.pass();
    await app?.close();
    await db?.close();
    await proxy?.close();
    await database?.close();
  });

  it("that stops answering: pages, /api and /readyz answer within the limits, and the same process serves again once it answers", async () => {
    const { cookie } = await signedInCustomer(app);
    const page = () => timed(`${app.url}/account`, { headers: { Cookie: cookie } });
    const api = () => timed(`${app.url}/api/onboarding/state`, { headers: { Cookie: cookie } });
    expect((await page()).status).toBe(200);

    proxy.stall();
    // More requests at once than the pool has connections: none waits for ever for one.
    const answers = await Promise.all([...Array.from({ length: 12 }, page), api(), api(), timed(`${app.url}/readyz`)]);
    for (const answer of answers) {
      expect(answer.status, answer.body.slice(0, 200)).toBeGreaterThanOrEqual(500);
      expect(answer.ms).toBeLessThan(BOUNDED_MS);
    }
    expect((await timed(`${app.url}/healthz`)).status).toBe(200);

    proxy.pass();
    expect(await eventually(async () => (await timed(`${app.url}/readyz`)).status === 200)).toBe(true);
    expect((await page()).status).toBe(200);
    expect((await api()).status).toBe(200);
  });

  it("a transaction whose connection stops answering fails within the limits, writes nothing, and its connection is not handed out again", async () => {
    await db.query(`CREATE TABLE IF NOT EXISTS outage_probe (n int)`);
    const started = Date.now();
    const failed = db
      .transaction(async (tx) => {
        await tx.query(`INSERT INTO outage_probe VALUES (1)`);
        proxy.stall();
        await tx.query(`INSERT INTO outage_probe VALUES (2)`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(await failed).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(BOUNDED_MS);
    proxy.pass();
    // Every connection of the pool answers again (a stalled one handed back would hang the ones it is given to).
    const rounds = await Promise.all(Array.from({ length: 12 }, () => timed(`${app.url}/readyz`)));
    expect(rounds.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await db.query(`SELECT n FROM outage_probe`)).toEqual([]);
  });

  it("that is gone: every door answers 503 with Retry-After and the translated \"service unavailable\", logged as such", async () => {
    const { cookie } = await signedInCustomer(app);
    const headers = { Cookie: cookie };
    logLines.length = 0;
    proxy.cut();
    try {
      const pageEt = await timed(`${app.url}/account`, { headers });
      const pageEn = await timed(`${app.url}/account?lng=en`, { headers });
      const data = await timed(`${app.url}/account.data`, { headers });
      const api = await timed(`${app.url}/api/onboarding/state`, { headers });
      const post = await timed(`${app.url}/api/onboarding/registration`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", Origin: app.url, "Sec-Fetch-Site": "same-origin" },
        body: "{}",
      });
      for (const answer of [pageEt, pageEn, data, api, post]) {
        expect(answer.status, answer.body.slice(0, 300)).toBe(503);
        expect(answer.retryAfter).toBe("30");
      }
      expect(pageEt.body).toContain("Teenus on ajutiselt kättesaamatu");
      expect(pageEt.body).toContain('lang="et"');
      expect(pageEn.body).toContain("The service is temporarily unavailable");
      expect(JSON.parse(api.body)).toEqual({ errors: [{ code: "error.unavailable" }] });
      expect(JSON.parse(post.body)).toEqual({ errors: [{ code: "error.unavailable" }] });
      // One line a request, saying what it met; none of a bug's.
      const events = logLines.map((line) => JSON.parse(line) as { event?: string; level: string }).filter((line) => line.event);
      expect(events.map((line) => line.event)).toEqual(Array(5).fill("database_unavailable"));
    } finally {
      proxy.pass();
    }
    expect(await eventually(async () => (await timed(`${app.url}/account`, { headers })).status === 200)).toBe(true);
  });

  it("that is gone (its connections cut, new ones refused): 5xx at once, then served again", async () => {
    const { cookie } = await signedInCustomer(app);
    proxy.cut();
    const gone = await timed(`${app.url}/account`, { headers: { Cookie: cookie } });
    expect(gone.status).toBeGreaterThanOrEqual(500);
    expect(gone.ms).toBeLessThan(BOUNDED_MS);
    expect((await timed(`${app.url}/readyz`)).status).toBe(503);
    proxy.pass();
    expect(await eventually(async () => (await timed(`${app.url}/account`, { headers: { Cookie: cookie } })).status === 200)).toBe(true);
  });
});

describe.skipIf(!pgUrl)("a server started while its PostgreSQL does not answer", () => {
  let database: Awaited<ReturnType<typeof privatePgDatabaseUrl>>;
  let proxy: DbProxy;
  let server: BuiltServer | undefined;
  beforeAll(async () => {
    database = await privatePgDatabaseUrl();
    proxy = await startDbProxy(database.url);
  });
  afterAll(async () => {
    if (server) await stopChild(server.child);
    await proxy?.close();
    await database?.close();
  });

  it("waits for it, saying so in its log, and serves once it answers, without a restart", async () => {
    const lines: string[] = [];
    proxy.cut();
    setTimeout(() => proxy.pass(), 4_000);
    server = await startBuiltServer({ DATABASE_URL: proxy.through(database.url), WORKERS: "1" }, undefined, (text) => lines.push(...text.split("\n")));
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    const waits = lines.filter((line) => line.includes('"event":"database_unreachable"'));
    expect(waits.length).toBeGreaterThan(0);
    expect(JSON.parse(waits[0]).level).toBe("warn");
  });
});
