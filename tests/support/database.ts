/** A private copy of the migrated, seeded template for one test file. */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import type { Db } from "~/core/db/index";
import { migrate, migrations } from "~/core/db/migrations";
import { openPglite } from "~/core/db/pglite";
import { openPg } from "~/core/db/pg";
import { connectionLostLog, quietObservability } from "~/http/observability.server";

/**
 * Where a test's PostgreSQL pool logs a connection the server ended: the server's JSON line
 * (app/http/observability.server.ts), into the test app's log when it has one, else into the
 * silent logger tests run with (docs/decisions/0110).
 */
type LostConnection = (message: string) => void;
export const quietLostConnection: LostConnection = (message) => connectionLostLog(quietObservability().log)(message);

export async function copyTemplateDatabase(onConnectionLost: LostConnection = quietLostConnection): Promise<Db> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgTemplate = inject("pgTemplate");
  if (pgUrl && pgTemplate) return privatePgDatabase(pgUrl, `TEMPLATE ${pgTemplate}`, onConnectionLost);
  return pgliteCopy(inject("pgliteTemplate"));
}

/** An empty database on the engine the run uses: PostgreSQL with TEST_DATABASE_URL, else PGlite. */
export async function emptyDatabase(): Promise<Db> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  return pgUrl ? privatePgDatabase(pgUrl, "", quietLostConnection) : pgliteCopy(inject("pgliteBlank"));
}

/** Each dump read once per worker: a copy only reads its Blob, so every copy can share it. */
const dumps = new Map<string, Blob>();

/**
 * An in-memory PGlite loaded from a data folder dumped by the global setup. Its buffer pool is
 * 16 MB, not PostgreSQL's 128: a test's database holds a few megabytes, and the smaller pool
 * takes a third off each copy's start (docs/decisions/0327).
 */
function pgliteCopy(tar: string): Promise<Db> {
  let dump = dumps.get(tar);
  if (!dump) dumps.set(tar, (dump = new Blob([readFileSync(tar)])));
  return openPglite(undefined, { loadDataDir: dump, settings: { shared_buffers: "16MB" } });
}

/** An empty database migrated up to, not including, migration `id`: a migration's test fills it as releases before it did. */
export async function databaseBefore(id: string): Promise<Db> {
  const at = migrations.findIndex((m) => m.id === id);
  if (at < 0) throw new Error(`no migration ${id}`);
  const db = await emptyDatabase();
  await migrate(db, migrations.slice(0, at));
  return db;
}

/**
 * A database of its own on the PostgreSQL server (TEST_DATABASE_URL) and its address, for a
 * test that gives it to another process (DATABASE_URL) or opens it another way: empty, or a
 * copy of the migrated, seeded template with `template`; dropped when closed.
 */
export async function privatePgDatabaseUrl(options: { template?: boolean } = {}): Promise<{ url: string; db: Db; close(): Promise<void> }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) throw new Error("TEST_DATABASE_URL is not set");
  const { url, db } = await privatePg(pgUrl, options.template ? `TEMPLATE ${inject("pgTemplate")}` : "", quietLostConnection);
  return { url, db, close: () => db.close() };
}

/** A database of its own on the PostgreSQL server, dropped when closed. */
async function privatePgDatabase(pgUrl: string, options: string, onConnectionLost: LostConnection): Promise<Db> {
  return (await privatePg(pgUrl, options, onConnectionLost)).db;
}

async function privatePg(pgUrl: string, options: string, onConnectionLost: LostConnection): Promise<{ url: string; db: Db }> {
  const name = `elukaitse_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} ${options}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const db = openPg(url.toString(), { onConnectionLost });
  return {
    url: url.toString(),
    db: {
      ...db,
      async close() {
        await db.close();
        const cleanup = new pg.Client({ connectionString: pgUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        await cleanup.end();
      },
    },
  };
}
