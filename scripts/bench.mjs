// `npm run bench`: the performance budgets (docs/decisions/0040-server-time-per-page.md)
// measured on the production build, each figure printed beside its budget and all of them
// written to bench/results.json.
//
// What it measures
// - JavaScript: the gzip bytes a first visit of each page loads and a client navigation to a
//   later step adds (build manifest), split by library (a source-mapped scratch build).
// - The reference (issue 25): a bare Remix v2 page (bench/reference: the same React, Remix,
//   Express and compression, a form from a loader with as many fields as the page it is
//   compared with, nothing else), built and served
//   beside the app in the same run. Every page's CPU budget is that page's CPU plus the page's
//   own JSON read (its /api twin, measured on the same customer right after the page). Beside
//   it, the same bare app rendering the page's own body markup as plain elements made per
//   request (`/markup`, decision 0240): what the HTML itself costs, without our components,
//   form library, loaders.
// - Every signed-in page, for a customer in the state that page is for: server CPU ms per
//   request (user + system CPU of the server's processes from /proc over a 10-connection
//   run, divided by the requests: the machine may be shared, so wall-clock rates swing while
//   CPU per request does not much; measured warm, after BENCH_WARM_UP requests, decision
//   0251), req/s and p95 at 10 concurrent, the median of requests one at a time, HTML bytes
//   raw and gzip, first-visit JavaScript; with PostgreSQL also the database backends' CPU ms
//   per request. Then the /api reads and the live estimate.
// - The other pages (documents' web pages, self-service's doors and forms, the public pages):
//   their HTML's gzip bytes in Estonian and in Russian, against the same budget.
// - A CPU profile per page (PGlite, and PostgreSQL with one process: there the database's
//   work is outside the profile, what is left is the server's own): V8's sampling profiler
//   over a run after the measured one, summarised to the top self-time functions and modules;
//   the bare form of each size and each page's markup rendered bare profiled the same way,
//   and each page's modules beside them (where the page's CPU beyond them goes).
// - The whole-journey load test: 50 customers at once from /login to a signed agreement
//   (scripts/bench/journey.mjs), p50/p95/p99, errors, then the database checked: every
//   customer AGREEMENT_SIGNED with exactly one of each saved step, signing and policy.
// - Targets: PGlite; PostgreSQL with 1 process and with N (WORKERS=N, the cluster); then the
//   page and /api figures again with 1 000 and 100 000 customers seeded in SQL, on PGlite
//   and PostgreSQL, with PostgreSQL's sequential scans during the run (a missing index).
//
// Flags (environment variables; `npm run bench -- --no-build` skips the build)
//   BENCH_QUICK=1            a quick run: 2 s per row, no profiles, no volumes, no
//                            PostgreSQL, a 10-customer journey, no library breakdown
//   BENCH_PORT=3351          port of the server under test
//   BENCH_SECONDS=5          about how long each 10-connection run lasts (it sends a count of
//                            requests worked out from the one-at-a-time median)
//   BENCH_ROUNDS=5           a page and its references (JSON read, bare form, same markup) are
//                            measured in turn in this many rounds of BENCH_SECONDS / ROUNDS
//                            each (2 in a quick run; decision 0252)
//   BENCH_WARM_UP=3000       requests per server process sent to each address before it is
//                            measured, not counted (300 in a quick run)
//   BENCH_ONLY=/offer        only the page and /api rows whose name contains this
//   BENCH_PAGES=0            no page and /api runs (the load test alone)
//   BENCH_PROFILE=0          no CPU profiles (BENCH_PROFILE_SECONDS=3: each profile's run); the
//                            last run's kept in .cache/bench-profiles/<target>
//   BENCH_JOURNEY=0          no load tests (BENCH_JOURNEY_CUSTOMERS=50, BENCH_JOURNEY_SECONDS=60)
//   BENCH_THINK=300,600,1000 the customers of each thinking load test (3–15 s between steps,
//                            arrivals over BENCH_THINK_ARRIVAL=60 s, BENCH_THINK_SEED=25), run
//                            on the PostgreSQL, N processes target (PGlite without a URL)
//   BENCH_DATABASE_URL=…     a PostgreSQL server whose user may create databases (default
//                            TEST_DATABASE_URL); the bench creates and drops its own
//                            databases there. Without it the PostgreSQL targets are skipped.
//   BENCH_PG=0               skip PostgreSQL even with a URL
//   BENCH_WORKERS=2          processes of the "PostgreSQL, N processes" target (default: cores)
//   BENCH_VOLUMES=1000,100000  customers seeded for the growth runs ("" for none)
//   BENCH_JS_DETAIL=0        no per-library JavaScript breakdown
//   BENCH_SLOW3G=1           the time until /login?lng=en and each onboarding step is usable on
//                            emulated Slow 3G, cold and warm cache, JavaScript on and off, over HTTP/1.1
//                            and over HTTP/2 (a TLS front, as production's load balancer), beside its floor
//                            and, warm, its document alone painted; the bare Remix form (bench/reference)
//                            measured the same way (scripts/bench/slow3g.mjs; off in a quick run); BENCH_SLOW3G=only
//                            runs that section alone
//   BENCH_JS_ONLY=1          only the JavaScript figures (no server runs): they replace the
//                            javascript section of the results file, the rest stays
//   BENCH_SQL_LOG=1          print the statements of each page's first request (stderr)
//   BENCH_OUT=bench/results.json
//   BENCH_COMMIT=…           the commit to record when the tree is not a git checkout
import { execSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startServer, cpuSecondsOf } from "./bench/server.mjs";
import { summariseProfile } from "./bench/profile.mjs";
import { additionalJs, firstVisitFiles, gzipKB, laterFiles, libraryBreakdown, readManifest, scriptsOf } from "./bench/javascript.mjs";
import { budgetReport } from "./bench/js-budget.mjs";
import { Client, customerAt, demoPerson, PREFETCHED, saveStep } from "./bench/customers.mjs";
import { JOURNEY_CHECK_SQL, JOURNEY_REQUESTS, loadTest, wrongCustomers } from "./bench/journey.mjs";
import { createPgDatabase, migrate, openPg, openPglite, seedVolume } from "./bench/database.mjs";
import { median, percentile, round, timesPerRound, vsBudget } from "./bench/util.mjs";
import { measureSlow3g, SLOW_3G } from "./bench/slow3g.mjs";
import { bodyMarkupOf, buildReference, formFieldsOf, referenceBuilt, startReference } from "./bench/reference.mjs";

