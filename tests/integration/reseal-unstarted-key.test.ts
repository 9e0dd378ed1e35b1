/**
 * The reseal (npm run ops -- reseal, with PostgreSQL straight on the database) re-seals under
 * the first key of the ring it is given. Under a key no instance has started with, every
 * instance would find values it cannot open (docs/operations.md "Rotating keys": an instance
 * not yet restarted with the key cannot open what it sealed): refused until a start has used it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "~/core/clock";
import { ConfigError } from "~/core/config";
import type { Db } from "~/core/db/index";
import { healthCipher, LEGACY_KEY_ID } from "~/core/health-data";
import { keyIdsInUse, reseal } from "~/core/health-keys";
import { prepareDatabase } from "~/core/startup";
import { copyTemplateDatabase } from "../support/database";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";

const NEW_KEY = "fe".repeat(32);
const ring = [
  { id: "k7", key: Buffer.from(NEW_KEY, "hex") },
  { id: LEGACY_KEY_ID, key: Buffer.from(TEST_HEALTH_DATA_KEY, "hex") },
];
const reason = { text: "Key rotation: re-sealing under k7" };
let db: Db;
beforeAll(async () => {
  db = await copyTemplateDatabase();
});
afterAll(() => db.close());

describe("a reseal under a key no instance has started with", () => {
  it("is still refused after a reseal from an environment that held the key second: only a start stores a key's check", async () => {
    // The operator's environment ahead of the instances: the new key added second, a reseal run
    // (under the started key, nothing to do), then the new key put first.
    await reseal(db, systemClock, healthCipher([ring[1], ring[0]]), reason);
    expect(await db.query(`SELECT 1 FROM health_key_checks WHERE key_id = 'k7'`)).toEqual([]);
    const error = await reseal(db, systemClock, healthCipher(ring), reason).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join("\n")).toMatch(/no instance has started with the key id "k7"/);
    expect([...(await keyIdsInUse(db)).keys()]).toEqual([LEGACY_KEY_ID]);
  });

  it("is refused naming the key id, before it re-seals or records anything; after a start with the key it runs", async () => {
    const auditRows = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM health_data_audit WHERE actor = 'operator:reseal'`))[0].n;
    const before = await auditRows();
    const error = await reseal(db, systemClock, healthCipher(ring), reason).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join("\n")).toMatch(/no instance has started with the key id "k7"/);
    expect((error as ConfigError).problems.join("\n")).not.toContain(NEW_KEY);
    expect([...(await keyIdsInUse(db)).keys()]).toEqual([LEGACY_KEY_ID]);
    expect(await auditRows()).toBe(before);
    expect(await db.query(`SELECT 1 FROM health_key_checks WHERE key_id = 'k7'`)).toEqual([]);

    // An instance restarted with the new key (here second, as the docs' careful order does first).
    await prepareDatabase(db, systemClock, { demo: true, healthDataKeys: [ring[1], ring[0]] });
    const { resealed, keyId } = await reseal(db, systemClock, healthCipher(ring), reason);
    expect(keyId).toBe("k7");
    expect(Object.values(resealed).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect([...(await keyIdsInUse(db)).keys()]).toEqual(["k7"]);
  });
});
