/**
 * A demo's data folder restored without its `health-data-key` (only `data/pglite` copied), or a
 * demo start on PostgreSQL with another DATA_DIR than the first one's: the start generates a key
 * that opens nothing of the database, and is refused. The refusal said "a mistyped key, or another
 * database's" of a key nobody typed; it now names the file the key came from and what to restore.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { systemClock } from "~/core/clock";
import { ConfigError, loadConfig } from "~/core/config";
import type { Db } from "~/core/db/index";
import { prepareDatabase } from "~/core/startup";
import { copyTemplateDatabase } from "../support/database";
import { testDir } from "../support/temp-dir";

let db: Db;
afterAll(() => db?.close());

it("names the data folder's key file when a start's generated key does not open the database", async () => {
  db = await copyTemplateDatabase();
  const dataDir = testDir("elukaitse-restored-");
  const config = loadConfig({ NODE_ENV: "test", SESSION_SECRET: "key-typo-session-secret-0123456789abcdef", DATA_DIR: dataDir });
  const keyFile = path.join(dataDir, "health-data-key");
  expect(existsSync(keyFile)).toBe(true);
  const refused = await prepareDatabase(db, systemClock, config).then(
    () => null,
    (e: unknown) => e,
  );
  expect(refused).toBeInstanceOf(ConfigError);
  const problems = (refused as ConfigError).problems;
  expect(problems[0]).toMatch(/^the key with id "legacy" does not open what the database holds under that id/);
  expect(problems[1]).toBe(
    `HEALTH_DATA_KEY and HEALTH_DATA_KEYS are unset, so the key is the one in ${keyFile}, which a start generates when it finds none: ` +
      `a data folder copied or restored without that file, or a DATA_DIR other than the one this database first started with. ` +
      `Put the health-data-key file that came with this database there, or give its key in HEALTH_DATA_KEY (docs/operations.md "Backup and restore")`,
  );

  // With the key given, the same folder's generated file is no matter.
  const given = loadConfig({ NODE_ENV: "test", SESSION_SECRET: "key-typo-session-secret-0123456789abcdef", DATA_DIR: dataDir, HEALTH_DATA_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" });
  await prepareDatabase(db, systemClock, given);
});
