/**
 * Metrics of a server with several processes (WORKERS=2, docs/decisions/0111): /metrics
 * answers for the whole server, whichever process Prometheus reaches, by the primary's
 * prom-client AggregatorRegistry. Needs PostgreSQL (TEST_DATABASE_URL: PGlite runs one
 * process) and the production build (built here when missing).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("cluster-metrics.test.ts skipped: set TEST_DATABASE_URL to run a server with two processes");
const TOKEN = "cluster-metrics-token-0123456789abcdef01";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.skipIf(!pgUrl)("/metrics with WORKERS=2", () => {
  let child: ChildProcess | undefined;
  let admin: pg.Client;
  let base = "";
  const name = `elukaitse_metrics_${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    if (!existsSync("build/server.js") || !existsSync("build/remix/index.js")) {
      const built = spawnSync("npm", ["run", "build"], { stdio: "ignore" });
      if (built.status !== 0) throw new Error("npm run build failed");
    }
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const port = await freePort();
    child = spawn(process.execPath, ["build/server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DEMO: "true",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: url.toString(),
        WORKERS: "2",
        OPS_TOKEN: TOKEN,
        LOG_LEVEL: "warn",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "elukaitse-metrics-")),
        SESSION_SECRET: "cluster-metrics-secret-0123456789abcdef",
        HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("the server did not start");
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
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