const env = process.env;
const QUICK = env.BENCH_QUICK === "1";
const flag = (name, quickDefault, fullDefault) => env[name] ?? (QUICK ? quickDefault : fullDefault);
const PORT = Number(env.BENCH_PORT ?? 3351);
const SECONDS = Number(flag("BENCH_SECONDS", 2, 5));
/**
 * Rounds in which each page and its three references (its JSON read, the bare form of its
 * size, its markup rendered bare) are measured in turn, the order turned by one each round,
 * SECONDS / ROUNDS seconds each (decision 0252). On a shared machine the CPU a request costs
 * drifts by a third within minutes; measured once each, a page and a reference measured minutes
 * apart (the bare form of each size had been measured once, when a page of that size first
 * needed it) compared the machine's minutes as much as the code. A page's figures are the
 * medians of its rounds, and its times its budget the median of each round's page over that
 * round's bare form + JSON read.
 */
const ROUNDS = Math.max(1, Number(flag("BENCH_ROUNDS", 2, 5)));
const ONLY = env.BENCH_ONLY ?? "";
const PAGES_ON = env.BENCH_PAGES !== "0";
const SQL_LOG = env.BENCH_SQL_LOG === "1";
const PROFILE = flag("BENCH_PROFILE", "0", "1") !== "0";
const PROFILE_SECONDS = Number(env.BENCH_PROFILE_SECONDS ?? 3);
const JOURNEY = flag("BENCH_JOURNEY", "1", "1") !== "0";
const JOURNEY_CUSTOMERS = Number(flag("BENCH_JOURNEY_CUSTOMERS", 10, 50));
const JOURNEY_SECONDS = Number(env.BENCH_JOURNEY_SECONDS ?? 60);
const THINK_LEVELS = String(flag("BENCH_THINK", "20", "300,600,1000"))
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const THINK_ARRIVAL_SECONDS = Number(flag("BENCH_THINK_ARRIVAL", 10, 60));
const THINK = { minMs: 3000, maxMs: 15000, arrivalSeconds: THINK_ARRIVAL_SECONDS, seed: Number(env.BENCH_THINK_SEED ?? 25) };
const PG_URL = flag("BENCH_PG", "0", "1") !== "0" ? (env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? "") : "";
const WORKERS = Number(env.BENCH_WORKERS ?? os.cpus().length);
const VOLUMES = String(flag("BENCH_VOLUMES", "", "1000,100000"))
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const JS_DETAIL = flag("BENCH_JS_DETAIL", "0", "1") !== "0";
const JS_ONLY = env.BENCH_JS_ONLY === "1";
const OUT = env.BENCH_OUT ?? "bench/results.json";
const SLOW3G = String(flag("BENCH_SLOW3G", "0", "1"));

/**
 * The budgets of DEVELOPERS.md. A page's CPU budget is relative (issue 25): the bare Remix
 * page of bench/reference plus that page's own JSON read, both measured in this run.
 */
const BUDGET = { htmlKB: 6, firstVisitKB: 110, perStepKB: 20, reqPerSec: 300, p95Ms: 60, journeyP95Ms: 250, slow3gPaintedMs: 2500, slow3gHydratedMs: 6000, slow3gWarmPaintedMs: 2200, slow3gWarmHydratedMs: 3000 };

if (!process.argv.includes("--no-build")) {
  const built = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) process.exit(built.status ?? 1);
  buildReference();
}

