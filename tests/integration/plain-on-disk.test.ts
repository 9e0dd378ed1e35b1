/**
 * Nothing plain on disk (issue 21 item 2, docs/decisions/0106): health data is sealed before
 * it. The raw files are scanned after the demo seed and after a full journey (a questionnaire
 * with a distinctive answer, height and weight, signed) for that answer, the seed's answers
 * and `%PDF`; and after an applicant answered with another distinctive answer, started the
 * signing and withdrew the health-data consent (docs/decisions/0293: the erasure's path, its
 * audit and consent rows, writes nothing plain either).
 *
 * PGlite: the data folder is ours, every file in it is read (tables, TOAST, WAL).
 * PostgreSQL (TEST_DATABASE_URL): the cluster's folder belongs to the server's user, so the
 * files are read through the server (`pg_read_binary_file`, which needs a superuser or
 * pg_read_server_files, as the test server's `postgres` is): after a CHECKPOINT, the table and
 * TOAST files of this database, and the WAL segments written during the test. Without that
 * right the file scan is skipped, saying so, and the test still proves that every stored value
 * is sealed (no value in a sealed column is in no sealed format, no document is plain).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { systemClock } from "~/core/clock";
import type { Db } from "~/core/db/index";
import { openPglite } from "~/core/db/pglite";
import { keyIdsInUse, SEALED_COLUMNS } from "~/core/health-keys";
import { prepareDatabase } from "~/core/startup";
import { Client, startTestApp } from "../support/app";
import { copyTemplateDatabase } from "../support/database";
import { journeyToQuestionnaire, saveQuestionnaire, signAgreement } from "../support/journey-api";
import { saveStep, walkTo } from "../support/reach";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { freshPersonalCode } from "../support/personal-codes";
import { testDir } from "../support/temp-dir";

const pgUrl = process.env.TEST_DATABASE_URL;
const ring = [{ id: "legacy", key: Buffer.from(TEST_HEALTH_DATA_KEY, "hex") }];
/** The demo seed's yes-answer (app/core/demo/warning-and-empty.ts), and what every PDF starts with. */
const SEEDED = ["Põlve sidemevigastus", "%PDF"];
/** This run's own answer: found nowhere unless this run wrote it plain. */
const ANSWER = `Haruldane-${randomBytes(6).toString("hex")}-diagnoos`;
/** The answer of the applicant who withdraws the health-data consent. */
const WITHDRAWN_ANSWER = `Haruldane-${randomBytes(6).toString("hex")}-tagasivõetud`;
/** The sealed questionnaire as JSON would show height and weight. */
const BODY = ['"height":187', '"weight":83'];

/** Each needle's occurrences in `files` (as UTF-8 bytes, as PostgreSQL stores text). */
function found(files: Iterable<[string, Buffer]>, needles: string[]): string[] {
  const hits: string[] = [];
  for (const [name, bytes] of files) {
    for (const needle of needles) if (bytes.includes(Buffer.from(needle, "utf8"))) hits.push(`${needle} in ${name}`);
  }
  return hits;
}

function* filesUnder(root: string, dir = root): Generator<[string, Buffer]> {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* filesUnder(root, file);
    else yield [path.relative(root, file), readFileSync(file)];
  }
}

/** A customer's whole journey on `db`: the distinctive answer, height 187, weight 83, signed. */
async function journey(db: Db): Promise<void> {
  const app = await startTestApp({ db });
  try {
    const client = new Client(app.url);
    await journeyToQuestionnaire(client, freshPersonalCode({ age: 35 }));
    await saveQuestionnaire(client, ANSWER, { height: 187, weight: 83 });
    expect(await signAgreement(client)).toBe("AGREEMENT_SIGNED");
    expect((await client.fetch("/api/documents/application")).status).toBe(200);
    // An applicant who answers, starts the signing (its document states the answers) and withdraws.
    const applicant = new Client(app.url);
    await journeyToQuestionnaire(applicant, freshPersonalCode({ age: 35 }));
    await saveQuestionnaire(applicant, WITHDRAWN_ANSWER, { height: 187, weight: 83 });
    await walkTo(applicant, "offer");
    await saveStep(applicant, "offer");
    expect((await applicant.fetch("/api/sign/init", { method: "POST" })).status).toBe(200);
    const withdrawn = await applicant.fetch("/api/self-service/consents", { method: "POST", json: { consent: "health-data", given: false } });
    expect(await withdrawn.json()).toMatchObject({ consent: "health-data", given: false });
  } finally {
    await app.close();
  }
}

/** A file of the server's data folder, through the server (a file of a relation not yet written is empty). */
async function readServerFile(db: Db, file: string): Promise<Buffer> {
  const [{ bytes }] = await db.query<{ bytes: Uint8Array | null }>(
    `SELECT CASE WHEN (pg_stat_file($1::text, true)).size IS NULL THEN NULL ELSE pg_read_binary_file($1::text) END AS bytes`,
    [file],
  );
  return Buffer.from(bytes ?? new Uint8Array());
}

