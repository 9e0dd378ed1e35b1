// `npm run bench`: the budgets of DEVELOPERS.md measured on this machine, printed as tables.
// - JavaScript: gzip bytes a first visit loads (entry, shared chunks, route) per page.
// - Every signed-in page: req/s and p95 at 10 concurrent connections (autocannon), the
//   single-request latency (one at a time: what the page costs when the CPU is not shared),
//   and the gzip JavaScript a client navigation to it adds (from the build manifest).
// - Throughput of the /api reads, also in a state the age re-check reads (SERVICE_SELECTED),
//   and the live estimate's /api call.
// - The estimate round trip (one at a time, median and p95) and the price calculation's
//   in-process throughput (app/core/pricing.ts bundled on the fly with esbuild).
// Starts its own production server on a free port with a fresh embedded database.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { build } from "esbuild";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const BASE = `http://localhost:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Only the rows whose name contains this (e.g. BENCH_ONLY=/questionnaire). */
const ONLY = process.env.BENCH_ONLY ?? "";

if (!process.argv.includes("--no-build")) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []), "build/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    // The demo e-ID and people the bench signs in with, asked for explicitly.
    DEMO: "true",
    // Every bench client signs in from 127.0.0.1.
    SIGN_IN_STARTS_PER_ADDRESS: "100000",
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

const gzipOf = new Map();
const gzipKB = (files) => {
  let total = 0;
  for (const file of files) {
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(path.join("public", file))).length);
    total += gzipOf.get(file);
  }
  return +(total / 1024).toFixed(1);
};