const git = (args) => {
  try {
    return execSync(`git ${args}`, { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
};
const results = {
  startedAt: new Date().toISOString(),
  commit: env.BENCH_COMMIT ?? git("rev-parse --short HEAD"),
  dirty: Boolean(git("status --porcelain -- app server.ts scripts")),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadAverageAtStart: os.loadavg().map((n) => round(n, 2)) },
  flags: { SECONDS, ROUNDS, ONLY, PAGES: PAGES_ON, PROFILE, JOURNEY, JOURNEY_CUSTOMERS, THINK_LEVELS, THINK_ARRIVAL_SECONDS, PG: Boolean(PG_URL), WORKERS, VOLUMES, JS_DETAIL, SLOW3G },
  budgets: BUDGET,
  javascript: {},
  targets: {},
};
const save = () => {
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n");
};

/**
 * The signed-in pages, in the order a customer meets them, each with who opens it and its own
 * JSON read (docs/api.md): the /api read answering what the page shows, its CPU reference.
 */
const PAGES = [
  { page: "/account", json: "/api/onboarding/registration", id: "routes/account", who: (base) => customerAt(base, "account") },
  { page: "/score", json: "/api/score", id: "routes/score", who: (base) => customerAt(base, "score") },
  { page: "/package", json: "/api/onboarding/proposal", id: "routes/package", who: (base) => customerAt(base, "package") },
  { page: "/questionnaire", json: "/api/onboarding/questionnaire", id: "routes/questionnaire", note: "nothing saved", who: (base) => customerAt(base, "questionnaire") },
  { page: "/questionnaire", json: "/api/onboarding/questionnaire", id: "routes/questionnaire", note: "answers saved", who: (base) => customerAt(base, "offer") },
  { page: "/beneficiaries", json: "/api/onboarding/beneficiaries", id: "routes/beneficiaries", who: (base) => customerAt(base, "beneficiaries") },
  { page: "/offer", json: "/api/onboarding/offer", id: "routes/offer", who: (base) => customerAt(base, "offer") },
  { page: "/confirmation", json: "/api/onboarding/state", id: "routes/confirmation", who: (base) => customerAt(base, "confirmation") },
  // README.md's demo persons: Ants Vanamees (too old), Jaan Tamm (policyholder).
  { page: "/unavailable", json: "/api/onboarding/state", id: "routes/unavailable", who: (base) => demoPerson(base, "35001010210") },
  { page: "/self-service/insurance", json: "/api/insurance", id: "routes/self-service.insurance", who: (base) => demoPerson(base, "38503020139") },
  { page: "/self-service/bills", json: "/api/invoices", id: "routes/self-service.bills", who: (base) => demoPerson(base, "38503020139") },
  { page: "/self-service/services", json: "/api/services", id: "routes/self-service.services", who: (base) => demoPerson(base, "38503020139") },
  { page: "/self-service/score", json: "/api/score/periods", id: "routes/self-service.score", who: (base) => demoPerson(base, "38503020139") },
  { page: "/self-service/score/:id", json: "/api/score/periods/:id", id: "routes/self-service.score_.$id", who: (base) => demoPerson(base, "38503020139") },
  { page: "/self-service/user", json: "/api/account", id: "routes/self-service.user", who: (base) => demoPerson(base, "38503020139") },
];
const label = (row) => (row.note ? `${row.page} (${row.note})` : row.page);

const anonymous = async (base) => new Client(base);
const jaanTamm = (base) => demoPerson(base, "38503020139");
// README.md's Liis Lepp: withdrawn, her one invoice credited.
const liisLepp = (base) => demoPerson(base, "49204120336");
const firstPid = (list) => async (client) => (await client.api("GET", list))[0].pid;
/** README.md's Malle Mets, six months in: she cancels and signs up again (her contract's seven invoices, docs/decisions/0301). */
const malleMetsSigningUpAgain = async (base) => {
  const code = "48309200314";
  const client = await demoPerson(base, code);
  await client.api("POST", "/api/self-service/withdrawal", { confirm: true, method: "smart-id", idCode: code });
  await saveStep(client, "account");
  return client;
};
const earlierPolicy = async (client) => (await client.api("GET", "/api/invoices"))[0].policyNumber;

/**
 * The pages the rows above do not measure (the documents' web pages, the doors and forms of
 * self-service, the public pages), their HTML only, in Estonian and in Russian: every page is
 * held to the same HTML budget. `pid` names the document a `:pid` path opens.
 */
const OTHER_PAGES = [
  { page: "/login", who: anonymous },
  { page: "/pre-contract-information", who: anonymous },
  { page: "/insurance-conditions", who: anonymous },
  { page: "/privacy", who: anonymous },
  { page: "/accessibility", who: anonymous },
  { page: "/privacy/analytics", who: anonymous },
  { page: "/offer/documents/application", who: (base) => customerAt(base, "offer") },
  { page: "/offer/documents/payment-schedule", who: (base) => customerAt(base, "offer") },
  { page: "/confirmation/documents/policy", who: (base) => customerAt(base, "confirmation") },
  { page: "/self-service/documents/policy", who: jaanTamm },
  { page: "/self-service/documents/payment-schedule", who: jaanTamm },
  { page: "/self-service/documents/application", who: jaanTamm },
  { page: "/self-service/bills/:pid", who: jaanTamm, pid: firstPid("/api/invoices") },
  { page: "/self-service/beneficiaries", who: jaanTamm },
  { page: "/self-service/user/contact", who: jaanTamm },
  { page: "/self-service/withdraw", who: jaanTamm },
  { page: "/self-service/data", who: jaanTamm },
  { page: "/self-service/documents/ending", who: liisLepp },
  { page: "/self-service/credit-notes/:pid", who: liisLepp, pid: firstPid("/api/credit-notes") },
  { page: "/self-service/data/earlier/invoices/:pid", who: malleMetsSigningUpAgain, pid: earlierPolicy },
];

/** Each of OTHER_PAGES once per language, as its customer opens it: gzip bytes of its HTML. */
async function measureOtherPages(server) {
  const rows = [];
  for (const row of OTHER_PAGES.filter((r) => r.page.includes(ONLY))) {
    const client = await row.who(server.base);
    const pathname = row.pid ? row.page.replace(":pid", encodeURIComponent(await row.pid(client))) : row.page;
    const bytes = {};
    // The page as a returning browser gets it: the stylesheet linked (decision 0324).
    await client.page(pathname);
    for (const lng of ["et", "ru"]) bytes[lng] = gzipSync(await client.page(`${pathname}?lng=${lng}`)).length;
    rows.push({ page: row.page, etGzipBytes: bytes.et, ruGzipBytes: bytes.ru });
  }
  return rows;
}

/**
 * autocannon at 10 connections for a fixed number of requests, with every response time so
 * p95 is exact. A count, not a duration: a timed run ends with up to 10 requests the server
 * has worked on but the count leaves out, which on a slow page inflates CPU and SQL per
 * request; a counted run ends when every request has been answered.
 */
function cannon(url, options = {}) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, connections: 10, ...options }, (error, result) =>
      error ? reject(error) : resolve({ result, times: times.sort((a, b) => a - b) }),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** How many requests fill about `seconds` at 10 connections, from a one-at-a-time median. */
const amountFor = (medianMs, seconds = SECONDS) => Math.min(4000, Math.max(40, Math.round(((seconds * 1000) / Math.max(medianMs, 0.5)) * 2)));

/** CPU seconds of the PostgreSQL backends serving database `name` (they are local processes). */
async function dbBackends(admin, name) {
  if (!admin) return null;
  const rows = await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  return new Map(rows.map((r) => [r.pid, cpuSecondsOf(r.pid)]));
}
function dbCpuSince(before, after) {
  if (!before || !after) return null;
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

/** The paths to open for a page row and its JSON read (a score period page needs one of the customer's periods). */
async function pathsOf(row, client) {
  if (!row.page.includes(":id")) return { pathname: row.page, json: row.json };
  const periods = await client.api("GET", "/api/score/periods");
  // A past period with saved answers: the view a policyholder opens most.
  const past = periods.items.find((item) => item.pid && item.details) ?? periods.items.find((item) => item.pid);
  return { pathname: row.page.replace(":id", past.pid), json: row.json.replace(":id", past.pid) };
}

/**
 * Warms `url` up, then sends it 20 requests one at a time (`request`: its headers, and a method
 * and body if not a GET): its warm-up's CPU ms per request and that median time (which sizes
 * its counted runs).
 */
async function prepare(server, url, request) {
  const warmUpCpuMs = await warmUp(server, url, request);
  const single = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await fetch(url, request).then((r) => r.arrayBuffer());
    single.push(performance.now() - started);
  }
  return { warmUpCpuMs, medianMs: percentile(single.sort((a, b) => a - b), 50) };
}

/** One counted run of `url` at 10 connections, about `seconds` long: the server's CPU ms per request, with the run's requests and response times. */
async function countedRun(server, url, request, medianMs, seconds = SECONDS) {
  const cpuBefore = server.cpuSeconds();
  const { result, times } = await cannon(url, { ...request, amount: amountFor(medianMs, seconds) });
  const requests = result.requests.total;
  return { cpuMs: ((server.cpuSeconds() - cpuBefore) * 1000) / requests, requests, seconds: result.duration, times, non2xx: result.non2xx + result.errors };
}

/** CPU ms per request of `url` at 10 connections, warm, for a count of requests sized from a one-at-a-time median. */
async function cpuPerRequest(server, url, request) {
  const { medianMs } = await prepare(server, url, request);
  const { cpuMs, non2xx } = await countedRun(server, url, request, medianMs);
  return { cpuMs, non2xx, medianMs };
}

/** V8's sampling profile of `server` over a run of `url` about PROFILE_SECONDS long, written to `file` and summarised per request. */
async function profileOf(server, url, headers, medianMs, file) {
  await server.profileStart();
  const { result } = await cannon(url, { headers, amount: amountFor(medianMs, PROFILE_SECONDS) });
  await server.profileStop(file);
  return summariseProfile(JSON.parse(readFileSync(file, "utf8")), { requests: result.requests.total, top: 20 });
}

/** Where a page's profile exceeds the bare form's of its size, by module (ms a request). */
function beyondBare(page, bare) {
  const byModule = (summary) => new Map(summary.topModules.map((m) => [m.name, m["ms/req"]]));
  const [mine, theirs] = [byModule(page), byModule(bare)];
  const perRequest = (summary) => round(summary.sampledMs / summary.requests, 2);
  const rows = [...new Set([...mine.keys(), ...theirs.keys()])]
    .map((module) => ({ module, page: mine.get(module) ?? 0, bare: theirs.get(module) ?? 0 }))
    .map((row) => ({ ...row, beyond: round(row.page - row.bare, 3) }))
    .sort((a, b) => b.beyond - a.beyond)
    .slice(0, 8);
  return [{ module: "(all sampled)", page: perRequest(page), bare: perRequest(bare), beyond: round(perRequest(page) - perRequest(bare), 2) }, ...rows];
}

/**
 * Requests sent to every address before it is measured (a page, its JSON read, the bare form of
 * each size, each page's markup rendered bare, the /api rows), per server process: V8 compiles
 * a page's own code (its components, loaders, schema) with its optimising compiler only after
 * the page has been served a few thousand times, on threads whose CPU the bench counts. A page
 * measured right after its first requests paid for that compiling, once per process start,
 * as if it were the cost of every request: /score cost 8.9 ms a request over its first 500 and
 * about 5.5 ms from its 3 000th on, the bare page (a few small components) almost nothing. Measured
 * warm, both sides are what a server that has run for a while spends (decision 0251).
 */
const WARM_UP_REQUESTS = Number(flag("BENCH_WARM_UP", 300, 3000));
/** Sends `url` its warm-up; its CPU ms per request, V8's compiling included. */
async function warmUp(server, url, options) {
  const cpuBefore = server.cpuSeconds();
  const { result } = await cannon(url, { ...options, amount: WARM_UP_REQUESTS * (server.processes ?? 1) });
  const failed = result.non2xx + result.errors;
  if (failed) throw new Error(`${url} answered ${failed} non-2xx or errors while warming up`);
  return ((server.cpuSeconds() - cpuBefore) * 1000) / result.requests.total;
}

/** The gzip bytes of the stylesheet a first visit's page has inline (the file it prefetches; decision 0324). */
function stylesheetGzipBytes(html) {
  const href = PREFETCHED.exec(html)?.[1];
  return href ? gzipSync(readFileSync(path.join("public", href))).length : 0;
}

async function measurePages(server, { admin, dbName, profileDir, manifest, bare }) {
  const pageRows = [];
  const profiles = {};
  const markupProfiles = {};
  const rows = PAGES.filter((r) => label(r).includes(ONLY));
  // The page a customer saw before this one (a customer's first signed-in page follows /login).
  let previousId = "routes/login";
  let currentId = null;
  for (const row of rows) {
    const client = await row.who(server.base);
    const { pathname, json } = await pathsOf(row, client);
    const url = server.base + pathname;
    if (SQL_LOG) {
      await server.sqlLog(true);
      console.error(`${label(row)}:`);
    }
    // The customer's first page has the stylesheet inline; every later one links it (decision 0324):
    // the page measured is the later one, as a customer moving through the journey gets it.
    const firstVisitHtml = await client.page(pathname);
    if (SQL_LOG) await server.sqlLog(false);
    const html = await client.page(pathname);
    const headers = { Cookie: client.cookieHeader, Accept: "text/html" };
    const { warmUpCpuMs, medianMs } = await prepare(server, url, { headers });
    const jsonRequest = { headers: { Cookie: client.cookieHeader, Accept: "application/json" } };
    const jsonPrepared = await prepare(server, server.base + json, jsonRequest);
    const reference = await bare.at(formFieldsOf(html));
    const sameMarkup = await bare.markup(html);
    const addresses = [
      { name: "page", server, url, request: { headers }, medianMs },
      { name: "json", server, url: server.base + json, request: jsonRequest, medianMs: jsonPrepared.medianMs },
      { name: "bare", ...reference.address },
      { name: "markup", ...sameMarkup.address },
    ];
    const runs = Object.fromEntries(addresses.map((a) => [a.name, []]));
    let queries = 0;
    let dbCpu = admin ? 0 : null;
    for (let turn = 0; turn < ROUNDS; turn++) {
      for (let i = 0; i < addresses.length; i++) {
        const address = addresses[(i + turn) % addresses.length];
        const isPage = address.name === "page";
        const dbBefore = isPage ? await dbBackends(admin, dbName) : null;
        const queriesBefore = isPage ? await server.queries() : 0;
        const run = await countedRun(address.server, address.url, address.request, address.medianMs, SECONDS / ROUNDS);
        if (isPage) {
          queries += (await server.queries()) - queriesBefore;
          if (dbCpu !== null) dbCpu += dbCpuSince(dbBefore, await dbBackends(admin, dbName));
        } else if (run.non2xx) throw new Error(`${address.url} answered ${run.non2xx} non-2xx`);
        runs[address.name].push(run);
      }
    }
    const cpuOf = (name) => runs[name].map((r) => r.cpuMs);
    const cpu = Object.fromEntries(addresses.map(({ name }) => [name, round(median(cpuOf(name)), 2)]));
    const timesBudget = timesPerRound(cpuOf("page"), cpuOf("bare"), cpuOf("json"));
    const requests = runs.page.reduce((sum, r) => sum + r.requests, 0);
    const times = runs.page.flatMap((r) => r.times).sort((a, b) => a - b);
    if (row.id !== currentId) [previousId, currentId] = [currentId ?? previousId, row.id];
    const step = additionalJs(manifest, row.id, previousId);
    const htmlGzipBytes = gzipSync(html).length;
    const figures = {
      page: label(row),
      cpuMs: cpu.page,
      /** The page's CPU over its warm-up, V8's compiling of its code included: not measured against a budget. */
      warmUpCpuMs: round(warmUpCpuMs, 2),
      jsonRead: json,
      jsonCpuMs: cpu.json,
      /** The fields of the page's form, and the bare Remix form of that size's CPU. */
      formFields: reference.fields,
      bareCpuMs: cpu.bare,
      /** The bare Remix form of the page's size + this page's JSON read: the page's CPU budget. */
      referenceMs: round(cpu.bare + cpu.json, 2),
      /** The page's CPU over its budget: the median of its rounds' (each round's page over that round's bare form + JSON read), and their range. */
      timesBudget: round(timesBudget.median, 2),
      timesBudgetRange: [round(timesBudget.min, 2), round(timesBudget.max, 2)],
      /**
       * The bare page rendering this page's own body markup as plain elements, and that + the
       * JSON read: what the same HTML costs without the app's components, hooks, form library
       * and loaders beyond the JSON read; the page's CPU over it, per round as above.
       */
      sameMarkupCpuMs: cpu.markup,
      sameMarkupHtmlGzipKB: sameMarkup.htmlGzipKB,
      sameMarkupReferenceMs: round(cpu.markup + cpu.json, 2),
      timesSameMarkup: round(timesPerRound(cpuOf("page"), cpuOf("markup"), cpuOf("json")).median, 2),
      ...(dbCpu !== null ? { dbCpuMs: round((dbCpu * 1000) / requests, 2) } : {}),
      ...(server.processes === 1 ? { queriesPerReq: round(queries / requests, 2) } : {}),
      reqPerSec: Math.round(requests / runs.page.reduce((sum, r) => sum + r.seconds, 0)),
      p95Ms: percentile(times, 95),
      oneAtATimeMs: medianMs,
      htmlBytes: Buffer.byteLength(html),
      htmlGzipKB: round(htmlGzipBytes / 1024, 1),
      /** What the HTML budget is judged on: the rounded KB would pass 6.04 KB as 6.0. */
      htmlGzipBytes,
      /** A browser's first page: the stylesheet inside it (decision 0324), judged against the budget + the stylesheet's own gzip. */
      firstVisitHtmlGzipBytes: gzipSync(firstVisitHtml).length,
      stylesheetGzipBytes: stylesheetGzipBytes(firstVisitHtml),
      /** The same page in Russian (Cyrillic takes two bytes a letter): fetched after the runs, whose language it would change. */
      htmlGzipBytesRu: gzipSync(await client.page(`${pathname}?lng=ru`)).length,
      firstVisitJsKB: gzipKB(scriptsOf(html).map((s) => s.slice(1)), "public"),
      jsAfterPreviousKB: step.fromPrevious,
      non2xx: runs.page.reduce((sum, r) => sum + r.non2xx, 0),
    };
    pageRows.push(figures);
    if (profileDir) {
      profiles[label(row)] = await profileOf(server, url, headers, medianMs, path.join(profileDir, `${pageRows.length}.cpuprofile`));
      markupProfiles[label(row)] = sameMarkup.profile;
    }
  }
  return { pageRows, profiles, markupProfiles };
}

/**
 * The bare Remix page (bench/reference), served beside the app in this run, as a form of a
 * page's size: `at(n)` is its CPU ms per request with `n` fields (10 connections, text/html, no
 * gzip, as the pages are measured), its HTML and its address, measured once per size (the
 * pages' rounds measure it again beside each page); `markup(html)` the same for a page's own
 * body markup rendered there as plain elements made per request (decision 0240).
 */
async function startBare(profileDir) {
  const markupDir = mkdtempSync(path.join(os.tmpdir(), "elukaitse-bench-markup-"));
  const reference = await startReference(PORT + 2, markupDir);
  const sizes = new Map();
  const measure = async (url, profileName) => {
    const html = await (await fetch(url)).text();
    const headers = { Accept: "text/html" };
    const { cpuMs, non2xx, medianMs } = await cpuPerRequest(reference, url, { headers });
    if (non2xx) throw new Error(`the reference page answered ${non2xx} non-2xx`);
    return {
      cpuMs: round(cpuMs, 2),
      /** Where a page's rounds measure it again, beside the page. */
      address: { server: reference, url, request: { headers }, medianMs },
      htmlBytes: Buffer.byteLength(html),
      htmlGzipKB: round(gzipSync(html).length / 1024, 1),
      // Profiled as the pages are, so that each page's profile reads beside the bare page's.
      ...(profileDir ? { profile: await profileOf(reference, url, headers, medianMs, path.join(profileDir, `${profileName}.cpuprofile`)) } : {}),
    };
  };
  let pages = 0;
  return {
    at(fields) {
      if (!sizes.has(fields)) sizes.set(fields, measure(`${reference.base}/?fields=${fields}`, `bare-${fields}`).then((figures) => ({ fields, ...figures })));
      return sizes.get(fields);
    },
    /** The bare page rendering `html`'s body markup as plain elements (bench/reference/app/routes/markup.tsx). */
    async markup(html) {
      const page = ++pages;
      writeFileSync(path.join(markupDir, `${page}.html`), bodyMarkupOf(html));
      return measure(`${reference.base}/markup?page=${page}`, `markup-${page}`);
    },
    measured: async () => (await Promise.all([...sizes.values()])).map(({ address: _address, ...figures }) => figures),
    async stop() {
      await reference.stop();
      rmSync(markupDir, { recursive: true, force: true });
    },
  };
}

async function measureApi(server) {
  const fresh = await customerAt(server.base, "account");
  const packaged = await customerAt(server.base, "questionnaire");
  const estimate = JSON.stringify({ sumInsuredForDeathCover: 100000, sumInsuredForDisabilityCover: 50000, services: ["MENTAL"] });
  const rows = [];
  for (const [name, pathname, client, options] of [
    ["GET /healthz", "/healthz", null],
    ["GET /api/onboarding/state", "/api/onboarding/state", fresh],
    ["GET /api/onboarding/state (age re-check)", "/api/onboarding/state", packaged],
    ["POST /api/onboarding/calculation", "/api/onboarding/calculation", packaged, { method: "POST", body: estimate }],
  ].filter(([name]) => name.includes(ONLY))) {
    const url = server.base + pathname;
    const request = { headers: { ...(client ? { Cookie: client.cookie } : {}), "Content-Type": "application/json", Origin: server.base }, ...options };
    const { medianMs } = await prepare(server, url, request);
    const queriesBefore = await server.queries();
    const run = await countedRun(server, url, request, medianMs);
    const queries = (await server.queries()) - queriesBefore;
    rows.push({
      name,
      cpuMs: round(run.cpuMs, 2),
      ...(server.processes === 1 ? { queriesPerReq: round(queries / run.requests, 2) } : {}),
      reqPerSec: Math.round(run.requests / run.seconds),
      p50Ms: percentile(run.times, 50),
      p95Ms: percentile(run.times, 95),
      p99Ms: percentile(run.times, 99),
      non2xx: run.non2xx,
    });
  }
  return rows;
}

function printPages(title, rows) {
  console.log(`\n${title}`);
  console.table(
    rows.map((r) => ({
      page: r.page,
      "CPU ms/req": r.cpuMs,
      "× budget (rounds)": `${vsBudget(r.timesBudget, 1)} ${r.timesBudgetRange.join("–")}`,
      fields: r.formFields,
      "bare form ms": r.bareCpuMs,
      "JSON read ms": r.jsonCpuMs,
      "same markup ms": r.sameMarkupCpuMs,
      "× same markup + JSON": r.timesSameMarkup,
      ...(r.dbCpuMs !== undefined ? { "DB CPU ms/req": r.dbCpuMs } : {}),
      ...(r.queriesPerReq !== undefined ? { "SQL/req": r.queriesPerReq } : {}),
      "HTML B gz": vsBudget(r.htmlGzipBytes, BUDGET.htmlKB * 1024),
      ...(r.htmlGzipBytesRu !== undefined ? { "ru HTML B gz": vsBudget(r.htmlGzipBytesRu, BUDGET.htmlKB * 1024) } : {}),
      ...(r.firstVisitHtmlGzipBytes !== undefined ? { "first visit B gz": vsBudget(r.firstVisitHtmlGzipBytes, BUDGET.htmlKB * 1024 + r.stylesheetGzipBytes) } : {}),
      "req/s": vsBudget(r.reqPerSec, BUDGET.reqPerSec, { atLeast: true }),
      "p95 ms": vsBudget(r.p95Ms, BUDGET.p95Ms),
      "1-at-a-time ms": r.oneAtATimeMs,
      "first-visit JS KB": vsBudget(r.firstVisitJsKB, BUDGET.firstVisitKB),
      "JS + after previous KB": vsBudget(r.jsAfterPreviousKB, BUDGET.perStepKB),
      "non2xx/err": r.non2xx,
    })),
  );
}

function printApi(title, rows) {
  if (!rows.length) return;
  console.log(`\n${title}`);
  console.table(rows);
}

/** PostgreSQL's sequential scans of the run, the largest first: each is a lookup without an index. */
async function sequentialScans(admin) {
  const rows = await admin.query(
    `SELECT relname AS table, seq_scan AS scans, seq_tup_read AS "rows read", idx_scan AS "index scans", n_live_tup AS rows
     FROM pg_stat_user_tables WHERE seq_scan > 0 ORDER BY seq_tup_read DESC`,
  );
  return rows.map((r) => ({ ...r, scans: Number(r.scans), "rows read": Number(r["rows read"]), "index scans": Number(r["index scans"] ?? 0), rows: Number(r.rows) }));
}

/**
 * The load tests' data check: the customers whose rows are not what one journey leaves, read on
 * PostgreSQL through `admin`, or on PGlite (one process's) once the server has let go of it.
 */
function journeyCheck(server, admin, dataDir) {
  return async (codes) => {
    if (admin) return wrongCustomers(codes, await admin.query(JOURNEY_CHECK_SQL, [codes]));
    await server.stop();
    const db = await openPglite(dataDir);
    try {
      return wrongCustomers(codes, await db.query(JOURNEY_CHECK_SQL, [codes]));
    } finally {
      await db.close();
    }
  };
}

let dbCounter = 0;
/**
 * One target: a server on PGlite or PostgreSQL (1 or N processes), optionally with `volume`
 * customers seeded first; pages, /api, profiles and the load test as asked.
 */
async function runTarget(name, { pg, workers = 1, volume = 0, pages = PAGES_ON, profile = false, journey = false, think = false }) {
  console.log(`\n=== ${name} ===`);
  const manifest = readManifest();
  let database = null;
  let admin = null;
  let dataDir = null;
  const dbName = `bench_${PORT}_${process.pid}_${dbCounter++}`;
  const seedStarted = performance.now();
  if (pg) {
    database = await createPgDatabase(PG_URL, dbName);
    admin = await openPg(database.url);
    if (volume) {
      await migrate(admin);
      await seedVolume(admin, volume);
    }
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "elukaitse-bench-"));
    if (volume) {
      const db = await openPglite(dataDir);
      await migrate(db);
      await seedVolume(db, volume);
      await db.close();
    }
  }
  const seedSeconds = volume ? round((performance.now() - seedStarted) / 1000) : undefined;
  if (volume) console.log(`${volume} customers seeded in ${seedSeconds} s`);
  const profileDir = profile ? profileFolder(name) : undefined;
  const server = await startServer({ port: PORT, databaseUrl: database?.url, dataDir, workers: pg ? workers : undefined });
  const target = { database: pg ? "postgresql" : "pglite", processes: workers, volume, seedSeconds };
  results.targets[name] = target;
  try {
    if (admin) await admin.query(`SELECT pg_stat_reset()`);
    if (pages) {
      const bare = await startBare(profileDir);
      let measured;
      try {
        measured = await measurePages(server, { admin, dbName, profileDir, manifest, bare });
        target.bare = await bare.measured();
      } finally {
        await bare.stop();
      }
      console.log(`Bare Remix form (bench/reference) by its fields: ${target.bare.map((b) => `${b.fields}: ${b.cpuMs} CPU ms, ${b.htmlGzipKB} KB gzip`).join("; ")}`);
      target.pages = measured.pageRows;
      printPages(`Signed-in pages, ${name}: 10 connections; each page and its references in ${ROUNDS} rounds of about ${round(SECONDS / ROUNDS, 1)} s each, figures their medians; CPU budget: a bare Remix form of the page's size + the page's JSON read, measured in the same rounds; beside it the bare page rendering this page's own markup (same markup)`, target.pages);
      target.api = await measureApi(server);
      printApi(`/api, ${name}: 10 connections, ${SECONDS} s each`, target.api);
      // The markup is the same on every target: measured on the first.
      if (!pg && !volume) {
        results.otherPagesHtml = await measureOtherPages(server);
        console.log("\nThe other pages' HTML (gzip bytes, budget ≤ 6 144), in Estonian and in Russian:");
        console.table(results.otherPagesHtml.map((r) => ({ page: r.page, et: vsBudget(r.etGzipBytes, BUDGET.htmlKB * 1024), ru: vsBudget(r.ruGzipBytes, BUDGET.htmlKB * 1024) })));
      }
      if (profile) {
        target.profiles = measured.profiles;
        target.markupProfiles = measured.markupProfiles;
        for (const [page, summary] of Object.entries(measured.profiles)) {
          console.log(`\nCPU profile ${page} (${name}): ${summary.sampledMs} ms sampled over ${summary.requests} requests`);
          console.table(summary.topModules.slice(0, 8));
          console.table(summary.topFunctions.slice(0, 10));
          const { formFields } = target.pages.find((row) => row.page === page);
          const bareProfile = target.bare.find((b) => b.fields === formFields)?.profile;
          if (bareProfile) {
            console.log(`Beyond the bare form of ${formFields} field(s), profiled in the same run (ms a request):`);
            console.table(beyondBare(summary, bareProfile));
          }
          console.log("Beyond the bare page rendering this page's own markup (bench/reference /markup), profiled in the same run (ms a request):");
          console.table(beyondBare(summary, measured.markupProfiles[page]));
        }
      }
    }
    save();
    if (think && THINK_LEVELS.length) target.thinking = await thinkingCustomers(name, server, pg ? admin : null, dataDir);
    if (journey) {
      target.journey = await loadTest({
        base: server.base,
        customers: JOURNEY_CUSTOMERS,
        seconds: JOURNEY_SECONDS,
        check: journeyCheck(server, pg ? admin : null, dataDir),
      });
      const j = target.journey;
      console.log(`\nWhole journey, ${name}: ${j.customers} customers at once (${j.completed} completed in ${j.seconds} s)`);
      console.table([
        {
          requests: j.requests,
          "req/s": j["req/s"],
          "p50 ms": j.p50,
          "p95 ms": vsBudget(j.p95, BUDGET.journeyP95Ms),
          "p99 ms": j.p99,
          "page p95 ms": j["page p95"],
          errors: j.errors,
          "GETs retried": j.retried,
          "data checked": j.dataChecked,
        },
      ]);
      if (j.failures.length) console.log("failures:", j.failures);
    }
    await server.stop();
    if (admin) {
      target.sequentialScans = await sequentialScans(admin);
      if (volume) {
        console.log(`\nSequential scans on PostgreSQL during ${name} (each is a lookup no index serves):`);
        console.table(target.sequentialScans.filter((r) => r["rows read"] > 0));
      }
    }
    save();
  } finally {
    await server.stop();
    await admin?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Where a target's V8 CPU profiles are written (`N.cpuprofile` for the Nth page, `bare-F` and
 * `markup-N` for its references; Chrome's DevTools opens them): .cache/bench-profiles/<target>,
 * emptied first, so that a run leaves the last profiles of each target and nothing else.
 */
function profileFolder(target) {
  const dir = path.join(".cache", "bench-profiles", target.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase());
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`CPU profiles in ${dir}`);
  return dir;
}

