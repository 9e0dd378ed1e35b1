/**
 * The bench's growth runs (docs/decisions/0041) seed customers straight into the tables:
 * this keeps that seed in step with the migrations (a NOT NULL column added by a migration
 * broke it once, unnoticed until the next bench; plain documents made the server's start seal
 * each of them before listening; placeholders in the sealed columns made it refuse to start).
 * PGlite, and PostgreSQL when the suite has one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPgDatabase, migrate, openPg, openPglite, POLICYHOLDER, seedVolume, STATES } from "../../scripts/bench/database.mjs";
import { BENCH_HEALTH_KEY } from "../../scripts/bench/util.mjs";
import { systemClock } from "~/core/clock";
import { healthCipher } from "~/core/health-data";
import { checkKeyRing } from "~/core/health-keys";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function seededCounts(db: Awaited<ReturnType<typeof openPglite>> | Awaited<ReturnType<typeof openPg>>) {
  await migrate(db);
  await seedVolume(db, 30);
  const [row] = await db.query(
    `SELECT (SELECT count(*) FROM customers WHERE personal_code LIKE '9%')::int AS customers,
            (SELECT count(*) FROM policies WHERE status = 'ACTIVE')::int AS active,
            (SELECT count(*) FROM invoices)::int AS invoices,
            (SELECT count(*) FROM invoices WHERE reference IS NULL OR due_date IS NULL OR lines IS NULL OR parties IS NULL OR issued_at IS NULL)::int AS incomplete,
            -- Plain documents would be sealed one by one before the server listens: minutes at 100 000.
            ((SELECT count(*) FROM signings WHERE NOT document_sealed) + (SELECT count(*) FROM policies WHERE NOT document_sealed))::int AS plain`,
  );
  // The server's start refuses values it cannot open (a placeholder, another key): the seed's must open.
  await checkKeyRing(db as never, systemClock, healthCipher(Buffer.from(BENCH_HEALTH_KEY, "hex")));
  return row as unknown as { customers: number; active: number; invoices: number; incomplete: number; plain: number };
}

function expectSeeded(counts: Awaited<ReturnType<typeof seededCounts>>) {
  expect(counts.customers).toBe(30);
  // The policyholders (three of the ten states on the onboarding table's way as it is now)
  // each have an active policy and six bills.
  const policyholders = Array.from({ length: 30 }, (_, i) => STATES[(i + 1) % STATES.length]).filter((state) => state === POLICYHOLDER).length;
  expect(policyholders).toBeGreaterThanOrEqual(6);
  expect(counts.active).toBe(policyholders);
  expect(counts.invoices).toBe(6 * policyholders);
  expect(counts.incomplete).toBe(0);
  expect(counts.plain).toBe(0);
}

describe("the bench's volume seed", () => {
  it("fills a freshly migrated PGlite", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "elukaitse-volume-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const db = await openPglite(dir);
    cleanups.push(() => db.close());
    expectSeeded(await seededCounts(db));
  });

  // Skipped without TEST_DATABASE_URL: it needs a PostgreSQL server to create its database on
  // (.ci/run runs the integration tests again with PostgreSQL 15).
  it.skipIf(!process.env.TEST_DATABASE_URL)("fills a freshly migrated PostgreSQL database", async () => {
    const database = await createPgDatabase(process.env.TEST_DATABASE_URL, `elukaitse_volume_${process.pid}`);
    cleanups.push(() => database.drop());
    const db = await openPg(database.url);
    cleanups.push(() => db.close());
    expectSeeded(await seededCounts(db));
  });
});
