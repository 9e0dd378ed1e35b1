// The whole-journey load test: `customers` simulated customers at once, each from the login
// page to a signed agreement, over HTTP (HTML pages as a first visit loads them, the form
// saves through the /api contract as docs/api.md documents it). Every request is timed.
import { Client, freshPersonalCode, register, saveBeneficiaries, savePackage, saveQuestionnaire, saveScore, signIn, signOffer } from "./customers.mjs";
import { percentile, round } from "./util.mjs";

/** One customer's journey; resolves with their personal code, throws on the first failure. */
async function journey(base, code, onTiming, deadline) {
  const client = new Client(base, onTiming);
  const steps = [
    () => client.page("/login"),
    () => signIn(client, code),
    () => client.page("/account"),
    () => register(client),
    () => client.page("/score"),
    () => saveScore(client),
    () => client.page("/package"),
    () => client.api("POST", "/api/onboarding/calculation", { sumInsuredForDeathCover: 80000, sumInsuredForDisabilityCover: 40000, services: [] }),
    () => client.api("POST", "/api/onboarding/calculation", { sumInsuredForDeathCover: 100000, sumInsuredForDisabilityCover: 50000, services: ["MENTAL"] }),
    () => savePackage(client),
    () => client.page("/questionnaire"),
    () => saveQuestionnaire(client),
    () => client.page("/beneficiaries"),
    () => saveBeneficiaries(client),
    () => client.page("/offer"),
    async () => {
      const done = await signOffer(client);
      if (done.result !== "SIGNED") throw new Error(`signing of ${code}: ${JSON.stringify(done)}`);
    },
    () => client.page("/confirmation"),
  ];
  for (const step of steps) {
    if (performance.now() > deadline) throw new Error("out of time");
    await step();
  }
  return code;
}

/**
 * Runs the journeys at once (60 s at most) and then `check(codes)`, which reads the database
 * and answers the customers whose data is not exactly as one journey leaves it.
 */
export async function loadTest({ base, customers, seconds, check }) {
  const timings = [];
  const codes = Array.from({ length: customers }, () => freshPersonalCode(7000));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const outcomes = await Promise.allSettled(codes.map((code) => journey(base, code, (t) => timings.push(t), deadline)));
  const wallSeconds = (performance.now() - started) / 1000;
  const failures = outcomes.filter((o) => o.status === "rejected").map((o) => o.reason.message);
  const retried = timings.filter((t) => t.status === -1).length;
  const answered = timings.filter((t) => t.status !== -1);
  const times = answered.map((t) => t.ms).sort((a, b) => a - b);
  const pageTimes = answered.filter((t) => t.method === "GET" && !t.pathname.startsWith("/api")).map((t) => t.ms).sort((a, b) => a - b);
  const wrong = await check(codes);
  return {
    customers,
    completed: outcomes.length - failures.length,
    seconds: round(wallSeconds),
    requests: answered.length,
    "req/s": Math.round(answered.length / wallSeconds),
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
