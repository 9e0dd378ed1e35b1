/**
 * Builds the migrated, seeded template database once per run. Each test file then copies
 * it: PGlite from a dumped data folder, PostgreSQL (TEST_DATABASE_URL) with CREATE
 * DATABASE … TEMPLATE. On PGlite an empty database is dumped too, so that a test asking for
 * one loads it rather than running initdb again.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { systemClock } from "~/core/clock";
import { wrapPglite } from "~/core/db/pglite";
import { openPg } from "~/core/db/pg";
import { connectionLostLog, quietObservability } from "~/http/observability.server";
import { prepareDatabase } from "~/core/startup";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { ensureRemixBuild } from "../support/remix-build";

/** As a demo start prepares its database: migrated, the demo people seeded. */
const prepare = (db: Parameters<typeof prepareDatabase>[0]) =>
  prepareDatabase(db, systemClock, { demo: true, healthDataKeys: [{ id: "legacy", key: Buffer.from(TEST_HEALTH_DATA_KEY, "hex") }] });

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteBlank: string;
    pgTemplate: string;
  }
}

// One template per run: two checkouts may run their suites on one server side by side.
const PG_TEMPLATE = `elukaitse_test_template_${randomBytes(4).toString("hex")}`;

export default async function setup(project: TestProject) {
  // Tests that serve the pages (startTestApp({ remix: true })) load the production build.
  ensureRemixBuild();
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    const url = new URL(pgUrl);
    url.pathname = `/${PG_TEMPLATE}`;
    const db = openPg(url.toString(), { onConnectionLost: connectionLostLog(quietObservability().log) });
    await prepare(db);
    await db.close();
    project.provide("pgTemplate", PG_TEMPLATE);
    project.provide("pgliteTemplate", "");
    project.provide("pgliteBlank", "");
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE}`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "elukaitse-template-"));
  /** The data folder as a tar in `dir`, for the test files to load (tests/support/database.ts). */
  const dumped = async (raw: PGlite, name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.from(await (await raw.dumpDataDir("none")).arrayBuffer()));
    return file;
  };
  // WAL in 1 MB segments, not 16: each copy loads a tar of the whole data folder, its current
  // WAL segment included (docs/decisions/0327).
  const raw = new PGlite({ initDbStartParams: ["--wal-segsize=1"] });
  project.provide("pgliteBlank", await dumped(raw, "blank.tar"));
  await prepare(wrapPglite(raw));
  project.provide("pgliteTemplate", await dumped(raw, "template.tar"));
  await raw.close();
  project.provide("pgTemplate", "");
  return () => rmSync(dir, { recursive: true, force: true });
}
