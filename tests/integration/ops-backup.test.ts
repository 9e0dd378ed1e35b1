/**
 * A consistent backup of a running embedded database (docs/operations.md "Backup and restore",
 * "The embedded database"): `npm run ops -- backup <file>` asks the running server's /ops door,
 * which dumps PGlite's data folder between two transactions (never inside one of the app's) and
 * answers it gzipped; `npm run ops -- restore <file> <new DATA_DIR>` unpacks it into a new
 * folder beside the demo's key file, and a server started there serves every save answered
 * before the backup began, its sealed answers opening, nothing half-saved.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { systemClock } from "~/core/clock";
import { loadConfig } from "~/core/config";
import { openDatabase, type Db } from "~/core/db/index";
import { openPglite } from "~/core/db/pglite";
import { prepareDatabase } from "~/core/startup";
import { Client, startTestApp, type TestApp } from "../support/app";
import { privatePgDatabaseUrl } from "../support/database";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { runOps } from "../support/ops-command";
import { ALL_NO_UW_L1, customerOnQuestionnaire } from "../support/questionnaire";
import { testDir } from "../support/temp-dir";

const TOKEN = "ops-token-for-backup-tests-0123456789abcdef";
const SESSION_SECRET = "test-secret-test-secret-test-secret-0123";
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Closed when the calling test has finished, before the folders it made are removed (the hooks run last first). */
function closing<T extends { close(): Promise<void> }>(thing: T): T {
  onTestFinished(() => thing.close());
  return thing;
}

/**
 * A demo's DATA_DIR as a server's first start leaves it: the database in `pglite/` (a copy of
 * the migrated, seeded template) and the generated key in `health-data-key`.
 */
async function demoFolder(): Promise<{ dataDir: string; db: Db }> {
  const dataDir = testDir("elukaitse-backup-");
  writeFileSync(path.join(dataDir, "health-data-key"), `${TEST_HEALTH_DATA_KEY}\n`, { mode: 0o600 });
  const template = inject("pgliteTemplate");
  // The template's folder (the dump the global setup made of it); on a PostgreSQL run, made here.
  if (template) return { dataDir, db: await openPglite(path.join(dataDir, "pglite"), { loadDataDir: new Blob([readFileSync(template)]) }) };
  const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await prepareDatabase(db, systemClock, loadConfig({ NODE_ENV: "test", SESSION_SECRET, DATA_DIR: dataDir }));
  return { dataDir, db };
}

/** The app a demo serves on `dataDir`: its key the folder's file (HEALTH_DATA_KEY unset), the operator's door open. */
async function serve(db: Db, dataDir: string, log?: { write(line: string): void }): Promise<TestApp> {
  return closing(await startTestApp({ db, log, env: { DATA_DIR: dataDir, HEALTH_DATA_KEY: undefined, OPS_TOKEN: TOKEN } }));
}

/** The answers of a customer's `k`th save, sealed; its audit row is the `k`th write (the same transaction). */
const saveNumber = (k: number) => ({
  height: "172,5",
  weight: "64",
  content: { ...ALL_NO_UW_L1, treatment: true, treatmentExtra: { disease: `Astma ${k}`, treatmentAndDuration: `inhalaator, ${k} aastat` } },
});

