/**
 * What `npm run ops` tells the operator when it refuses (docs/operations.md "The operator
 * command"): the JSON result stays as documented on stdout, and stderr says in words what
 * went wrong, naming nothing but what the operator typed. Run on its own data folder, no
 * server (the command opens the folder itself).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/core/db/index";
import { migrate } from "~/core/db/migrations";
import { runOps } from "../support/ops-command";
import { testDir } from "../support/temp-dir";

const KEYS = { SESSION_SECRET: "s".repeat(16) + "0123456789abcdef0123456789", HEALTH_DATA_KEY: "ab".repeat(32) };

/** A data folder holding one customer in `state`, with the code given. */
async function folderWith(personalCode: string, state: string): Promise<string> {
  const dataDir = testDir("elukaitse-ops-refusals-");
  const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await migrate(db);
  await db.query(
    `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, state, created_at, updated_at)
     VALUES ($1, 'Kati', 'Karu', '1970-01-01', $2, now(), now())`,
    [personalCode, state],
  );
  await db.close();
  return dataDir;
}

describe("npm run ops refusing a decision", () => {
  it("says in words why, beside the JSON: no such customer, or no open EUW case", async () => {
    const dataDir = await folderWith("47001010335", "AGREEMENT_SIGNED");
    const run = (args: string[]) => runOps(args, { NODE_ENV: "test", DATA_DIR: dataDir, ...KEYS });

    const missing = await run(["euw", "accept", "38001085718", "--reason", "Accepted after the GP's letter"]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual({ ok: false, failure: [{ code: "error.not_found" }] });
    expect(missing.stderr).toContain("ops: refused: no customer has the personal code 38001085718");

    const notOpen = await run(["euw", "decline", "47001010335", "--reason", "Declined: the treatment is ongoing"]);
    expect(notOpen.code).toBe(1);
    expect(JSON.parse(notOpen.stdout)).toEqual({ ok: false, failure: [{ code: "error.wrong_state" }] });
    expect(notOpen.stderr).toContain("ops: refused: 47001010335 is not an open extended-underwriting case");
    // What the operator typed, and nothing of the customer's (the name, the state).
    expect(notOpen.stderr).not.toMatch(/Kati|Karu|AGREEMENT_SIGNED/);
  }, 120_000);
});

describe("npm run ops given a personal code that is none", () => {
  it("refuses it as a usage error naming it, before it opens the database (a mistyped digit is not 'no such customer')", async () => {
    const dataDir = testDir("elukaitse-ops-refusals-");
    for (const code of ["38001085719", "123", "3800108571x"]) {
      const refused = await runOps(["euw", "accept", code, "--reason", "Accepted after the GP's letter"], { NODE_ENV: "test", DATA_DIR: dataDir, ...KEYS });
      expect(refused.code, code).toBe(2);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toContain(`ops: "${code}" is not an Estonian personal code`);
    }
  }, 120_000);
});

describe("npm run ops given a reason it refuses", () => {
  it("states both limits, so a reason over 500 characters is not told it is too short", async () => {
    const refused = await runOps(["activate", "--reason", "Start of day: ".padEnd(501, "x")], { NODE_ENV: "test", DATA_DIR: testDir("elukaitse-ops-refusals-"), ...KEYS });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("10–500 characters");
  });
});

describe("npm run ops on a database that holds no data of the application", () => {
  it("refuses, naming the setting to check, instead of creating the schema there and answering 'no cases'", async () => {
    const dataDir = testDir("elukaitse-ops-refusals-");
    const listed = await runOps(["euw", "list", "--reason", "Weekly underwriting review"], { NODE_ENV: "test", DATA_DIR: dataDir, ...KEYS });
    expect(listed.code).toBe(1);
    expect(listed.stdout).toBe("");
    expect(listed.stderr).toContain("ops: the database holds no data of this application");
    expect(listed.stderr).toContain("DATA_DIR");
    const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      expect(await db.query(`SELECT to_regclass('public.customers') AS t`)).toEqual([{ t: null }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
