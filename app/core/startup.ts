/**
 * What a start does to the database before serving (server.ts, and the integration tests'
 * template): migrations; the demo people when demo parts are allowed, or a refusal when a
 * production start finds a database a demo start seeded; documents stored before sealing
 * sealed now.
 */
import type { Clock } from "./clock.js";
import { ConfigError, type Config } from "./config.js";
import type { Db } from "./db/index.js";
import { migrate } from "./db/migrations.js";
import { seed } from "./demo/seed.js";
import { sealStoredDocuments } from "./documents/sealed.js";
import { healthCipher } from "./health-data.js";

export async function prepareDatabase(db: Db, clock: Clock, config: Pick<Config, "demo" | "healthDataKey">): Promise<{ applied: string[]; sealed: number }> {
  const applied = await migrate(db);
  const cipher = healthCipher(config.healthDataKey);
  if (config.demo) {
    await seed(db, clock, cipher);
    await db.query(`INSERT INTO demo_seed (seeded_at) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM demo_seed)`, [clock.now()]);
  } else if ((await db.query(`SELECT 1 FROM demo_seed LIMIT 1`)).length > 0) {
    // The demo people sign in with the demo e-ID codes anyone knows.
    throw new ConfigError(["DEMO is not true, but the database holds the demo people a demo start seeded: use another database, or DEMO=true"]);
  }
  return { applied, sealed: await sealStoredDocuments(db, cipher) };
}
