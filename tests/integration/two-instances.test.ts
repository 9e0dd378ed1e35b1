/**
 * Two app servers on one PostgreSQL database, as behind a load balancer
 * (docs/operations.md "Processes and instances"): a customer's whole journey, from the login
 * page to a signed agreement, with every request going to the other server than the one
 * before. One server runs one process, the other two (WORKERS=2, the cluster), so the
 * requests also cross processes inside one server. Needs PostgreSQL (TEST_DATABASE_URL)
 * and the production build (built here when missing).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "~/core/db/migrations";
import { openPg } from "~/core/db/pg";
import { quietLostConnection } from "../support/database";
import type { Db } from "~/core/db";
import { systemClock } from "~/core/clock";
import { prepareDatabase } from "~/core/startup";
import { STEPS } from "~/lib/onboarding";
import { freshPersonalCode } from "../support/personal-codes";
import { REGISTRATION, saveStep, signOnDemoDesk, type ApiDoor, type WalkOptions } from "../support/walk";
import { type BuiltServer, startBuiltServer, stopChild } from "../support/built-server";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("two-instances.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run two app servers on one database");

/** Every server started, so afterAll stops them even when another one failed to start. */
const started: ChildProcess[] = [];

const startInstance = (databaseUrl: string, workers: number): Promise<BuiltServer> =>
  startBuiltServer({ DATABASE_URL: databaseUrl, WORKERS: String(workers) }, (child) => started.push(child));

