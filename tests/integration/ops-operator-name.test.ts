/**
 * The audit names which operator acted (docs/operations.md "The operator command"): a token of
 * OPS_TOKENS may carry its operator's name (`<name>:<token>`). Through the /ops door the name is
 * the one the server's list gives the token that matched; on the database itself, the one the
 * command's own first token carries. It is recorded in health_data_audit.operator_name beside
 * actor "operator" (or "operator:reseal") and the reason; a token without a name records the
 * row as before. The customer's access log and data download show "operator" and the reason,
 * never the name. A malformed or doubled entry refuses the start, naming its position only.
 * Through the whole Express stack; PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "~/core/clock";
import { loadConfig } from "~/core/config";
import { openDatabase } from "~/core/db/index";
import { migrate } from "~/core/db/migrations";
import { prepareDatabase } from "~/core/startup";
import { loader as dataLoader } from "~/routes/self-service.data";
import { loader as downloadLoader } from "~/routes/self-service.data_.download";
import { Client, startTestApp, type TestApp } from "../support/app";
import { privatePgDatabaseUrl } from "../support/database";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { customerInUnderwriting } from "../support/offer-application";
import { closedPort, runOps } from "../support/ops-command";
import { routeArgs, run } from "../support/routes";
import { testDir } from "../support/temp-dir";

// Tokens this repository already publishes (app/core/weak-secrets.ts): refused in production.
const ANNA = "ops-token-for-tests-0123456789abcdef0123";
const PLAIN = "metrics-token-for-tests-0123456789abcdef";
const OPS_TOKENS = `anna.tamm:${ANNA},${PLAIN}`;
const NEW_KEY = randomBytes(32).toString("hex");

type AuditRow = { actor: string; subject: string; reason: string | null; operator_name: string | null };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { OPS_TOKENS } });
});
afterAll(() => app?.close());

/** An EUW case (signed with a hospital stay), its client still signed in. */
async function euwCase(on: TestApp) {
  const { client, code, customer } = await customerInUnderwriting(on);
  return { client, code, customerId: customer.id };
}

const operatorRows = async (customerId: number): Promise<AuditRow[]> =>
  app.core.db.query<AuditRow>(`SELECT actor, subject, reason, operator_name FROM health_data_audit WHERE customer_id = $1 AND actor LIKE 'operator%' ORDER BY id`, [
    customerId,
  ]);

const asked = (token: string, reason: string) => ({ Authorization: `Bearer ${token}`, "Ops-Reason": encodeURIComponent(reason) });

