/**
 * The operator command with DEMO=true and no HEALTH_DATA_KEY(S) (docs/operations.md "The
 * operator command"): the server generates its key once into its DATA_DIR at its first start
 * and binds the database to it (health_key_checks); the command never starts a database, so
 * a key it generated would be no server's. It reads the key the server's DATA_DIR holds and
 * writes nothing there; without one it says so, and refuses only what needs a key (reseal).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { systemClock } from "~/core/clock";
import { loadConfig } from "~/core/config";
import { prepareDatabase } from "~/core/startup";
import { privatePgDatabaseUrl } from "../support/database";
import { runOps } from "../support/ops-command";
import { testDir } from "../support/temp-dir";

const DEMO = { NODE_ENV: "production", DEMO: "true" };
const REASON = ["--reason", "Demo check of the key rotation"];

describe("npm run ops with DEMO=true, DATABASE_URL and no health-data key", () => {
  it("writes no generated key or secret into its DATA_DIR, says the key is missing, and refuses a reseal before it opens the database", async () => {
    const dataDir = testDir("elukaitse-ops-demo-");
    // No database answers here: what the command wrote before it tried to open one is what counts.
    const env = { ...DEMO, DATA_DIR: dataDir, DATABASE_URL: "postgres://postgres:postgres@127.0.0.1:1/none" };
    const keys = await runOps(["keys"], env);
    expect(keys.stderr).toContain("ops: no health-data key: HEALTH_DATA_KEYS and HEALTH_DATA_KEY are unset");
    expect(keys.stderr).toContain(path.join(dataDir, "health-data-key"));
    const resealed = await runOps(["reseal", ...REASON], env);
    expect(resealed.code).toBe(1);
    expect(resealed.stdout).toBe("");
    expect(resealed.stderr).toContain("ops: no health-data key");
    expect(resealed.stderr).toContain("refused: a reseal needs the servers' keys");
    await runOps(["activate", ...REASON], env);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL: reads the key the server generated into its DATA_DIR, and from another folder shows the database's keys unmatched, writing nothing", async () => {
    const database = await privatePgDatabaseUrl();
    try {
      // The server's first start with DEMO=true: its key generated into its DATA_DIR, the database bound to it.
      const serverDir = testDir("elukaitse-ops-demo-server-");
      const serverEnv = { ...DEMO, DATA_DIR: serverDir, DATABASE_URL: database.url };
      await prepareDatabase(database.db, systemClock, loadConfig(serverEnv));
      const serverKey = readFileSync(path.join(serverDir, "health-data-key"), "utf8");

      const beside = await runOps(["keys"], serverEnv);
      expect(beside.code, beside.stderr).toBe(0);
      expect(beside.stderr).not.toContain("no health-data key");
      expect(JSON.parse(beside.stdout)).toEqual([expect.objectContaining({ id: "legacy", inRing: true, sealsNewValues: true })]);
      expect(readFileSync(path.join(serverDir, "health-data-key"), "utf8")).toBe(serverKey);

      const elsewhere = testDir("elukaitse-ops-demo-shell-");
      const env = { ...DEMO, DATA_DIR: elsewhere, DATABASE_URL: database.url };
      const keys = await runOps(["keys"], env);
      expect(keys.code, keys.stderr).toBe(0);
      expect(keys.stderr).toContain("ops: no health-data key");
      const activated = await runOps(["activate", ...REASON], env);
      expect(activated.code, activated.stderr).toBe(0);
      expect(JSON.parse(activated.stdout)).toEqual({ activated: [] });
      const resealed = await runOps(["reseal", ...REASON], env);
      expect(resealed.code).toBe(1);
      expect(readdirSync(elsewhere)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