/** The build manifest: every route's module and the chunks it imports. */
function readManifest() {
  const file = readdirSync("public/build").find((name) => /^manifest-.*\.js$/.test(name));
  const text = readFileSync(path.join("public/build", file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** The files a route (with its parent layouts) loads, beyond nothing. */
function routeFiles(manifest, id) {
  const files = new Set();
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

/**
 * gzip KB a client navigation to `id` adds: beyond the entry and root (`fromBase`), and
 * beyond what the page before it (`previousId`) already loaded (`fromPrevious`).
 */
function additionalJs(manifest, id, previousId) {
  const base = new Set([manifest.entry.module, ...manifest.entry.imports, ...routeFiles(manifest, "root")]);
  const loaded = new Set([...base, ...(previousId ? routeFiles(manifest, previousId) : [])]);
  const own = [...routeFiles(manifest, id)];
  return { fromBase: gzipKB(own.filter((f) => !base.has(f))), fromPrevious: gzipKB(own.filter((f) => !loaded.has(f))) };
}

/** A valid Estonian personal code (born 1985, serial from `n`). */
function personalCode(n, sex = "F") {
  const serial = String(n % 1000).padStart(3, "0");
  const ten = `${sex === "M" ? 3 : 4}850612${serial}`;
  const check = (weights) => [...ten].reduce((sum, d, i) => sum + Number(d) * weights[i], 0) % 11;
  let c = check([1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
  if (c === 10) c = check([3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 10;
  return ten + c;
}

/** Response times in ms of `count` requests one at a time. */
async function sequential(url, headers, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/**
 * CPU seconds the server process has used (user + system, from /proc): with the machine's
 * CPU shared, wall-clock rates swing with other load, while CPU time per request does not
 * much. One Node process serves at most about 1000 / (CPU ms per request) requests a second.
 */
function serverCpuSeconds() {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** autocannon, plus every response time so p95 can be read exactly. */
function run(url, headers, extra = {}) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, connections: 10, duration: DURATION, headers, ...extra }, (error, result) =>
      error ? reject(error) : resolve({ result, times: times.sort((a, b) => a - b) }),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** A JSON call with the session cookie; throws on an error status. */
async function call(cookie, method, pathname, body) {
  const response = await fetch(BASE + pathname, {
    method,
    headers: { Cookie: cookie, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Mari Maasikas (demo, NEW) registered, scored and with a saved package: SERVICE_SELECTED. */
async function customerWithPackage() {
  const cookie = await signIn("49005150229");
  await call(cookie, "POST", "/api/onboarding/registration", {
    email: "bench@example.com",
    phone: "+372 5123 4567",
    occupation: "Tester",
    sourceOfFunds: "WAGE",
    conditionsAgreement: true,
    healthDataAgreement: true,
    newsletterAgreement: false,
    wlAgreement: false,
  });
  await call(cookie, "POST", "/api/score", { answers: { smoking: { value: false }, steps: { value: 9000, manual: true }, sleepHours: { value: 8 } } });
  await call(cookie, "POST", "/api/onboarding/proposal", { sumInsuredForDeathCover: 100000, sumInsuredForDisabilityCover: 50000, services: ["MENTAL"] });
  return cookie;
}

/**
 * A new customer through every step up to the offer (BENEFICIARIES_DEFINED), with the
 * questionnaire answered: every step page opens, /questionnaire with sealed answers to read.
 */
async function customerOnOffer() {
  const cookie = await signIn(personalCode(Date.now() % 997));
  await call(cookie, "POST", "/api/onboarding/registration", {
    email: "bench-offer@example.com",
    phone: "+372 5123 4567",
    occupation: "Tester",
    sourceOfFunds: "WAGE",
    conditionsAgreement: true,
    healthDataAgreement: true,
    newsletterAgreement: false,
    wlAgreement: false,
  });
  await call(cookie, "POST", "/api/score", { answers: { smoking: { value: false }, steps: { value: 9000, manual: true }, sleepHours: { value: 8 } } });
  await call(cookie, "POST", "/api/onboarding/proposal", { sumInsuredForDeathCover: 100000, sumInsuredForDisabilityCover: 50000, services: ["MENTAL"] });
  const { type } = await call(cookie, "GET", "/api/onboarding/questionnaire/required-type?h=180&w=80");
  const { QUESTION_SETS } = await import(await bundled("app/lib/questionnaire-sets.ts"));
  const content = Object.fromEntries(QUESTION_SETS[type].map((q) => [q.code, false]));
  await call(cookie, "POST", "/api/onboarding/questionnaire", { height: 180, weight: 80, content });
  await call(cookie, "POST", "/api/onboarding/beneficiaries", {
    beneficiaries: [{ type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 100, email: "mari@example.com", phone: "+372 5555 1234" }],
  });
  return cookie;
}

/** An app module bundled on the fly with esbuild, as a file to import. */
async function bundled(entry) {
  const outfile = path.join(mkdtempSync(path.join(tmpdir(), "elukaitse-bench-module-")), "module.mjs");
  await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", outfile, logLevel: "silent" });
  return outfile;
}

/** The estimate as the screen asks for it, one request at a time: round-trip times in ms. */
async function estimateRoundTrips(cookie, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const body = { sumInsuredForDeathCover: 10000 + (i % 58) * 5000, sumInsuredForDisabilityCover: (i % 2) * 5000, services: i % 3 ? ["MENTAL"] : [] };
    const started = performance.now();
    await call(cookie, "POST", "/api/onboarding/calculation", body);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** estimate() calls per second in this process, over about a second. */
async function pricingThroughput() {
  const { estimate } = await import(await bundled("app/core/pricing.ts"));
  const inputs = Array.from({ length: 1000 }, (_, i) => ({
    age: 18 + (i % 47),
    sex: i % 2 ? "M" : "F",
    sumInsuredForDeathCover: 10000 + (i % 98) * 5000,
    sumInsuredForDisabilityCover: (i % 40) * 5000,
    services: i % 4 ? ["MENTAL", "TELEMED"] : [],
    wellnessScore: i % 101,
    smoker: i % 5 === 0,
  }));
  let calls = 0;
  let sink = 0;
  const started = performance.now();
  while (performance.now() - started < 1000) {
    for (const input of inputs) sink += estimate(input).premiumTotal;
    calls += inputs.length;
  }
  const seconds = (performance.now() - started) / 1000;
  return { calls, perSecond: Math.round(calls / seconds), sink };
}

const percentile = (sorted, p) => +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);

try {
  await waitForServer();
  const cookie = await signIn("60001019906");
  const packaged = await customerWithPackage();
  const onOffer = await customerOnOffer();
  // Jaan Tamm, seeded as a policyholder (README.md).
  const policyholder = await signIn("38503020139");
  console.log("\nFirst-visit JavaScript (budget 130 KB gzip, aim 110):");
  console.table([await firstVisitJs("/"), await firstVisitJs("/login"), await firstVisitJs("/account", cookie), await firstVisitJs("/package", packaged)]);

  // Each signed-in page, in the order a customer meets them (the previous one for the JS column).
  const manifest = readManifest();
  const pages = [
    ["/account", "routes/account", onOffer],
    ["/score", "routes/score", onOffer],
    ["/package", "routes/package", onOffer],
    ["/questionnaire", "routes/questionnaire", onOffer, "answers saved"],
    ["/questionnaire", "routes/questionnaire", packaged, "nothing saved"],
    ["/beneficiaries", "routes/beneficiaries", onOffer],
    ["/offer", "routes/offer", onOffer],
    ["/self-service/insurance", "routes/self-service.insurance", policyholder],
    ["/self-service/bills", "routes/self-service.bills", policyholder],
    ["/self-service/score", "routes/self-service.score", policyholder],
  ].filter(([page, id]) => manifest.routes[id] && page.includes(ONLY));
  const pageRows = [];
  // A customer's first signed-in page follows the login page.
  let previousId = "routes/login";
  for (const [page, id, who, note] of pages) {
    const headers = { Cookie: who };
    const single = await sequential(BASE + page, headers, 50);
    const cpuBefore = serverCpuSeconds();
    const { result, times } = await run(BASE + page, headers);
    const cpuMs = ((serverCpuSeconds() - cpuBefore) * 1000) / result.requests.total;
    const js = additionalJs(manifest, id, previousId === id ? null : previousId);
    pageRows.push({
      page: note ? `${page} (${note})` : page,
      "req/s": Math.round(result.requests.average),
      "p95 ms": percentile(times, 95),
      "1-at-a-time median ms": percentile(single, 50),
      "server CPU ms/req": +cpuMs.toFixed(2),
      "JS +KB vs entry+root": js.fromBase,
      "JS +KB vs previous page": js.fromPrevious,
      "non2xx/errors": result.non2xx + result.errors,
    });
    if (previousId !== id) previousId = id;
  }
  console.log(`\nSigned-in pages, 10 concurrent, ${DURATION} s each (budget ≥ 300 req/s, p95 ≤ 60 ms, ≤ 20 KB more gzip JS per later step):`);
  console.table(pageRows);

  const estimateBody = JSON.stringify({ sumInsuredForDeathCover: 100000, sumInsuredForDisabilityCover: 50000, services: ["MENTAL"] });
  const rows = [];
  for (const [name, url, headers, extra] of [
    ["GET /api/onboarding/state", `${BASE}/api/onboarding/state`, { Cookie: cookie }],
    ["GET /api/onboarding/state (age re-check)", `${BASE}/api/onboarding/state`, { Cookie: packaged }],
    ["POST /api/onboarding/calculation", `${BASE}/api/onboarding/calculation`, { Cookie: packaged, "Content-Type": "application/json" }, { method: "POST", body: estimateBody }],
  ].filter(([name]) => name.includes(ONLY))) {
    const { result, times } = await run(url, headers, extra);
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
  console.log(`\n/api throughput, 10 concurrent, ${DURATION} s each:`);
  console.table(rows);

  if (!ONLY) {
    const trips = await estimateRoundTrips(packaged, 300);
    console.log("\nEstimate round trip, one at a time (POST /api/onboarding/calculation, 300 requests):");
    console.table([{ requests: trips.length, "median ms": percentile(trips, 50), "p95 ms": percentile(trips, 95), "max ms": +trips[trips.length - 1].toFixed(1) }]);

    const pricing = await pricingThroughput();
    console.log("\nPrice calculation in process (estimate(), app/core/pricing.ts):");
    console.table([{ calls: pricing.calls, "calls/s": pricing.perSecond, "µs/call": +(1e6 / pricing.perSecond).toFixed(2) }]);
  }
} finally {
  stop();
}