describe("an operator's name through the /ops door", () => {
  it("records the name the server's list gives the token that matched, and says it back; a token without one records the row as before", async () => {
    const { code, customerId } = await euwCase(app);

    const plain = await fetch(`${app.url}/ops/euw`, { headers: asked(PLAIN, "Weekly review of the open EUW cases") });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("ops-operator")).toBeNull();
    expect(await operatorRows(customerId)).toEqual([{ actor: "operator", subject: "euw:list", reason: "Weekly review of the open EUW cases", operator_name: null }]);

    const named = await fetch(`${app.url}/ops/euw`, { headers: asked(ANNA, "Underwriting review before the call") });
    expect(named.headers.get("ops-operator")).toBe("anna.tamm");
    expect(await named.json()).toEqual(expect.arrayContaining([expect.objectContaining({ personalCode: code })]));
    const accepted = await fetch(`${app.url}/ops/euw/${code}/accept`, { method: "POST", headers: asked(ANNA, "Accepted after the GP's letter") });
    expect(await accepted.json()).toEqual({ ok: true, value: { state: "SELF_SERVICE" } });
    expect((await operatorRows(customerId)).slice(1)).toEqual([
      { actor: "operator", subject: "euw:list", reason: "Underwriting review before the call", operator_name: "anna.tamm" },
      { actor: "operator", subject: "euw:accept", reason: "Accepted after the GP's letter", operator_name: "anna.tamm" },
    ]);
  });

  it("through npm run ops, records and prints the server's name for the token, whatever the command's own list calls it", async () => {
    const { code, customerId } = await euwCase(app);
    const dataDir = testDir("elukaitse-ops-name-");
    // The command's own environment names the token otherwise (or not at all): the server's list decides.
    const named = await runOps(["euw", "decline", code, "--reason", "Declined: the treatment is ongoing"], {
      NODE_ENV: "test",
      OPS_TOKENS: `someone.else:${ANNA}`,
      OPS_URL: app.url,
      DATA_DIR: dataDir,
    });
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout)).toEqual({ ok: true, value: { state: "SERVICE_UNAVAILABLE" } });
    expect(named.stderr).toContain("ops: acted as the operator anna.tamm");
    expect(named.stderr).not.toContain(ANNA);

    const plain = await runOps(["activate", "--reason", "Start of day activation round"], { NODE_ENV: "test", OPS_TOKENS: PLAIN, OPS_URL: app.url, DATA_DIR: dataDir });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toContain("ops: acted as an unnamed operator");
    expect(await operatorRows(customerId)).toEqual([{ actor: "operator", subject: "euw:decline", reason: "Declined: the treatment is ongoing", operator_name: "anna.tamm" }]);
  }, 120_000);

  it("records the name with every reseal row, and the customer's access log and data download never show it", async () => {
    const { client, code, customerId } = await euwCase(app);
    await fetch(`${app.url}/ops/euw/${code}/accept`, { method: "POST", headers: asked(ANNA, "Accepted after the GP's letter") });

    // The rotation's restart (docs/operations.md "Rotating keys"): a new key first, then the reseal through the door.
    const env = { OPS_TOKENS, HEALTH_DATA_KEY: undefined, HEALTH_DATA_KEYS: `k5:${NEW_KEY},legacy:${TEST_HEALTH_DATA_KEY}` };
    const rotated = await startTestApp({ db: app.core.db, env });
    try {
      await prepareDatabase(rotated.core.db, systemClock, loadConfig({ NODE_ENV: "test", ...env }));
      const resealed = await fetch(`${rotated.url}/ops/reseal?batch=50`, { method: "POST", headers: asked(ANNA, "Key rotation: re-sealing under k5") });
      expect(resealed.status).toBe(200);
      expect(resealed.headers.get("ops-operator")).toBe("anna.tamm");
      const reseals = await app.core.db.query<{ operator_name: string | null; n: number }>(
        `SELECT operator_name, count(*)::int AS n FROM health_data_audit WHERE actor = 'operator:reseal' GROUP BY operator_name`,
      );
      expect(reseals).toEqual([{ operator_name: "anna.tamm", n: expect.any(Number) }]);
      const mine = await operatorRows(customerId);
      expect(mine.filter((r) => r.actor === "operator:reseal").length).toBeGreaterThan(0);
      expect(mine.every((r) => r.operator_name === "anna.tamm")).toBe(true);

      // The customer (signed in before the restart) reads their access log and downloads their data on the new instance.
      const customer = new Client(rotated.url);
      for (const pair of client.cookieHeader.split("; ").filter(Boolean)) customer.setCookie(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      const log = await customer.fetch("/api/self-service/access-log?pageSize=100");
      expect(log.status).toBe(200);
      const logText = await log.text();
      const items = (JSON.parse(logText) as { items: Array<{ who: string; what: string; reason: string | null }> }).items.filter((i) => i.who === "operator");
      expect(items.map((i) => i.what)).toEqual(expect.arrayContaining(["key-rotation", "underwriting-decision"]));
      expect(items.map((i) => i.reason)).toEqual(expect.arrayContaining(["Key rotation: re-sealing under k5", "Accepted after the GP's letter"]));
      expect(logText).not.toContain("anna.tamm");

      const download = await customer.fetch("/api/self-service/export");
      expect(download.status).toBe(200);
      const fileText = await download.text();
      const file = JSON.parse(fileText) as { tables: Record<string, Array<Record<string, unknown>>> };
      const audit = file.tables.health_data_audit.filter((r) => String(r.actor).startsWith("operator"));
      expect(audit.length).toBe(mine.length);
      expect(audit.every((r) => !("operator_name" in r) && r.actor !== undefined && "reason" in r)).toBe(true);
      expect(fileText).not.toContain("anna.tamm");

      // The pages' own loaders: /self-service/data and its download.
      const cookie = customer.cookieHeader;
      const page = await run(() => dataLoader(routeArgs(rotated, "/self-service/data", { cookie })));
      expect(JSON.stringify(page.data)).toContain("Key rotation: re-sealing under k5");
      expect(JSON.stringify(page.data)).not.toContain("anna.tamm");
      const pageDownload = (await downloadLoader(routeArgs(rotated, "/self-service/data/download", { cookie }))) as Response;
      expect(pageDownload.status).toBe(200);
      expect(await pageDownload.text()).not.toContain("anna.tamm");
    } finally {
      await rotated.close();
    }
  }, 120_000);

  it("is kept to an operator's rows and an operator's name by the database itself", async () => {
    const [{ id }] = await app.core.db.query<{ id: number }>(`SELECT id FROM customers ORDER BY id LIMIT 1`);
    const insert = (actor: string, name: string) =>
      app.core.db.query(`INSERT INTO health_data_audit (customer_id, actor, action, subject, at, operator_name) VALUES ($1, $2, 'read', 'euw:list', now(), $3)`, [id, actor, name]);
    await expect(insert(`customer:${id}`, "anna.tamm")).rejects.toThrow(/health_data_audit_operator_name_check/);
    await expect(insert("operator", "Anna Tamm")).rejects.toThrow(/health_data_audit_operator_name_check/);
    await expect(insert("operator", "anna.tamm")).resolves.toBeDefined();
  });
});