/**
 * Customers who think (issue 25 item 2): for each level of BENCH_THINK, that many customers
 * walk the whole journey with 3–15 s between steps, arriving over the arrival window. Reports
 * per level the most in the journey at once, p95/p99 per request, errors, the data check and
 * the server's CPU per request; then the most customers held at p95 ≤ 250 ms with 0 errors and
 * the capacity the CPU per request predicts (cores ÷ CPU per request ÷ requests per customer
 * per second). On PGlite (no PostgreSQL URL) only the last level runs: its data is read once
 * the server has let go of the database.
 */
async function thinkingCustomers(name, server, admin, dataDir) {
  const levels = admin ? THINK_LEVELS : THINK_LEVELS.slice(-1);
  const rows = [];
  for (const customers of levels) {
    const run = await loadTest({
      base: server.base,
      customers,
      seconds: 600,
      think: THINK,
      cpuSeconds: server.cpuSeconds,
      check: journeyCheck(server, admin, dataDir),
    });
    // A customer's requests per second: the requests of a journey as measured (a step may send
    // more than one: the sign-in and the signing poll) over its length (mean pause × steps).
    const perJourney = run.completed ? run.requests / run.completed : JOURNEY_REQUESTS;
    const perCustomer = perJourney / ((JOURNEY_REQUESTS - 1) * ((THINK.minMs + THINK.maxMs) / 2000));
    rows.push({ ...run, customerReqPerSec: round(perCustomer, 3), cpuBoundCustomers: Math.round((os.cpus().length * 1000) / run.serverCpuMsPerRequest / perCustomer) });
    save();
  }
  const held = rows.filter((r) => r.p95 <= BUDGET.journeyP95Ms && r.errors === 0 && r.completed === r.customers && r.dataChecked === "ok");
  const result = { levels: rows, mostHeld: held.length ? Math.max(...held.map((r) => r.mostAtOnce)) : 0, goal: 1000 };
  console.log(`\nCustomers who think, ${name}: ${THINK.minMs / 1000}–${THINK.maxMs / 1000} s between steps, arrivals over ${THINK.arrivalSeconds} s`);
  console.table(
    rows.map((r) => ({
      customers: r.customers,
      "at once (most)": r.mostAtOnce,
      completed: r.completed,
      "req/s": r["req/s"],
      "p95 ms": vsBudget(r.p95, BUDGET.journeyP95Ms),
      "p99 ms": r.p99,
      errors: r.errors,
      "data checked": r.dataChecked,
      "server CPU ms/req": r.serverCpuMsPerRequest,
      "CPU-bound customers": r.cpuBoundCustomers,
    })),
  );
  console.log(`Most customers at once held at p95 ≤ ${BUDGET.journeyP95Ms} ms with 0 errors: ${vsBudget(result.mostHeld, result.goal, { atLeast: true })}`);
  for (const r of rows) {
    console.log(`The slowest kinds of request with ${r.customers} customers (p95):`);
    console.table(r.byRequest.slice(0, 8));
  }
  return result;
}

