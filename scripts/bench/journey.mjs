// The whole-journey load test: simulated customers, each from the login page to a signed
// agreement, over HTTP (HTML pages as a first visit loads them, the form saves through the /api
// contract as docs/api.md documents it), each customer over connections of their own, as a
// browser (customers.mjs `Client`). Every request is timed. Two shapes:
// - closed: every customer at once, no pauses (requests always in flight: a throughput test);
// - thinking (issue 25): customers who read and type, a seeded random 3–15 s between steps,
//   arriving spread over the first `arrivalSeconds`; the figure is how many are in the journey
//   at once and what each of their requests waits.
import { Client, freshPersonalCode, saveStep, signIn, signOffer, STEPS } from "./customers.mjs";
import { percentile, round, sleep } from "./util.mjs";

/** A seeded pseudo-random source in [0, 1) (mulberry32): the same pauses on every run. */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One customer's journey; resolves with their personal code, throws on the first failure.
 * `pause()` answers the milliseconds to think before each step after the first (0: none).
 */
async function journey(base, code, onTiming, deadline, pause = () => 0) {
  const client = new Client(base, onTiming);
  // Each step of the onboarding table: its page, then its save (the package's page first asks
  // for two estimates; the offer's save is followed by the signing).
  const steps = [
    () => client.page("/login"),
    () => signIn(client, code),
    ...STEPS.flatMap((step) => [
      () => client.page(step.path),
      ...(step.id === "package" ? ESTIMATES.map((estimate) => () => client.api("POST", "/api/onboarding/calculation", estimate)) : []),
      () => saveStep(client, step.id),
      ...(step.next === "confirmation"
        ? [
            async () => {
              const done = await signOffer(client);
              if (done.result !== "SIGNED") throw new Error(`signing of ${code}: ${JSON.stringify(done)}`);
            },
          ]
        : []),
    ]),
    () => client.page("/confirmation"),
  ];
  try {
    for (const [i, step] of steps.entries()) {
      const thinking = i ? pause() : 0;
      if (thinking) await sleep(thinking);
      if (performance.now() > deadline) throw new Error("out of time");
      await step();
    }
  } finally {
    await client.close();
  }
  return code;
}

/** The package page's two live estimates before its save. */
const ESTIMATES = [
  { sumInsuredForDeathCover: 80000, sumInsuredForDisabilityCover: 40000, services: [] },
  { sumInsuredForDeathCover: 100000, sumInsuredForDisabilityCover: 50000, services: ["MENTAL"] },
];

/** The steps of one journey (requests a customer sends from /login to /confirmation): sign-in, each step's page and save, the estimates, the signing, the confirmation. */
export const JOURNEY_REQUESTS = 2 + 2 * STEPS.length + ESTIMATES.length + 1 + 1;

/**
 * Runs the journeys and then `check(codes)`, which reads the database and answers the
 * customers whose data is not exactly as one journey leaves it. Closed (no `think`): all at
 * once, `seconds` at most. Thinking (`think: { minMs, maxMs, arrivalSeconds, seed }`): each
 * customer arrives at a seeded random moment of the arrival window and pauses a seeded random
 * time between steps; `seconds` bounds each journey from its arrival. `cpuSeconds` reads the
 * server's CPU time, for its CPU per request over the run.
 */