describe("a malformed OPS_TOKENS", () => {
  // A port of its own on the loopback interface: a start that was not refused serves nobody else's.
  let port = 0;
  beforeAll(async () => {
    port = await closedPort();
  });
  const start = (opsTokens: string) =>
    spawnSync(path.resolve("node_modules/.bin/tsx"), ["server.ts"], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: testDir("elukaitse-ops-name-"), OPS_TOKENS: opsTokens },
      encoding: "utf8",
      timeout: 30_000,
    });

  it.each([
    ["a name that is none (capitals and a blank)", `${PLAIN},Anna Tamm:${ANNA}`, "OPS_TOKENS (entry 2 of 2) is neither <token> nor <operator's name>:<token>"],
    ["a personal code for a name", `38001085718:${ANNA}`, "OPS_TOKENS (entry 1 of 1) is neither <token> nor <operator's name>:<token>"],
    ["one operator named twice", `anna.tamm:${ANNA},anna.tamm:${PLAIN}`, "OPS_TOKENS names one operator twice (entries 1 and 2 of 2)"],
  ])("refuses the server's start with %s, naming the position and never the token", (_, opsTokens, problem) => {
    const started = start(opsTokens);
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(problem);
    expect(started.stderr).not.toContain(ANNA);
    expect(started.stderr).not.toContain(PLAIN);
    expect(started.stderr).not.toContain("38001085718");
  });
});

describe("npm run ops on the database itself", () => {
  /** A database holding one customer in EUW (no policy: a decision is refused, the look-up still recorded). */
  async function withEuwCustomer(db: Awaited<ReturnType<typeof openDatabase>>, personalCode: string) {
    await db.query(
      `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, state, created_at, updated_at)
       VALUES ($1, 'Kati', 'Karu', '1970-01-01', 'EUW', now(), now())`,
      [personalCode],
    );
  }
  const rowsOf = (db: Awaited<ReturnType<typeof openDatabase>>) =>
    db.query<AuditRow>(`SELECT a.actor, a.subject, a.reason, a.operator_name FROM health_data_audit a JOIN customers c ON c.id = a.customer_id WHERE c.personal_code = '47001010335' ORDER BY a.id`);

  it("records the name of the first token of its own environment (the data folder, no server answering)", async () => {
    const dataDir = testDir("elukaitse-ops-name-");
    const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await migrate(db);
    await withEuwCustomer(db, "47001010335");
    await db.close();
    const done = await runOps(["euw", "decline", "47001010335", "--reason", "Declined: the treatment is ongoing"], {
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      OPS_TOKENS: `jaan.kask:${ANNA},anna.tamm:${PLAIN}`,
      OPS_URL: `http://127.0.0.1:${await closedPort()}`,
      HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY,
      SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    });
    expect(done.stderr).toContain("ops: acted as the operator jaan.kask");
    const reopened = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      expect(await rowsOf(reopened)).toEqual([{ actor: "operator", subject: "euw:decline", reason: "Declined: the treatment is ongoing", operator_name: "jaan.kask" }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL (DATABASE_URL): records the name of its own first token, and no name without one", async () => {
    const pg = await privatePgDatabaseUrl();
    try {
      await migrate(pg.db);
      await withEuwCustomer(pg.db, "47001010335");
      const env = { NODE_ENV: "test", DATABASE_URL: pg.url, DATA_DIR: testDir("elukaitse-ops-name-"), HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY, SESSION_SECRET: "test-secret-test-secret-test-secret-0123" };
      const named = await runOps(["euw", "decline", "47001010335", "--reason", "Declined: the treatment is ongoing"], { ...env, OPS_TOKENS: `jaan.kask:${ANNA}` });
      expect(named.code, named.stderr).toBe(0);
      expect(named.stderr).toContain("ops: acted as the operator jaan.kask");
      // Without a token (none is needed on the database itself): decided already, the look-up still recorded, unnamed.
      const plain = await runOps(["euw", "accept", "47001010335", "--reason", "Accepted after the GP's letter"], env);
      expect(plain.code, plain.stderr).toBe(1);
      expect(plain.stderr).toContain("ops: acted as an unnamed operator");
      expect(await rowsOf(pg.db)).toEqual([
        { actor: "operator", subject: "euw:decline", reason: "Declined: the treatment is ongoing", operator_name: "jaan.kask" },
        // As the look-up it was, no decision (decision 0112).
        { actor: "operator", subject: "euw:refused", reason: "Accepted after the GP's letter", operator_name: null },
      ]);
    } finally {
      await pg.close();
    }
  }, 120_000);
});
