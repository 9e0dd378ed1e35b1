/**
 * What a start does to the database before serving (server.ts, and the integration tests'
 * template): migrations; the demo people when demo parts are allowed, or a refusal when a
 * production start finds a database a demo start seeded; a refusal when the database holds
 * health data under a key the configured ring lacks (docs/decisions/0105). Nothing is
 * re-sealed here: documents an older version stored plain are counted for the log and
 * sealed by the operator command (`npm run ops -- reseal`, docs/decisions/0106).
 */
import type { Clock } from "./clock.js";
import { ConfigError, type Config } from "./config.js";
import type { Db } from "./db/index.js";
import { migrate, START_LOCK, unknownMigrations } from "./db/migrations.js";
import { DEMO_STATES, seed } from "./demo/seed.js";
import { healthCipher } from "./health-data.js";
import { checkKeyRing } from "./health-keys.js";

export async function prepareDatabase(
  db: Db,
  clock: Clock,
  config: Pick<Config, "demo" | "healthDataKeys" | "healthDataKeyFile">,
): Promise<{ applied: string[]; unknown: string[]; plainDocuments: number }> {
  // Before anything is written, the migrations too.
  if (config.demo) await refuseAnotherDatabase(db);
  const applied = await migrate(db);
  const unknown = await unknownMigrations(db);
  const cipher = healthCipher(config.healthDataKeys);
  // Before the seed writes under the sealing key: a demo data folder's generated key that
  // does not open its database is named, not papered over.
  await checkKeyRing(db, clock, cipher).catch((error: unknown) => {
    // The key nobody typed: the one a start generated into DATA_DIR, or found there.
    if (!(error instanceof ConfigError) || !config.healthDataKeyFile) throw error;
    throw new ConfigError([
      ...error.problems,
      `HEALTH_DATA_KEY and HEALTH_DATA_KEYS are unset, so the key is the one in ${config.healthDataKeyFile}, which a start generates when it finds none: ` +
        `a data folder copied or restored without that file, or a DATA_DIR other than the one this database first started with. ` +
        `Put the health-data-key file that came with this database there, or give its key in HEALTH_DATA_KEY (docs/operations.md "Backup and restore")`,
    ]);
  });
  if (config.demo) {
    await oneStartAtATime(db, async () => {
      // Marked before the seed: one cut short (a stop, a crash) leaves a database the next demo
      // start still knows as its own.
      await db.query(`INSERT INTO demo_seed (seeded_at) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM demo_seed)`, [clock.now()]);
      await seed(db, clock, cipher);
    });
  } else if ((await db.query(`SELECT 1 FROM demo_seed LIMIT 1`)).length > 0) {
    // The demo people sign in with the demo e-ID codes anyone knows.
    throw new ConfigError(["DEMO is not true, but the database holds the demo people a demo start seeded: use another database, or DEMO=true"]);
  }
  const plain = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM signings WHERE document IS NOT NULL AND NOT document_sealed)
          + (SELECT count(*) FROM policies WHERE NOT document_sealed) AS n`,
  );
  return { applied, unknown, plainDocuments: Number(plain[0]?.n ?? 0) };
}

/**
 * A demo seeds only a new database or its own (docs/decisions/0397): a demo start on one that
 * serves customers (a production DATABASE_URL left in the shell of `npm start`) would migrate it
 * and merge the demo people into it, under demo codes a real person may have, and mark it so
 * production refuses it. Its own: marked by a demo start, or holding no one but the demo people
 * (a folder seeded before the mark, or a seed cut short before it).
 */
async function refuseAnotherDatabase(db: Db): Promise<void> {
  const [tables] = await db.query<{ customers: boolean; mark: boolean }>(
    `SELECT to_regclass('customers') IS NOT NULL AS customers, to_regclass('demo_seed') IS NOT NULL AS mark`,
  );
  if (!tables.customers) return;
  if (tables.mark && (await db.query(`SELECT 1 FROM demo_seed LIMIT 1`)).length > 0) return;
  const others = await db.query(`SELECT 1 FROM customers WHERE NOT (personal_code = ANY($1)) LIMIT 1`, [Object.keys(DEMO_STATES)]);
  if (others.length > 0) {
    throw new ConfigError(["DEMO is true, but the database holds customers no demo start seeded: a demo seeds only a new database or its own; check DATABASE_URL (or DATA_DIR)"]);
  }
}

/**
 * `work` while no other server starting on this PostgreSQL database does its own: the seed is
 * idempotent run after run, not run beside itself (two servers starting together both found
 * the withdrawn demo policy active, and the second one's withdrawal then found none). The lock
 * is held by a transaction of its own while `work` runs on the pool's other connections;
 * PGlite is one process's database, with no one to wait for.
 */
async function oneStartAtATime(db: Db, work: () => Promise<void>): Promise<void> {
  if (db.kind !== "pg") return work();
  await db.transaction(async (lock) => {
    await lock.query(`SELECT pg_advisory_xact_lock(${START_LOCK})`);
    await work();
  });
}
