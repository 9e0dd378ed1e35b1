// `npm run bench`: the budgets of DEVELOPERS.md measured on this machine, printed as tables.
// - JavaScript: gzip bytes a first visit loads (entry, shared chunks, route) per page.
// - Throughput: a signed-in step page at 10 concurrent connections (autocannon).
// Starts its own production server on a free port with a fresh embedded database.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const BASE = `http://localhost:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

if (!process.argv.includes("--no-build")) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []), "build/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "elukaitse-bench-")),
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00",
    HEALTH_DATA_KEY: "b".repeat(64),
    LOG_REQUESTS: "false",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

/** Signs a new customer in through /api and returns the Cookie header. */
async function signIn(code) {
  const init = await fetch(`${BASE}/api/auth/init`, { method: "POST" });
  const anon = init.headers.getSetCookie()[0].split(";")[0];
  const done = await fetch(`${BASE}/api/auth/complete`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: anon },
    body: JSON.stringify({ returnToken: `smart-id:${code}` }),
  });
  return done.headers.getSetCookie()[0].split(";")[0];
}

/** gzip bytes of every script a cold visit to `page` loads. */
async function firstVisitJs(page, cookie) {
  const html = await (await fetch(BASE + page, { headers: cookie ? { Cookie: cookie } : {} })).text();
  const srcs = new Set([...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]));
  let total = 0;
  for (const src of srcs) total += gzipSync(readFileSync(path.join("public", src))).length;
  return { page, scripts: srcs.size, gzipKB: +(total / 1024).toFixed(1) };
}

/** autocannon, plus every response time so p95 can be read exactly. */
function run(url, headers) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, connections: 10, duration: DURATION, headers }, (error, result) =>
      error ? reject(error) : resolve({ result, times: times.sort((a, b) => a - b) }),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

const percentile = (sorted, p) => +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);

try {
  await waitForServer();
  const cookie = await signIn("60001019906");
  console.log("\nFirst-visit JavaScript (budget 130 KB gzip, aim 110):");
  console.table([await firstVisitJs("/"), await firstVisitJs("/login"), await firstVisitJs("/account", cookie)]);

  const rows = [];
  for (const [name, url, headers] of [
    ["signed-in step page GET /account", `${BASE}/account`, { Cookie: cookie }],
    ["GET /api/onboarding/state", `${BASE}/api/onboarding/state`, { Cookie: cookie }],
  ]) {
    const { result, times } = await run(url, headers);
    rows.push({
      name,
      "req/s": Math.round(result.requests.average),
      "p50 ms": percentile(times, 50),
      "p95 ms": percentile(times, 95),
      "p99 ms": percentile(times, 99),
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
  console.log(`\nThroughput, 10 concurrent, ${DURATION} s each (budget ≥ 300 req/s, p95 ≤ 60 ms):`);
  console.table(rows);
} finally {
  stop();
}
