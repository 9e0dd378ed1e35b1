/**
 * docs/operations.md "Rotating keys" step 2 on two instances, one given the new key with a
 * typo: the new key has sealed nothing yet, so no value can prove it; the database's check of
 * what the key id was first started with does (docs/decisions/0313).
 */
import { randomBytes } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { systemClock } from "~/core/clock";
import { ConfigError, loadConfig } from "~/core/config";
import type { Db } from "~/core/db/index";
import { prepareDatabase } from "~/core/startup";
import { copyTemplateDatabase } from "../support/database";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";

const SECRET = "key-typo-session-secret-0123456789abcdef";
const RIGHT = randomBytes(32).toString("hex");
const TYPO = RIGHT.slice(0, 63) + (RIGHT[63] === "0" ? "1" : "0");
let db: Db;
afterAll(() => db?.close());

/** An instance's start on the database with `ring`: null, or the ConfigError it was refused with. */
const start = (ring: string) =>
  prepareDatabase(db, systemClock, loadConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET, HEALTH_DATA_KEYS: ring })).then(
    () => null,
    (e: unknown) => e,
  );

it("refuses an instance whose key under a new id differs from the one that id first started with, naming the id and not the key", async () => {
  db = await copyTemplateDatabase();
  expect(await start(`k2:${RIGHT},legacy:${TEST_HEALTH_DATA_KEY}`)).toBeNull();
  // Restarts with the same key, and the old instance's ring (the new key second or absent), start.
  expect(await start(`k2:${RIGHT},legacy:${TEST_HEALTH_DATA_KEY}`)).toBeNull();
  expect(await start(`legacy:${TEST_HEALTH_DATA_KEY},k2:${RIGHT}`)).toBeNull();
  const refused = await start(`k2:${TYPO},legacy:${TEST_HEALTH_DATA_KEY}`);
  expect(refused).toBeInstanceOf(ConfigError);
  const problems = (refused as ConfigError).problems;
  expect(problems).toEqual([expect.stringMatching(/^HEALTH_DATA_KEYS: the key with id "k2" is not the key this database first started with under that id/)]);
  expect(problems[0]).not.toContain(TYPO.slice(0, 16));
  expect(problems[0]).not.toContain(RIGHT.slice(0, 16));
  // The check stored is no key: neither key's bytes are in it.
  const [row] = await db.query<{ check_value: string }>(`SELECT check_value FROM health_key_checks WHERE key_id = 'k2'`);
  expect(row.check_value).toMatch(/^[0-9a-f]{64}$/);
  expect(row.check_value).not.toContain(RIGHT.slice(0, 16));
}, 120_000);