describe("npm run ops -- backup on a running embedded database, and restore", () => {
  it("keeps every save answered before it began, whole, while saves go on; the restored folder serves them with the same keys", async () => {
    const { dataDir, db } = await demoFolder();
    const log: string[] = [];
    closing(db);
    const app = await serve(db, dataDir, { write: (line) => void log.push(line) });

    const customers = await Promise.all([0, 1, 2, 3].map(() => customerOnQuestionnaire(app)));
    /** Per customer: the saves answered (their number, and when). */
    const answered: Array<Array<{ k: number; at: number }>> = customers.map(() => []);
    let stop = false;
    const saving = customers.map(async ({ client }, i) => {
      for (let k = 1; !stop; k++) {
        const response = await client.fetch("/api/onboarding/questionnaire", { method: "POST", json: saveNumber(k) });
        expect(response.status, await response.text()).toBe(200);
        answered[i].push({ k, at: performance.now() });
      }
    });
    // Saves under way before the backup, and all through it.
    while (answered.some((saves) => saves.length < 3)) await new Promise((resolve) => setTimeout(resolve, 20));

    const file = path.join(testDir("elukaitse-backup-file-"), "elukaitse.tar.gz");
    const began = performance.now();
    const backup = await runOps(["backup", file], { NODE_ENV: "test", DATA_DIR: dataDir, OPS_TOKEN: TOKEN, OPS_URL: app.url, SESSION_SECRET });
    const ended = performance.now();
    stop = true;
    await Promise.all(saving);
    expect(backup.code, backup.stderr).toBe(0);
    // Saves were answered while the backup was being taken: it did not stop the server.
    expect(answered.some((saves) => saves.some(({ at }) => at > began && at < ended))).toBe(true);

    // The file, whole: its size and digest as the command says, and nothing left beside it.
    const bytes = readFileSync(file);
    const said = JSON.parse(backup.stdout);
    expect(said).toEqual({ file, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
    expect(statSync(file).mode & 0o077).toBe(0);

    // Said in the log as one line: its size and digest, no one's data.
    const lines = log.map((line) => JSON.parse(line)).filter((line) => line.event === "backup_taken");
    expect(lines).toEqual([expect.objectContaining({ level: "info", event: "backup_taken", bytes: bytes.length, sha256: said.sha256, token: 1 })]);
    const line = JSON.stringify(lines[0]);
    for (const { personalCode } of customers) expect(line).not.toContain(personalCode);
    expect(line).not.toContain("Astma");

    // Restored into a new folder, the key file beside it, no lock.
    const restoredDir = path.join(testDir("elukaitse-restored-"), "data");
    const restore = await runOps(["restore", file, restoredDir], { NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET });
    expect(restore.code, restore.stderr).toBe(0);
    expect(readdirSync(restoredDir).sort()).toEqual(["health-data-key", "pglite"]);
    expect(readFileSync(path.join(restoredDir, "health-data-key"), "utf8")).toBe(`${TEST_HEALTH_DATA_KEY}\n`);
    expect(statSync(path.join(restoredDir, "health-data-key")).mode & 0o077).toBe(0);
    expect(statSync(path.join(restoredDir, "pglite")).mode & 0o077).toBe(0);

    // A server's start on it: not said to be a copy of a running folder, its key opens it.
    const copied: string[] = [];
    const restored = closing(await openDatabase({ dataDir: path.join(restoredDir, "pglite"), onCopiedFolder: (lockFile) => copied.push(lockFile) }));
    const config = loadConfig({ NODE_ENV: "test", SESSION_SECRET, DATA_DIR: restoredDir });
    expect(config.healthDataKeyFile).toBe(path.join(restoredDir, "health-data-key"));
    await prepareDatabase(restored, systemClock, config);
    expect(copied).toEqual([]);
    const second = await serve(restored, restoredDir);

    for (const [i, { client, customerId }] of customers.entries()) {
      // The customer's session of the backup's moment, on the restored server.
      const there = new Client(second.url);
      there.setCookie("session", client.cookieHeader.match(/(?:^|; )session=([^;]+)/)![1]);
      const read = await there.fetch("/api/onboarding/questionnaire");
      expect(read.status).toBe(200);
      const answers = await read.json();
      const k = Number(/^Astma (\d+)$/.exec(answers.content.treatmentExtra.disease)![1]);
      // Every save answered before the backup began is there (this one or a later one) …
      const before = answered[i].filter(({ at }) => at < began).at(-1)!.k;
      expect(k, `customer ${i}`).toBeGreaterThanOrEqual(before);
      // … whole: the sealed answers and the audit row of the same save, nothing of a later one.
      expect(answers).toMatchObject({ height: 172.5, weight: 64, content: saveNumber(k).content });
      const writes = await restored.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM health_data_audit WHERE customer_id = $1 AND action = 'write' AND subject = 'questionnaire'`,
        [customerId],
      );
      expect(writes[0].n, `customer ${i}: one audited write per save`).toBe(k);
    }
  }, 240_000);

  it("is taken between two transactions: one under way when it is asked for is waited for, and is in it whole", async () => {
    const db = closing(await openDatabase({ dataDir: path.join(testDir("elukaitse-backup-"), "pglite") }));
    await db.query(`CREATE TABLE saves (n int)`);
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    let begun!: () => void;
    const underWay = new Promise<void>((resolve) => (begun = resolve));
    const save = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO saves VALUES (1)`);
      begun();
      await finishing;
      await tx.query(`INSERT INTO saves VALUES (2)`);
    });
    await underWay;
    const dumped = db.dump!();
    const first = await Promise.race([dumped.then(() => "taken"), new Promise((resolve) => setTimeout(() => resolve("waiting"), 500))]);
    expect(first).toBe("waiting");
    finish();
    await save;
    const restored = closing(await openPglite(undefined, { loadDataDir: new File([Buffer.from(await dumped)], "backup.tar.gz", { type: "application/x-gzip" }) }));
    expect(await restored.query(`SELECT n FROM saves ORDER BY n`)).toEqual([{ n: 1 }, { n: 2 }]);
  }, 120_000);

  it("refuses to write over a file, and refuses a restore into a folder that is not empty or without the key that opens it", async () => {
    const { dataDir, db } = await demoFolder();
    closing(db);
    const app = await serve(db, dataDir);
    const env = { NODE_ENV: "test", DATA_DIR: dataDir, OPS_TOKEN: TOKEN, OPS_URL: app.url, SESSION_SECRET };

    const folder = testDir("elukaitse-backup-file-");
    const existing = path.join(folder, "taken.tar.gz");
    writeFileSync(existing, "an earlier backup");
    const over = await runOps(["backup", existing], env);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(`ops: ${existing} exists: a backup never replaces a file; give a new name`);
    expect(readFileSync(existing, "utf8")).toBe("an earlier backup");

    const file = path.join(folder, "new.tar.gz");
    expect((await runOps(["backup", file], env)).code).toBe(0);

    const notEmpty = testDir("elukaitse-restored-");
    writeFileSync(path.join(notEmpty, "something"), "x");
    const into = await runOps(["restore", file, notEmpty], { NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET });
    expect(into.code).toBe(1);
    expect(into.stderr).toContain(`ops: ${notEmpty} is not empty: a restore goes into a new folder`);
    expect(readdirSync(notEmpty)).toEqual(["something"]);

    // A file cut short: said to be no backup it can read, not in zlib's words; nothing left behind.
    const cut = path.join(folder, "cut.tar.gz");
    writeFileSync(cut, readFileSync(file).subarray(0, Math.floor(statSync(file).size / 2)));
    const damaged = path.join(testDir("elukaitse-restored-"), "data");
    const refused = await runOps(["restore", cut, damaged], { NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`ops: ${cut} cannot be read as a backup: it is cut short or damaged`);
    expect(existsSync(damaged)).toBe(false);

    // Another key under the id the backup's values are sealed under: refused, nothing left behind.
    const elsewhere = path.join(testDir("elukaitse-restored-"), "data");
    const wrong = await runOps(["restore", file, elsewhere], { NODE_ENV: "test", DATA_DIR: testDir("elukaitse-other-"), HEALTH_DATA_KEY: "cd".repeat(32), SESSION_SECRET });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`ops: the key with id "legacy" is not the key the database knows under that id`);
    expect(existsSync(elsewhere)).toBe(false);

    // No key at all (another DATA_DIR, none given): refused before anything is written.
    const none = await runOps(["restore", file, elsewhere], { NODE_ENV: "test", DATA_DIR: testDir("elukaitse-other-"), SESSION_SECRET });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("ops: no health-data key");
    expect(existsSync(elsewhere)).toBe(false);
  }, 240_000);

  it("is the operator's door's: refused without a token, with another, from what a proxy forwards", async () => {
    const { dataDir, db } = await demoFolder();
    closing(db);
    const app = await serve(db, dataDir);
    const backup = (headers: Record<string, string>) => fetch(`${app.url}/ops/backup`, { method: "POST", headers });
    const taken = await backup({ Authorization: `Bearer ${TOKEN}` });
    expect(taken.status).toBe(200);
    expect(taken.headers.get("content-type")).toBe("application/gzip");
    expect(taken.headers.get("cache-control")).toBe("no-store");
    const body = Buffer.from(await taken.arrayBuffer());
    expect(taken.headers.get("ops-backup-sha256")).toBe(createHash("sha256").update(body).digest("hex"));
    for (const headers of <Array<Record<string, string>>>[{}, { Authorization: "Bearer another-token-another-token-0123456789" }, { Authorization: `Bearer ${TOKEN}`, "X-Forwarded-For": "203.0.113.7" }]) {
      const refused = await backup(headers);
      expect([refused.status, await refused.json()], JSON.stringify(headers)).toEqual([404, { errors: [{ code: "error.not_found" }] }]);
    }
    // The command without the server's token: refused by it, no file.
    const file = path.join(testDir("elukaitse-backup-file-"), "b.tar.gz");
    const refused = await runOps(["backup", file], { NODE_ENV: "test", DATA_DIR: dataDir, OPS_TOKEN: "another-token-another-token-0123456789", OPS_URL: app.url, SESSION_SECRET });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("refused the command (HTTP 404)");
    expect(existsSync(file)).toBe(false);
  }, 120_000);

  it("on a stopped server's folder (no server answers), the command reads the folder itself", async () => {
    const { dataDir, db } = await demoFolder();
    await db.close();
    const file = path.join(testDir("elukaitse-backup-file-"), "stopped.tar.gz");
    // A reason given is said to be unrecorded (a backup shows no customer), not taken silently.
    const taken = await runOps(["backup", file, "--reason", "the nightly copy before the upgrade"], { NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET });
    expect(taken.code, taken.stderr).toBe(0);
    expect(JSON.parse(taken.stdout)).toMatchObject({ file, bytes: statSync(file).size });
    expect(taken.stderr).toContain("ops: the --reason is not recorded: backup shows no customer");
    expect(existsSync(`${path.join(dataDir, "pglite")}.lock`)).toBe(false);
  }, 120_000);
});

