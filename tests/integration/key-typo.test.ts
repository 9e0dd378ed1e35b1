/**
 * docs/operations.md "Rotating keys" step 2 on two instances, one given the new key with a
 * typo: the new key has sealed nothing yet, so no value can prove it; the database's check of
 * what the key id was first started with does (docs/decisions/0313).
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { systemClock } from "~/core/clock";
import { ConfigError, loadConfig } from "~/core/config";
import { openDatabase, type Db } from "~/core/db/index";
import { healthCipher, LEGACY_KEY_ID, type HealthKeyRing } from "~/core/health-data";
import { keyUses } from "~/core/health-keys";
import { prepareDatabase } from "~/core/startup";
import { copyTemplateDatabase } from "../support/database";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { runOps } from "../support/ops-command";
import { testDir } from "../support/temp-dir";

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

describe("npm run ops -- keys given a mistyped key under a known id", () => {
  it("answers check wrong for it, says so in words naming the id and not the key, and exits 1; the right key is right, a new id unchecked", async () => {
    const core = await copyTemplateDatabase();
    try {
      await prepareDatabase(core, systemClock, loadConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET, HEALTH_DATA_KEYS: `k2:${RIGHT},legacy:${TEST_HEALTH_DATA_KEY}` }));
      const checks = async (ring: HealthKeyRing) => Object.fromEntries((await keyUses(core, healthCipher(ring))).map((use) => [use.id, use.check]));
      const key = (id: string, hex: string) => ({ id, key: Buffer.from(hex, "hex") });
      expect(await checks([key("k2", RIGHT), key(LEGACY_KEY_ID, TEST_HEALTH_DATA_KEY)])).toEqual({ k2: "right", legacy: "right" });
      expect(await checks([key("k2", TYPO), key(LEGACY_KEY_ID, TEST_HEALTH_DATA_KEY)])).toEqual({ k2: "wrong", legacy: "right" });
      expect(await checks([key("k3", RIGHT), key(LEGACY_KEY_ID, TYPO)])).toEqual({ k3: "unchecked", legacy: "wrong" });
      // An id of the database the ring lacks is not checked (inRing says it is missing).
      expect(await checks([key("k2", RIGHT)])).toEqual({ k2: "right", legacy: null });
    } finally {
      await core.close();
    }

    // The command on a data folder a start has bound to its key (values sealed under it: the demo people's).
    const dataDir = testDir("elukaitse-keys-typo-");
    const folder = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await prepareDatabase(folder, systemClock, loadConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET, HEALTH_DATA_KEY: RIGHT }));
    await folder.close();
    const keys = (env: Record<string, string>) => runOps(["keys"], { NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: SECRET, ...env });

    const mistyped = await keys({ HEALTH_DATA_KEY: TYPO });
    expect(mistyped.code).toBe(1);
    expect(JSON.parse(mistyped.stdout)).toEqual([expect.objectContaining({ id: LEGACY_KEY_ID, inRing: true, check: "wrong" })]);
    expect(mistyped.stderr).toMatch(/ops: the key with id "legacy" is not the key the database knows under that id .*a mistyped key/);
    expect(mistyped.stderr).not.toContain(TYPO.slice(0, 16));
    expect(mistyped.stderr).not.toContain(RIGHT.slice(0, 16));

    const right = await keys({ HEALTH_DATA_KEY: RIGHT });
    expect(right.code, right.stderr).toBe(0);
    expect(JSON.parse(right.stdout)).toEqual([expect.objectContaining({ id: LEGACY_KEY_ID, check: "right" })]);
    expect(right.stderr).toBe("");

    const next = await keys({ HEALTH_DATA_KEYS: `k9:${"5a".repeat(32)},legacy:${RIGHT}` });
    expect(next.code, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout)).toEqual([expect.objectContaining({ id: "k9", check: "unchecked" }), expect.objectContaining({ id: LEGACY_KEY_ID, check: "right" })]);
    expect(next.stderr).toContain(`ops: the key id "k9" is new to the database: no instance has started with it yet`);

    // A ring without the key the values are sealed under (a restore checked before its start,
    // docs/operations.md "Backup and restore"): a start with it is refused, so the check fails too.
    const lacking = await keys({ HEALTH_DATA_KEYS: `k9:${"5a".repeat(32)}` });
    expect(lacking.code, lacking.stderr).toBe(1);
    expect(JSON.parse(lacking.stdout)).toEqual([expect.objectContaining({ id: "k9", inRing: true }), expect.objectContaining({ id: LEGACY_KEY_ID, inRing: false, check: null })]);
    expect(lacking.stderr).toMatch(/ops: the database holds \d+ values under the key id "legacy" \(.*\), which the keys given lack/);
    expect(lacking.stderr).not.toContain(RIGHT.slice(0, 16));
  }, 180_000);
});