// Skipped without TEST_DATABASE_URL: PGlite is a database inside one process, so two servers
// need PostgreSQL (.ci/run runs this with PostgreSQL 15).
describe.skipIf(!pgUrl)("two app servers on one PostgreSQL database", () => {
  let instances: BuiltServer[] = [];
  let databaseUrl = "";
  let admin: pg.Client;
  const name = `elukaitse_instances_${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // Started together: both run the migrations, serialised by their advisory lock.
    instances = await Promise.all([startInstance(databaseUrl, 1), startInstance(databaseUrl, 2)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(started.map(stopChild));
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it("carries a customer from the login page to a signed agreement, each request on the other server", async () => {
    let turn = 0;
    // The session and the sign-in under way (started on one server, completed on the other).
    const jar = new Map<string, string>();
    const served: string[] = [];
    /** One request to the next server in turn, with the cookies the previous ones set. */
    const request = async (method: string, pathname: string, body?: { json?: unknown; form?: Record<string, string> }) => {
      const { base } = instances[turn++ % instances.length];
      served.push(base);
      const headers: Record<string, string> = { Origin: base, Accept: body?.form ? "application/json" : "text/html, application/json" };
      if (jar.size) headers.Cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      if (body?.json !== undefined) headers["Content-Type"] = "application/json";
      if (body?.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
      const response = await fetch(base + pathname, {
        method,
        headers,
        redirect: "manual",
        body: body?.json !== undefined ? JSON.stringify(body.json) : body?.form ? new URLSearchParams(body.form).toString() : undefined,
      });
      for (const set of response.headers.getSetCookie()) {
        const [name, value] = set.split(";")[0].split(/=(.*)/s);
        if (name === "session" || name === "sign_in") {
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
      }
      const text = await response.text();
      expect(response.status, `${method} ${pathname} on ${base}: ${text.slice(0, 300)}`).toBeLessThan(300);
      return text;
    };
    const api = async (method: string, pathname: string, json?: unknown) => {
      const text = await request(method, pathname, json === undefined ? undefined : { json });
      return text ? JSON.parse(text) : null;
    };
    const page = async (pathname: string, heading: RegExp) => expect(await request("GET", pathname)).toMatch(heading);

    const code = freshPersonalCode({ age: 35 });
    await page("/login", /<form/);
    await api("POST", "/api/auth/init");
    expect((await api("POST", "/api/auth/complete", { returnToken: `smart-id:${code}` })).result).toBe("SUCCESS");
    // Each step of the onboarding table, whatever steps it has: its page, then its save through
    // the /api (tests/support/walk.ts); after the offer's save, the demo signing.
    const door: ApiDoor = {
      get: (pathname) => api("GET", pathname),
      post: (pathname, json) => api("POST", pathname, json),
      postForm: async (pathname, form) => void (await request("POST", pathname, { form })),
    };
    const answers: WalkOptions = {
      registration: { ...REGISTRATION, email: "kaks@example.com", occupation: "Tester" },
      scoreAnswers: { smoking: { value: false }, steps: { value: 9000, manual: true }, sleepHours: { value: 8 } },
    };
    for (const step of STEPS) {
      await page(step.path, /<h1[^>]*>/);
      await saveStep(door, step.id, answers);
    }
    expect((await signOnDemoDesk(door)).state).toBe("AGREEMENT_SIGNED");
    await page("/confirmation", /<h1[^>]*>/);
    expect((await api("GET", "/api/onboarding/state")).state).toBe("AGREEMENT_SIGNED");

    // Every other request went to the other server.
    expect(new Set(served).size).toBe(2);
    expect(served.every((base, i) => i === 0 || base !== served[i - 1])).toBe(true);
    // Exactly one of each, as one journey on one server leaves it.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query(
      `SELECT c.state,
         (SELECT count(*) FROM registrations r WHERE r.customer_id = c.id)::int AS registrations,
         (SELECT count(*) FROM proposals p WHERE p.customer_id = c.id)::int AS proposals,
         (SELECT count(*) FROM questionnaires q WHERE q.customer_id = c.id)::int AS questionnaires,
         (SELECT count(*) FROM signings s WHERE s.customer_id = c.id AND s.status = 'signed')::int AS signed,
         (SELECT count(*) FROM policies y WHERE y.customer_id = c.id)::int AS policies
       FROM customers c WHERE c.personal_code = $1`,
      [code],
    );
    await db.end();
    expect(rows).toEqual([{ state: "AGREEMENT_SIGNED", registrations: 1, proposals: 1, questionnaires: 1, signed: 1, policies: 1 }]);
  }, 120_000);
});

// Skipped without TEST_DATABASE_URL, as above: racing starts need a shared PostgreSQL.
describe.skipIf(!pgUrl)("migrations and the demo seed of servers starting together", () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
  });
  afterAll(() => admin?.end());

  /** An empty database of its own on the test server, and how to drop it. */
  const emptyDatabase = async (prefix: string) => {
    const name = `${prefix}_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    return { url: url.toString(), drop: () => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  };

  it("apply once, whichever server takes the lock first, on an empty database", async () => {
    for (let round = 0; round < 3; round++) {
      const database = await emptyDatabase("elukaitse_migrate");
      const servers = [openPg(database.url, { onConnectionLost: quietLostConnection }), openPg(database.url, { onConnectionLost: quietLostConnection }), openPg(database.url, { onConnectionLost: quietLostConnection })];
      try {
        const applied = await Promise.all(servers.map((db) => migrate(db)));
        // Every migration applied by exactly one of them.
        expect(applied.flat().sort()).toEqual([...new Set(applied.flat())].sort());
        const [{ count }] = await servers[0].query<{ count: number }>(`SELECT count(*)::int AS count FROM schema_migrations`);
        expect(count).toBe(applied.flat().length);
      } finally {
        await Promise.all(servers.map((db) => db.close()));
        await database.drop();
      }
    }
  }, 60_000);

  it("seed the demo once, whichever server takes the lock first: the same demo data as one start", async () => {
    const config = { demo: true, healthDataKeys: [{ id: "legacy", key: Buffer.from(TEST_HEALTH_DATA_KEY, "hex") }] };
    /** What the seed wrote, counted the same way for every database. */
    const demoData = async (db: Db) =>
      db.query(
        `SELECT c.personal_code, c.state,
                (SELECT count(*)::int FROM policies p WHERE p.customer_id = c.id) AS policies,
                (SELECT string_agg(p.status, ',' ORDER BY p.id) FROM policies p WHERE p.customer_id = c.id) AS statuses,
                (SELECT count(*)::int FROM score_profiles s WHERE s.customer_id = c.id) AS profiles,
                (SELECT count(*)::int FROM invoices i JOIN policies p ON p.id = i.policy_id WHERE p.customer_id = c.id) AS invoices,
                (SELECT count(*)::int FROM health_data_audit a WHERE a.customer_id = c.id) AS audits
         FROM customers c ORDER BY c.personal_code`,
      );
    const alone = await emptyDatabase("elukaitse_seed");
    const one = openPg(alone.url, { onConnectionLost: quietLostConnection });
    let expected: unknown[];
    try {
      await prepareDatabase(one, systemClock, config);
      expected = await demoData(one);
      expect(expected.length).toBeGreaterThan(5);
    } finally {
      await one.close();
      await alone.drop();
    }
    for (let round = 0; round < 3; round++) {
      const together = await emptyDatabase("elukaitse_seed");
      const servers = [openPg(together.url, { onConnectionLost: quietLostConnection }), openPg(together.url, { onConnectionLost: quietLostConnection }), openPg(together.url, { onConnectionLost: quietLostConnection })];
      try {
        // Each migrates first, as a start does, then all seed at once.
        await Promise.all(servers.map((db) => migrate(db)));
        await Promise.all(servers.map((db) => prepareDatabase(db, systemClock, config)));
        expect(await demoData(servers[0])).toEqual(expected);
        const [{ count }] = await servers[0].query<{ count: number }>(`SELECT count(*)::int AS count FROM demo_seed`);
        expect(count).toBe(1);
      } finally {
        await Promise.all(servers.map((db) => db.close()));
        await together.drop();
      }
    }
  }, 120_000);
});