describe("npm run ops -- backup on PostgreSQL", () => {
  it("with DATABASE_URL says to use pg_dump and exits 1, before connecting or writing anything", async () => {
    const folder = testDir("elukaitse-backup-pg-");
    const file = path.join(folder, "b.tar.gz");
    // Nothing listens there: a connection tried would be said as a connection refused.
    const env = { NODE_ENV: "test", DATA_DIR: folder, SESSION_SECRET, DATABASE_URL: "postgres://postgres:postgres@127.0.0.1:1/none" };
    const refused = await runOps(["backup", file], env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain("ops: backup is the embedded database's (PGlite): with DATABASE_URL use pg_dump");
    expect(refused.stderr).toContain('docs/operations.md "Backup and restore"');
    expect(refused.stderr).not.toMatch(/ECONNREFUSED|connect/i);
    const restore = await runOps(["restore", file, path.join(folder, "data")], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("ops: restore is the embedded database's (PGlite): with DATABASE_URL use pg_restore");
    expect(readdirSync(folder)).toEqual([]);
  }, 60_000);

  it.skipIf(!onPostgres)("a server on PostgreSQL refuses /ops/backup (409), and the command says to use pg_dump", async () => {
    const database = closing(await privatePgDatabaseUrl({ template: true }));
    const app = closing(await startTestApp({ db: database.db, env: { OPS_TOKEN: TOKEN } }));
    const refused = await fetch(`${app.url}/ops/backup`, { method: "POST", headers: { Authorization: `Bearer ${TOKEN}` } });
    expect([refused.status, await refused.json()]).toEqual([409, { errors: [{ code: "error.use_pg_dump" }] }]);
    // The command whose own environment names no database, pointed at that server.
    const folder = testDir("elukaitse-backup-pg-");
    mkdirSync(path.join(folder, "out"));
    const file = path.join(folder, "out", "b.tar.gz");
    const said = await runOps(["backup", file], { NODE_ENV: "test", DATA_DIR: folder, OPS_TOKEN: TOKEN, OPS_URL: app.url, SESSION_SECRET });
    expect(said.code).toBe(1);
    expect(said.stderr).toContain("ops: the server's database is PostgreSQL: use pg_dump");
    expect(readdirSync(path.join(folder, "out"))).toEqual([]);
  }, 60_000);
});
