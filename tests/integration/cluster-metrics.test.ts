/**
 * Metrics of a server with several processes (WORKERS=2, docs/decisions/0111): /metrics
 * answers for the whole server, whichever process Prometheus reaches, by the primary's
 * prom-client AggregatorRegistry. Needs PostgreSQL (TEST_DATABASE_URL: PGlite runs one
 * process) and the production build (built here when missing).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, stopChild } from "../support/built-server";

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("cluster-metrics.test.ts skipped: set TEST_DATABASE_URL to run a server with two processes");
const TOKEN = "cluster-metrics-token-0123456789abcdef01";

// Skipped without TEST_DATABASE_URL: PGlite runs in one process, so WORKERS=2 needs PostgreSQL (.ci/run runs it with PostgreSQL 15).
describe.skipIf(!pgUrl)("/metrics with WORKERS=2", () => {
  let child: ChildProcess | undefined;
  let admin: pg.Client;
  let base = "";
  const name = `elukaitse_metrics_${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const server = await startBuiltServer(
      { DATABASE_URL: url.toString(), WORKERS: "2", OPS_TOKEN: TOKEN, LOG_LEVEL: "warn" },
      (spawned) => (child = spawned),
    );
    base = server.base;
  }, 120_000);

  afterAll(async () => {
    if (child) await stopChild(child);
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it("sums every process's counts, whichever process answers", async () => {
    // Each request on a new connection: the primary hands connections to the workers in turn.
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${base}/readyz`, { headers: { Connection: "close" } });
      expect(response.status).toBe(200);
      await response.text();
    }
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}`, Connection: "close" } });
      expect(response.status).toBe(200);
      const text = await response.text();
      const count = /^http_request_duration_seconds_count\{route="\/readyz"\} (\d+)$/m.exec(text);
      expect(count?.[1], text.slice(0, 500)).toBe("20");
      // The workers' process metrics are there, summed (two processes' memory).
      expect(text).toMatch(/^process_resident_memory_bytes \d/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    }
    expect((await fetch(`${base}/metrics`, { headers: { Connection: "close" } })).status).toBe(401);
  }, 60_000);
});
