/** A private copy of the migrated, seeded template for one test file. */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import type { Db } from "~/core/db/index";
import { openPglite } from "~/core/db/pglite";
import { openPg } from "~/core/db/pg";

export async function copyTemplateDatabase(): Promise<Db> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgTemplate = inject("pgTemplate");
  if (pgUrl && pgTemplate) {
    const name = `elukaitse_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const db = openPg(url.toString());
    return {
      ...db,
      async close() {
        await db.close();
        const cleanup = new pg.Client({ connectionString: pgUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        await cleanup.end();
      },
    };
  }
  const template = readFileSync(inject("pgliteTemplate"));
  return openPglite(undefined, new Blob([template]));
}