/**
 * Slow 3G (scripts/bench/slow3g.mjs): its own server on a fresh embedded database. A failure
 * here is reported and the rest of the bench goes on.
 */
/** `measuredOn`: the commit and start of a run of this section alone (BENCH_SLOW3G=only), whose file keeps the full run's. */
async function slow3gSection(measuredOn = {}) {
  console.log(`\n=== Slow 3G (${SLOW_3G.latencyMs} ms, ${SLOW_3G.kbps} kbps, cold and warm cache) ===`);
  const server = await startServer({ port: PORT + 1 });
  // The bare Remix form beside the pages: built by the build above, or by an earlier run's
  // (--no-build), or now.
  let bare;
  try {
    if (!referenceBuilt()) buildReference();
    bare = await startReference(PORT + 2, os.tmpdir());
    results.slow3g = { ...measuredOn, conditions: SLOW_3G, pages: await measureSlow3g(server.base, ONLY, bare.base) };
    console.log(
      "First paint (the form on screen, usable as a plain form) and the time until usable (JavaScript off: loaded; on: hydrated) beside the physical floor (round trips × latency + bytes ÷ bandwidth); warm, beside the paint of the page's document alone (the same HTML and headers, less what it loads, runs or styles):",
    );
    console.table(
      results.slow3g.pages.map((r) => ({
        page: r.page,
        cache: r.cache,
        protocol: r.protocol,
        JS: r.javaScript,
        "painted ms": vsBudget(r.paintedMs, r.cache === "warm" ? BUDGET.slow3gWarmPaintedMs : BUDGET.slow3gPaintedMs),
        "usable ms": r.javaScript === "on" ? vsBudget(r.usableMs, r.cache === "warm" ? BUDGET.slow3gWarmHydratedMs : BUDGET.slow3gHydratedMs) : r.usableMs,
        "floor ms": r.floorMs,
        "document alone painted ms": r.documentAlonePaintedMs ?? "",
        ratio: r.ratio,
        "round trips": r.roundTrips,
        requests: r.requests,
        kB: r.kB,
        "stale next day": r.cache === "warm" ? r.staleNextDay.length : "",
      })),
    );
  } catch (error) {
    results.slow3g = { error: String(error?.message ?? error) };
    console.error("Slow 3G section failed:", error);
  } finally {
    await Promise.all([server.stop(), bare?.stop()]);
    save();
  }
}