/** Every stored value in a sealed column is sealed, every document too (both engines). */
async function expectEverythingSealed(db: Db): Promise<void> {
  expect([...(await keyIdsInUse(db)).keys()]).toEqual(["legacy"]);
  const plain = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM signings WHERE document IS NOT NULL AND NOT document_sealed) + (SELECT count(*) FROM policies WHERE NOT document_sealed) AS n`,
  );
  expect(Number(plain[0].n)).toBe(0);
}

// Skipped with TEST_DATABASE_URL: the run then uses PostgreSQL, whose files the next block scans.
describe.skipIf(pgUrl)("PGlite's data folder", () => {
  it("holds no health data in plain text after the demo seed, nor after a full journey", async () => {
    const dir = testDir("elukaitse-plain-");
    let db = await openPglite(dir);
    await prepareDatabase(db, systemClock, { demo: true, healthDataKeys: ring });
    await expectEverythingSealed(db);
    await db.close();
    // The scan finds what it looks for when it is there (no test that cannot fail).
    expect(found([["probe", Buffer.from(`x${SEEDED[0]}y`)]], SEEDED)).toEqual([`${SEEDED[0]} in probe`]);
    expect(found(filesUnder(dir), SEEDED)).toEqual([]);

    db = await openPglite(dir);
    await journey(db);
    await expectEverythingSealed(db);
    await db.close();
    const files = [...filesUnder(dir)];
    expect(files.some(([name]) => name.includes("pg_wal"))).toBe(true);
    expect(found(files, [ANSWER, WITHDRAWN_ANSWER, ...SEEDED, ...BODY])).toEqual([]);
  }, 180_000);
});

// Skipped without TEST_DATABASE_URL: it reads a PostgreSQL server's files (.ci/run runs it with PostgreSQL 15).
describe.skipIf(!pgUrl)("PostgreSQL's table and WAL files", () => {
  it("hold no health data in plain text after the demo seed (the template) and a full journey", async () => {
    const db = await copyTemplateDatabase();
    try {
      const [{ wal_start }] = await db.query<{ wal_start: string }>(`SELECT pg_walfile_name(pg_current_wal_lsn()) AS wal_start`);
      await journey(db);
      await expectEverythingSealed(db);

      const [{ readable }] = await db.query<{ readable: boolean }>(
        `SELECT rolsuper OR pg_has_role(current_user, 'pg_read_server_files', 'member') AS readable FROM pg_roles WHERE rolname = current_user`,
      );
      if (!readable) {
        console.warn("plain-on-disk: the test user may not read server files; only the sealed-values check ran on PostgreSQL");
        return;
      }
      await db.query(`CHECKPOINT`);
      const files = new Map<string, Buffer>();
      // This database's own table files (the seed came with the template) and their TOAST.
      const relations = await db.query<{ path: string }>(
        `SELECT pg_relation_filepath(c.oid) AS path FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname IN ('public', 'pg_toast') AND c.relkind IN ('r', 't') AND pg_relation_filepath(c.oid) IS NOT NULL`,
      );
      for (const { path: file } of relations) {
        files.set(file, await readServerFile(db, file));
      }
      expect(files.size).toBeGreaterThan(10);
      expect(found(files, [ANSWER, WITHDRAWN_ANSWER, ...SEEDED, ...BODY])).toEqual([]);
      // The WAL is the cluster's: other databases' writes are in it too, so only this run's
      // own answer is looked for there, in the segments written since the journey began.
      const wal = await db.query<{ name: string }>(`SELECT name FROM pg_ls_waldir() WHERE name >= $1 AND name ~ '^[0-9A-F]{24}$' ORDER BY name`, [wal_start]);
      expect(wal.length).toBeGreaterThan(0);
      const segments = new Map<string, Buffer>();
      for (const { name } of wal) {
        segments.set(name, await readServerFile(db, `pg_wal/${name}`));
      }
      expect(found(segments, [ANSWER, WITHDRAWN_ANSWER])).toEqual([]);
    } finally {
      await db.close();
    }
  }, 180_000);
});

describe("the map of sealed columns (app/core/health-keys.ts SEALED_COLUMNS)", () => {
  it("names every column that holds sealed values, so the start check and the reseal forget none", async () => {
    const db = await copyTemplateDatabase();
    try {
      // Sealed text columns are named *_sealed (drafts.fields, the one exception, is listed);
      // every bytea column holds a document.
      const columns = await db.query<{ place: string }>(
        `SELECT table_name || '.' || column_name AS place FROM information_schema.columns
         WHERE table_schema = 'public' AND ((data_type = 'text' AND column_name LIKE '%\\_sealed') OR data_type = 'bytea')`,
      );
      const mapped = SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`);
      expect(columns.length).toBeGreaterThan(4);
      for (const { place } of columns) expect(mapped, place).toContain(place);
    } finally {
      await db.close();
    }
  });
});