export async function loadTest({ base, customers, seconds, check, think, cpuSeconds = () => 0 }) {
  const timings = [];
  const codes = Array.from({ length: customers }, () => freshPersonalCode(7000));
  const random = seededRandom(think?.seed ?? 1);
  const plans = codes.map(() => ({
    arrivalMs: think ? random() * think.arrivalSeconds * 1000 : 0,
    pauses: Array.from({ length: JOURNEY_REQUESTS }, () => (think ? think.minMs + random() * (think.maxMs - think.minMs) : 0)),
  }));
  const cpuBefore = cpuSeconds();
  let inJourney = 0;
  let mostAtOnce = 0;
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    codes.map(async (code, i) => {
      const { arrivalMs, pauses } = plans[i];
      if (arrivalMs) await sleep(arrivalMs);
      inJourney++;
      mostAtOnce = Math.max(mostAtOnce, inJourney);
      let step = 0;
      try {
        return await journey(base, code, (t) => timings.push(t), performance.now() + seconds * 1000, () => pauses[step++]);
      } finally {
        inJourney--;
      }
    }),
  );
  const wallSeconds = (performance.now() - started) / 1000;
  const serverCpuSeconds = cpuSeconds() - cpuBefore;
  const failures = outcomes.filter((o) => o.status === "rejected").map((o) => o.reason.message);
  const retried = timings.filter((t) => t.status === -1).length;
  const answered = timings.filter((t) => t.status !== -1);
  const times = answered.map((t) => t.ms).sort((a, b) => a - b);
  const pageTimes = answered.filter((t) => t.method === "GET" && !t.pathname.startsWith("/api")).map((t) => t.ms).sort((a, b) => a - b);
  const wrong = await check(codes);
  // Each kind of request's times: where a tail comes from (ids and queries left out of the name).
  const kinds = new Map();
  for (const t of answered) {
    // A segment with a digit, or a token with capitals or underscores (a signing's id may have
    // no digit; our paths are lower-case words), is an id.
    const kind = `${t.method} ${t.pathname
      .split("?")[0]
      .split("/")
      .map((segment) => (/\d|[A-Z_]/.test(segment) ? ":id" : segment))
      .join("/")}`;
    kinds.set(kind, [...(kinds.get(kind) ?? []), t.ms]);
  }
  const byRequest = [...kinds]
    .map(([request, ms]) => {
      ms.sort((a, b) => a - b);
      return { request, count: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), max: round(ms.at(-1)) };
    })
    .sort((a, b) => b.p95 - a.p95);
  return {
    customers,
    ...(think ? { think: `${think.minMs / 1000}–${think.maxMs / 1000} s between steps, arrivals over ${think.arrivalSeconds} s`, mostAtOnce } : {}),
    completed: outcomes.length - failures.length,
    seconds: round(wallSeconds),
    requests: answered.length,
    "req/s": Math.round(answered.length / wallSeconds),
    serverCpuMsPerRequest: round((serverCpuSeconds * 1000) / answered.length, 2),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: round(times.at(-1)),
    "page p95": percentile(pageTimes, 95),
    errors: answered.filter((t) => t.status === 0 || t.status >= 400).length,
    /** GETs sent again after the server closed their kept-alive connection. */
    retried,
    failures: failures.slice(0, 5),
    dataChecked: wrong.length === 0 ? "ok" : `${wrong.length} wrong: ${wrong.slice(0, 3).join("; ")}`,
    byRequest,
  };
}

/**
 * What one journey must leave, per customer, read with SQL: AGREEMENT_SIGNED, and exactly one
 * of each saved step, one signed signing and one policy.
 */
export const JOURNEY_CHECK_SQL = `
  SELECT c.personal_code, c.state,
    (SELECT count(*) FROM registrations r WHERE r.customer_id = c.id) AS registrations,
    (SELECT count(*) FROM score_profiles s WHERE s.customer_id = c.id AND s.period_start IS NULL) AS profiles,
    (SELECT count(*) FROM proposals p WHERE p.customer_id = c.id) AS proposals,
    (SELECT count(*) FROM questionnaires q WHERE q.customer_id = c.id) AS questionnaires,
    (SELECT count(*) FROM beneficiaries b WHERE b.customer_id = c.id) AS beneficiaries,
    (SELECT count(*) FROM offers o WHERE o.customer_id = c.id) AS offers,
    (SELECT count(*) FROM signings g WHERE g.customer_id = c.id AND g.status = 'signed') AS signed,
    (SELECT count(*) FROM policies y WHERE y.customer_id = c.id) AS policies
  FROM customers c WHERE c.personal_code = ANY($1::text[])`;

/** The codes whose rows are not what one whole journey leaves. */
export function wrongCustomers(codes, rows) {
  const byCode = new Map(rows.map((row) => [row.personal_code, row]));
  const wrong = [];
  for (const code of codes) {
    const row = byCode.get(code);
    if (!row) {
      wrong.push(`${code}: no customer`);
      continue;
    }
    const counts = ["registrations", "profiles", "proposals", "questionnaires", "beneficiaries", "offers", "signed", "policies"];
    const bad = counts.filter((name) => Number(row[name]) !== 1);
    if (row.state !== "AGREEMENT_SIGNED" || bad.length) wrong.push(`${code}: ${row.state} ${bad.map((n) => `${n}=${row[n]}`).join(" ")}`);
  }
  return wrong;
}