if (SLOW3G === "only") {
  // This section alone: the rest of the last full run's figures stay in the file.
  let previous = {};
  try {
    previous = JSON.parse(readFileSync(OUT, "utf8"));
  } catch {
    // No earlier run.
  }
  const measuredOn = { commit: results.commit, dirty: results.dirty, startedAt: results.startedAt };
  Object.assign(results, { ...previous, slow3g: undefined });
  await slow3gSection(measuredOn);
  process.exit(process.exitCode ?? 0);
}

try {
  // JavaScript (the same for every target).
  const manifest = readManifest();
  const jsPages = ["routes/_index", "routes/login", ...new Set(PAGES.map((p) => p.id))].filter((id) => manifest.routes[id]);
  results.javascript.firstVisit = jsPages.map((id) => ({ route: id, gzipKB: gzipKB(firstVisitFiles(manifest, id)), laterKB: gzipKB(laterFiles(manifest, id)) }));
  console.log(`\nFirst-visit JavaScript by route (gzip KB, from the build manifest; budget ≤ ${BUDGET.firstVisitKB}), and what loads later (import() after hydration or on demand):`);
  console.table(results.javascript.firstVisit.map((r) => ({ route: r.route, "gzip KB": vsBudget(r.gzipKB, BUDGET.firstVisitKB), "later KB": r.laterKB })));
  // Every page and step against the budgets the CI check holds them to (scripts/js-budget.mjs).
  const { pages: allPages, steps } = budgetReport(manifest);
  results.javascript.budget = { pages: allPages, steps };
  console.log(`\nJavaScript a step adds to the page before (gzip KB; budget ≤ ${BUDGET.perStepKB}):`);
  console.table(steps.map((r) => ({ from: r.from, to: r.to, "gzip KB": vsBudget(r.gzipKB, BUDGET.perStepKB), "later KB": r.laterKB })));
  if (JS_DETAIL) {
    const breakdown = libraryBreakdown();
    results.javascript.byLibrary = Object.fromEntries(jsPages.filter((id) => breakdown[id]).map((id) => [id, breakdown[id]]));
    const libraries = new Set();
    for (const id of jsPages) for (const [lib, size] of Object.entries(breakdown[id]?.libraries ?? {})) if (size >= 0.3) libraries.add(lib);
    console.log("\nFirst-visit JavaScript by library (gzip KB, shares of each file's gzip by its source map):");
    console.table(
      [...libraries].map((lib) => ({ library: lib, ...Object.fromEntries(jsPages.map((id) => [id.replace("routes/", ""), breakdown[id]?.libraries[lib] ?? 0])) })),
    );
  }
  if (JS_ONLY) {
    let previous = {};
    try {
      previous = JSON.parse(readFileSync(OUT, "utf8"));
    } catch {
      // No earlier results: the file holds the JavaScript figures alone.
    }
    Object.assign(results, { ...previous, javascript: results.javascript, javascriptMeasuredAt: results.startedAt, javascriptCommit: results.commit });
    save();
    process.exit(0);
  }
  save();

  await runTarget("PGlite", { pg: false, profile: PROFILE, journey: JOURNEY });
  if (PG_URL) {
    await runTarget("PostgreSQL, 1 process", { pg: true, workers: 1, journey: JOURNEY, profile: PROFILE });
    await runTarget(`PostgreSQL, ${WORKERS} processes`, { pg: true, workers: WORKERS, journey: JOURNEY, think: JOURNEY });
  } else {
    if (JOURNEY) await runTarget("PGlite, customers who think", { pg: false, pages: false, think: true });
    console.log("\nPostgreSQL targets skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server whose user may create databases.");
  }
  for (const volume of VOLUMES) {
    await runTarget(`PGlite, ${volume} customers`, { pg: false, volume });
    if (PG_URL) await runTarget(`PostgreSQL, ${volume} customers`, { pg: true, volume });
  }
  if (VOLUMES.length) {
    console.log("\nGrowth: server CPU ms per request by customers in the database (flat is the aim):");
    const names = Object.keys(results.targets);
    const rows = new Map();
    for (const name of names) {
      for (const r of [...(results.targets[name].pages ?? []), ...(results.targets[name].api ?? []).map((a) => ({ page: a.name, cpuMs: a.cpuMs }))]) {
        if (!rows.has(r.page)) rows.set(r.page, { page: r.page });
        rows.get(r.page)[name] = r.cpuMs;
      }
    }
    console.table([...rows.values()]);
  }
  if (SLOW3G !== "0") await slow3gSection();
  results.finishedAt = new Date().toISOString();
  results.machine.loadAverageAtEnd = os.loadavg().map((n) => round(n, 2));
  save();
  console.log(`\nWritten to ${OUT}. Load average ${results.machine.loadAverageAtStart.join(" ")} at start, ${results.machine.loadAverageAtEnd.join(" ")} at the end.`);
} catch (error) {
  save();
  console.error(error);
  process.exitCode = 1;
}
