/**
 * Hostile input, generated (fast-check, seeded): bodies of every shape and type to every form
 * action (HTML and `.data`) and every /api path, and hostile path segments and queries, over
 * HTTP through the whole Express stack with the pages. Asserted: never a 5xx, /healthz
 * answers within a second all along, and no other customer's data changes (their rows,
 * their health-data audit trail). The figures go to docs/security.md.
 *
 * FUZZ_SEED and FUZZ_RUNS (a multiplier) change the run; a failure prints its seed and path.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import { apiRouter } from "~/http/api.server";
import { Client, startTestApp, type TestApp } from "../support/app";
import { PEETER_ALONE } from "../support/beneficiary-change";
import { freshPolicyholder, policyholderSince } from "../support/customers";
import { ALL_CONSENTS, customerReadyToSign, NEEDS_UNDERWRITING } from "../support/offer-application";
import { REGISTRATION } from "../support/questionnaire";
import { customerAt, door, ok, saveStep, type Point } from "../support/reach";
import { signOnDemoDesk } from "../support/walk";

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_509);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const RUNS = { forms: Math.round(600 * SCALE), api: Math.round(400 * SCALE), paths: Math.round(300 * SCALE), getForms: Math.round(100 * SCALE) };

let app: TestApp;
type Fragile = "within-30" | "past-30" | "underwriting" | "changes" | "ended" | "session";
type Who = Point | Fragile | "self-service" | "anonymous" | "pending" | "pending-change";
const cookies = new Map<Who, string>();
let signing: { signingToken: string; accessToken: string };
let periodId = "new";
/** The ended customer's earlier contract: its number, an invoice's and a credit note's. */
const earlier = { policy: "EK-0", invoice: "EK-0", creditNote: "KR-0" };
const stats = { requests: 0, byStatus: new Map<number, number>(), slowestHealthMs: 0, healthProbes: 0, slowest: { ms: 0, what: "" }, remade: 0 };

// ── Who attacks: one customer at each step, each with its own session ──────────────────────────

/** A policyholder who withdrew from the contract and signs up again: the data page's consents and earlier contract. */
async function signingUpAgain() {
  const holder = await freshPolicyholder(app);
  const ended = await ok(await holder.client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: holder.code } }));
  await ok(await holder.client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }));
  const [policy] = await app.core.db.query<{ id: number }>(`SELECT id FROM policies WHERE customer_id = $1`, [holder.customer.id]);
  const [invoice] = await app.core.db.query<{ pid: string }>(`SELECT pid FROM invoices WHERE customer_id = $1`, [holder.customer.id]);
  Object.assign(earlier, { policy: `EK-${policy.id}`, invoice: String(invoice?.pid ?? earlier.invoice), creditNote: String(ended.creditNotes?.[0] ?? earlier.creditNote) });
  return holder;
}

/**
 * The customers a fuzzed request may really change: a withdrawal or cancellation that goes
 * through, an application withdrawn, a session ended (`/session`'s `intent=end`), a contact or
 * consent changed. Each has its own customer, made again (`keepUsable`) when a request left
 * them in another state or without their session, so that the rest of the run still reaches
 * the form with the state it needs.
 */
const FRAGILE: Record<Fragile, () => Promise<{ client: Client; customer: { id: number }; code: string }>> = {
  "within-30": () => policyholderSince(app, 10),
  "past-30": () => policyholderSince(app, 60),
  async underwriting() {
    const applicant = await customerReadyToSign(app, { rows: NEEDS_UNDERWRITING });
    await saveStep(applicant.client, "offer");
    expect(await signOnDemoDesk(door(applicant.client))).toMatchObject({ state: "EUW" });
    return applicant;
  },
  changes: () => freshPolicyholder(app),
  ended: signingUpAgain,
  session: () => customerAt(app, "account"),
};
const made = new Map<Fragile, { id: number; state: string; code: string }>();
let remaking = 0;
let remakes = 0;

async function make(who: Fragile): Promise<number> {
  const { client, customer, code } = await FRAGILE[who]();
  const [row] = await app.core.db.query<{ state: string }>(`SELECT state FROM customers WHERE id = $1`, [customer.id]);
  made.set(who, { id: customer.id, state: row.state, code });
  cookies.set(who, client.cookieHeader);
  return customer.id;
}

/** A fragile customer as made, or a new one in their place when a request changed their state or ended their session. */
async function keepUsable(who: Who): Promise<void> {
  const was = made.get(who as Fragile);
  if (!was) return;
  const [row] = await app.core.db.query<{ state: string; sessions: number }>(
    `SELECT state, (SELECT count(*)::int FROM sessions WHERE customer_id = $1) AS sessions FROM customers WHERE id = $1`,
    [was.id],
  );
  if (row?.state === was.state && row.sessions > 0) return;
  stats.remade++;
  // The making (a seeded policyholder's PDFs, sealed in this process) is the test's work, not an answer to the fuzz: /healthz is not timed meanwhile.
  remaking++;
  try {
    await make(who as Fragile);
  } finally {
    remaking--;
    remakes++;
  }
}

async function attackers(): Promise<number[]> {
  const ids: number[] = [];
  for (const place of ["account", "score", "package", "questionnaire", "beneficiaries"] as const) {
    const { client, customer } = await customerAt(app, place);
    cookies.set(place, client.cookieHeader);
    ids.push(customer.id);
  }
  const ready = await customerReadyToSign(app);
  expect((await ready.client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
  signing = await (await ready.client.fetch("/api/sign/init", { method: "POST" })).json();
  cookies.set("offer", ready.client.cookieHeader);
  ids.push(ready.customer.id);
  const holder = await customerAt(app, "account");
  await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), holder.code);
  const periods = (await (await holder.client.fetch("/api/score/periods")).json()) as { items: Array<{ pid: number | null; enabled: boolean }> };
  periodId = String(periods.items.find((p) => p.enabled)?.pid ?? "new");
  cookies.set("self-service", holder.client.cookieHeader);
  ids.push(holder.customer.id);
  // A change of beneficiaries waiting to be signed (its signing page).
  const changing = await freshPolicyholder(app);
  await ok(await changing.client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: PEETER_ALONE } }));
  cookies.set("pending-change", changing.cookie);
  ids.push(changing.customer.id);
  ids.push(...(await Promise.all((Object.keys(FRAGILE) as Fragile[]).map(make))));
  const { pendingToken } = await app.core.signIn.start({ returnUrl: "http://localhost/login/return", locale: "et" });
  cookies.set("pending", `sign_in=${pendingToken}`);
  cookies.set("anonymous", "");
  return ids;
}

// ── Everyone else: their rows must not change ───────────────────────────────────────────────

const TABLES = [
  ["customers", "id"],
  ["registrations", "customer_id"],
  ["score_profiles", "customer_id"],
  ["proposals", "customer_id"],
  ["questionnaires", "customer_id"],
  ["beneficiaries", "customer_id"],
  ["offers", "customer_id"],
  ["signings", "customer_id"],
  ["policies", "customer_id"],
  ["invoices", "customer_id"],
  ["health_measurements", "customer_id"],
  ["activity_connections", "customer_id"],
  ["health_data_audit", "customer_id"],
  ["sessions", "customer_id"],
] as const;

async function othersSnapshot(others: number[]): Promise<string> {
  const parts: unknown[] = [];
  for (const [table, column] of TABLES) {
    const rows = await app.core.db.query(`SELECT * FROM ${table} WHERE ${column} = ANY($1) ORDER BY 1, 2`, [others]);
    parts.push(table, rows.map((row) => JSON.stringify(row, (_, v) => (v?.type === "Buffer" ? `bytes:${v.data.length}` : v))).sort());
  }
  return JSON.stringify(parts);
}

// ── Generators ──────────────────────────────────────────────────────────────────────────────

const CONTROL = fc.constantFrom("\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u007f", "\u0085", "\u009b");
const SPECIAL = [
  "__proto__", "constructor", "prototype", "null", "undefined", "{", "}", "[]", "[", "%", "%zz", "%00", "%C3%28", "%E0%A4%A",
  "õäöüšž", "Привет", "😀", "\ud800", "0", "-1", "1e309", "NaN", "Infinity", "9007199254740993", "' OR 1=1 --", "<script>alert(1)</script>",
  "../../etc/passwd", "\r\n", "x".repeat(3000), "smart-id:38503020139", "38503020139", "49005150229", "+372 5123 4567", "yes", "no", "on",
  "MENTAL", "HEALTH_CHECK", "P", "C", "100", "save", "review", "recalculate", "measure", "approve", "sign", "cancel",
  // The self-service forms' values: the ending's reason, the consents, the session's intents, a year of birth.
  "wish", "health-data", "newsletter", "partner", "activity", "measurement", "true", "false", "end", "extend", "smart-id", "1980", "2 000,50",
];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 6 }), CONTROL, fc.string({ maxLength: 6 })).map(([a, c, b]) => a + c + b) },
);
const FIELD_NAMES = [
  "method", "idCode", "phone", "redirectTo", "intent", "firstName", "name", "email", "occupation", "sourceOfFunds", "sourceOfFundsOther",
  "supportCode", "conditionsAgreement", "healthDataAgreement", "newsletterAgreement", "wlAgreement", "wlPartner", "services",
  "sumInsuredForDeathCover", "sumInsuredForDisabilityCover", "height", "weight", "type", "content.smoking", "content.smokingExtra.howMany",
  "content.medicinesExtra.medicine", "beneficiaries[0].type", "beneficiaries[0].name", "beneficiaries[0].idCode", "beneficiaries[0].sharePercent",
  "beneficiaries[1].email", "applicationConsent", "insuranceConditionsConsent", "insurerDataSharingConsent", "steps", "smoking", "screenings",
  "diet", "stress", "bpm", "bmi", "consent", "consentGiven", "returnTo", "popup", "decision", "token", "access_token", "action", "mode",
  "step", "_submission", "choice", "enhanced", "offerVersion",
  // The self-service forms (the ending, the contact and consents, the session) and the quote's GET form.
  "confirm", "reason", "given", "submissionKey", "emailWas", "phoneWas", "_path", "age", "birthYear", "life", "lifeRange", "lifeWas",
  "disability", "disabilityRange", "disabilityWas", "packages", "seq", "promo", "src", "page", "limited", "error", "signed", "signing",
];
const index = fc.oneof(fc.nat({ max: 13 }), fc.constantFrom(19, 20, 99, 100, 5000, 100_000, 2 ** 31, 1e21));
const segment = fc.oneof(fc.constantFrom(...FIELD_NAMES, "__proto__", "constructor", "prototype"), hostileString);
const fieldName = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(segment, fc.array(fc.oneof(segment.map((s) => `.${s}`), index.map((i) => `[${i}]`)), { maxLength: 4 }))
      .map(([head, tail]) => head + tail.join("")),
  },
  { weight: 1, arbitrary: hostileString },
);
const INTENT_TYPES = ["validate", "update", "reset", "insert", "remove", "reorder"];
const intentValue = fc.oneof(
  fc
    .record(
      {
        type: fc.oneof(fc.constantFrom(...INTENT_TYPES), hostileString),
        payload: fc.oneof(
          fc.record(
            { name: fc.oneof(fc.constantFrom("beneficiaries", "services", "screenings", ""), fieldName), index, from: index, to: index, value: fc.jsonValue({ maxDepth: 3 }), defaultValue: fc.jsonValue({ maxDepth: 3 }) },
            { requiredKeys: [] },
          ),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      },
      { requiredKeys: [] },
    )
    .map((intent) => JSON.stringify(intent)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  hostileString,
);
const formFields = fc.array(
  fc.oneof(
    { weight: 8, arbitrary: fc.tuple(fieldName, hostileString) },
    { weight: 1, arbitrary: fc.tuple(fc.constant("__intent__"), intentValue) },
    { weight: 1, arbitrary: fc.tuple(fc.constant("__state__"), fc.oneof(fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)), hostileString)) },
  ),
  { maxLength: 24 },
);

/** A body and its declared type: well-formed, raw, mismatched, broken or oversized. */
interface Body {
  type: string | null;
  body: string | Uint8Array | FormData | null;
}
const rawUrlencoded = (fields: Array<[string, string]>) => fields.map(([k, v]) => `${k}=${v}`).join("&");
const multipart = (fields: Array<[string, string]>) => {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return form;
};
const TYPES = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-8",
  "application/x-www-form-urlencoded; charset=latin1",
  "multipart/form-data; boundary=fuzz",
  "multipart/form-data",
  "application/json",
  "application/json; charset=utf-16",
  "text/plain",
  "application/xml",
  "",
  "garbage/é",
];
const formBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 6, arbitrary: formFields.map((f) => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(f).toString() })) },
  { weight: 2, arbitrary: formFields.map((f) => ({ type: null, body: multipart(f) })) },
  { weight: 2, arbitrary: fc.tuple(formFields, fc.constantFrom(...TYPES)).map(([f, type]) => ({ type, body: rawUrlencoded(f) })) },
  { weight: 1, arbitrary: fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...TYPES)).map(([v, type]) => ({ type, body: JSON.stringify(v) })) },
  { weight: 1, arbitrary: fc.tuple(fc.uint8Array({ maxLength: 400 }), fc.constantFrom(...TYPES)).map(([bytes, type]) => ({ type, body: bytes })) },
  { weight: 1, arbitrary: fc.constantFrom(...TYPES).map((type) => ({ type, body: `--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n` })) },
  { weight: 1, arbitrary: fc.nat({ max: 80_000 }).map((n) => ({ type: "application/x-www-form-urlencoded", body: `idCode=${"9".repeat(n)}` })) },
);

const API_KEYS = [
  "returnToken", "answers", "value", "manual", "bpm", "bmi", "token", "approve", "beneficiaries", "type", "firstName", "name", "idCode",
  "sharePercent", "email", "phone", "applicationConsent", "insuranceConditionsConsent", "insurerDataSharingConsent", "supportCode",
  "submissionKey", "sumInsuredForDeathCover", "sumInsuredForDisabilityCover", "services", "height", "weight", "content", "smoking",
  "occupation", "sourceOfFunds", "sourceOfFundsOther", "conditionsAgreement", "healthDataAgreement", "errors", "steps", "screenings",
  "offerVersion", "__proto__", "constructor", "prototype",
];
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e309, 2 ** 53 + 1)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.array(tie("value"), { minLength: 21, maxLength: 30 }),
    fc.dictionary(fc.constantFrom(...API_KEYS), tie("value"), { maxKeys: 6 }),
  ),
})).value;
const apiBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...API_KEYS), jsonValue, { maxKeys: 8 }).map((v) => ({ type: "application/json", body: JSON.stringify(v) })) },
  { weight: 1, arbitrary: jsonValue.map((v) => ({ type: "application/json", body: JSON.stringify(v) ?? "" })) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 200 }), fc.constantFrom(...TYPES)).map(([text, type]) => ({ type, body: text })) },
  { weight: 1, arbitrary: fc.tuple(fc.uint8Array({ maxLength: 400 }), fc.constantFrom(...TYPES)).map(([bytes, type]) => ({ type, body: bytes })) },
  { weight: 1, arbitrary: formFields.map((f) => ({ type: null, body: multipart(f) })) },
  { weight: 1, arbitrary: fc.nat({ max: 150_000 }).map((n) => ({ type: "application/json", body: JSON.stringify({ returnToken: "x".repeat(n) }) })) },
);

// ── Sending ─────────────────────────────────────────────────────────────────────────────────

/**
 * Each quote from another address (the app trusts one proxy here): the quote's limit per
 * address (120 in its window, on a clock that stands still) would otherwise answer the rest
 * of the run 429 before the query is read.
 */
let addresses = 0;
const quoteAddress = () => `10.0.${(++addresses >> 8) & 255}.${addresses & 255}`;

async function send(method: string, path: string, who: Who, body: Body | null, address?: string): Promise<number> {
  // What a browser sends with a write: its page's origin (docs/decisions/0101).
  const headers: Record<string, string> = method === "GET" ? {} : { Origin: app.url };
  if (address) headers["X-Forwarded-For"] = address;
  const cookie = cookies.get(who);
  if (cookie) headers.Cookie = cookie;
  if (body?.type) headers["Content-Type"] = body.type;
  const init: RequestInit = { method, headers, redirect: "manual" };
  if (body && method !== "GET" && body.body !== null) init.body = body.body as BodyInit;
  let status: number;
  const started = performance.now();
  try {
    const res = await fetch(app.url + path, init);
    await res.arrayBuffer();
    status = res.status;
  } catch (error) {
    // A connection the server closed after answering 413 before the body was sent.
    if (body && (error as { cause?: { code?: string } }).cause?.code !== undefined) status = 413;
    else throw error;
  }
  stats.requests++;
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
  const ms = performance.now() - started;
  if (ms > stats.slowest.ms) stats.slowest = { ms, what: `${method} ${path} ${status}` };
  return status;
}

const FORM_TARGETS: Array<{ path: () => string; who: Who }> = [
  { path: () => "/login", who: "anonymous" },
  { path: () => "/login.data", who: "anonymous" },
  { path: () => "/login?src=sportclub&life=100000", who: "pending" },
  { path: () => "/logout", who: "anonymous" },
  { path: () => "/privacy/analytics", who: "anonymous" },
  { path: () => "/privacy/analytics.data", who: "account" },
  { path: () => "/account", who: "account" },
  { path: () => "/account.data", who: "account" },
  { path: () => "/score", who: "score" },
  { path: () => "/score.data", who: "score" },
  { path: () => "/health.html", who: "score" },
  { path: () => "/activity/consent", who: "score" },
  { path: () => "/package", who: "package" },
  { path: () => "/package.data", who: "package" },
  { path: () => "/questionnaire", who: "questionnaire" },
  { path: () => "/questionnaire.data", who: "questionnaire" },
  { path: () => "/beneficiaries", who: "beneficiaries" },
  { path: () => "/beneficiaries.data", who: "beneficiaries" },
  { path: () => "/offer", who: "offer" },
  { path: () => "/offer.data", who: "offer" },
  { path: () => `/self-service/score/${periodId}`, who: "self-service" },
  { path: () => `/self-service/score/${periodId}.data`, who: "self-service" },
  { path: () => `/sign/demo/signing/${signing.signingToken}?access_token=${signing.accessToken}`, who: "offer" },
  { path: () => "/no-such-page", who: "account" },
  { path: () => "/offer/documents/application", who: "offer" },
  { path: () => "/session", who: "session" },
  // A browser's error (decision 0386): anyone may send one.
  { path: () => "/client-error", who: "anonymous" },
  // The self-service forms: the ending (a withdrawal, a cancellation, an application's), the changes, the data page.
  { path: () => "/self-service/withdraw", who: "within-30" },
  { path: () => "/self-service/withdraw.data", who: "within-30" },
  { path: () => "/self-service/withdraw?reason=health-data", who: "past-30" },
  { path: () => "/self-service/withdraw.data", who: "past-30" },
  { path: () => "/self-service/withdraw", who: "underwriting" },
  { path: () => "/self-service/withdraw.data", who: "underwriting" },
  { path: () => "/self-service/user", who: "changes" },
  { path: () => "/self-service/user.data", who: "changes" },
  { path: () => "/self-service/user/contact", who: "changes" },
  { path: () => "/self-service/user/contact.data", who: "changes" },
  { path: () => "/self-service/beneficiaries", who: "changes" },
  { path: () => "/self-service/beneficiaries.data", who: "changes" },
  { path: () => "/self-service/beneficiaries/sign", who: "pending-change" },
  // The insurance tab's own action: the pending change's discard (docs/decisions/0319).
  { path: () => "/self-service/insurance", who: "pending-change" },
  { path: () => "/self-service/insurance.data", who: "pending-change" },
  { path: () => "/self-service/data", who: "ended" },
  { path: () => "/self-service/data.data", who: "ended" },
  { path: () => "/self-service/data", who: "underwriting" },
  { path: () => "/self-service/data/download", who: "ended" },
];

/** Every /api path the router has, with the customer whose state lets it through. */
function apiTargets(): Array<{ method: string; path: string; who: Who }> {
  const whoFor = (path: string): Who =>
    path.startsWith("/auth/") || path === "/logout"
      ? path === "/auth/complete"
        ? "pending"
        : "anonymous"
      : path.startsWith("/onboarding/registration")
        ? "account"
        : path === "/score" || path.startsWith("/score/health") || path.startsWith("/integrations/")
          ? "score"
          : /^\/onboarding\/(parameters|services|calculation|proposal|estimation)/.test(path)
            ? "package"
            : path.startsWith("/onboarding/questionnaire")
              ? "questionnaire"
              : path.startsWith("/onboarding/beneficiaries")
                ? "beneficiaries"
                : path.startsWith("/onboarding/offer") || path.startsWith("/sign/") || path.startsWith("/onboarding/documents/")
                  ? "offer"
                  : path.startsWith("/self-service/withdrawal")
                    ? "within-30"
                    : /^\/self-service\/(beneficiaries|contact|consents|policy)/.test(path)
                      ? "changes"
                      : /^\/self-service\/(access-log|export)/.test(path)
                        ? "ended"
                        : /^\/(insurance|documents|services|invoices|account$|score\/periods|self-service\/score)/.test(path)
                          ? "self-service"
                          : "account";
  const router = apiRouter({ core: app.core, config: app.config }) as unknown as {
    stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
  };
  return router.stack.flatMap((layer) =>
    layer.route ? Object.keys(layer.route.methods).map((method) => ({ method: method.toUpperCase(), path: layer.route!.path, who: whoFor(layer.route!.path) })) : [],
  );
}

/** A path parameter or query value as an attacker writes it: encoded, raw escapes, or a bad escape. */
const encoded = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    // A lone surrogate: sent as the bytes a broken client would send.
    return escape(s);
  }
};
const hostileSegment = fc.oneof(
  hostileString.map(encoded),
  fc.constantFrom("%00", "%zz", "%E0%A4%A", "%C0%AF", "..%2F..%2F", "%2e%2e", "a%0Ab", "%F0%9F%98%80", "12", "new", "-1", "99999999999999999999"),
);

let others: number[] = [];
let before = "";
let healthProbe: Promise<void> | undefined;
let probing = true;

beforeAll(async () => {
  app = await startTestApp({ remix: true, env: { TRUST_PROXY: "1" } });
  const attacking = await attackers();
  const rows = await app.core.db.query<{ id: number }>(`SELECT id FROM customers WHERE NOT (id = ANY($1))`, [attacking]);
  others = rows.map((r) => Number(r.id));
  expect(others.length).toBeGreaterThan(3);
  before = await othersSnapshot(others);
  // A withdrawal that goes through (the form as the page posts it): its customer is made again, and the form keeps its state.
  const ending = made.get("within-30")!;
  const withdrawal = new URLSearchParams({ reason: "wish", confirm: "on", method: "smart-id", idCode: ending.code }).toString();
  expect(await send("POST", "/self-service/withdraw", "within-30", { type: "application/x-www-form-urlencoded", body: withdrawal })).toBe(302);
  await keepUsable("within-30");
  expect(stats.remade).toBe(1);
  expect(made.get("within-30")!.id).not.toBe(ending.id);
  // Each form's page once, so that the probe times answers to the fuzz, not the first load of a page's code.
  for (const { path, who } of FORM_TARGETS) expect(await send("GET", path().replace(".data", ""), who, null), path()).toBeLessThan(500);
  // /healthz all along: the slowest answer while the fuzz runs.
  healthProbe = (async () => {
    while (probing) {
      const started = performance.now();
      const during = remaking === 0 ? remakes : -1;
      await (await fetch(`${app.url}/healthz`)).arrayBuffer();
      // A probe that overlapped the making of a customer again does not count.
      if (during !== -1 && remaking === 0 && remakes === during) {
        stats.slowestHealthMs = Math.max(stats.slowestHealthMs, performance.now() - started);
        stats.healthProbes++;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
}, 120_000);

afterAll(async () => {
  probing = false;
  await healthProbe;
  await app?.close();
});

describe("generated hostile input", () => {
  it(`every form action (${RUNS.forms} runs): never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: FORM_TARGETS.length - 1 }), fc.constantFrom("POST", "PUT", "DELETE"), formBody, async (target, method, body) => {
        const { path, who } = FORM_TARGETS[target];
        const status = await send(target % 7 === 0 ? method : "POST", path(), who, body);
        expect(status, `${method} ${path()}`).toBeLessThan(500);
        await keepUsable(who);
      }),
      { seed: SEED, numRuns: RUNS.forms, endOnFailure: true },
    );
  }, 180_000);

  it(`every /api path (${RUNS.api} runs): never a 5xx`, async () => {
    const all = apiTargets();
    expect(all.length).toBeGreaterThan(40);
    // The ones that take input (a body or a path parameter) are fuzzed; the plain reads (some
    // render a PDF) are each asked once with a hostile query.
    const targets = all.filter((t) => t.method !== "GET" || t.path.includes(":"));
    for (const read of all.filter((t) => !targets.includes(t))) {
      const url = `/api${read.path}?lang=%00&x=${encodeURIComponent("\u00e9\u{1f600}")}&lang=ru`;
      expect(await send("GET", url, read.who, null), url).toBeLessThan(500);
      expect(await send("GET", `/api${read.path}?lang=${encodeURIComponent("'); DROP TABLE policies; --")}`, read.who, null)).toBeLessThan(500);
    }
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: targets.length - 1 }), apiBody, hostileSegment, async (target, body, segment) => {
        const { method, path, who } = targets[target];
        const url = `/api${path.replace(/:(\w+)/g, () => segment)}`;
        const status = await send(method, url, who, method === "GET" ? null : body);
        expect(status, `${method} ${url}`).toBeLessThan(500);
        await keepUsable(who);
      }),
      { seed: SEED + 1, numRuns: RUNS.api, endOnFailure: true },
    );
  }, 180_000);

  it(`hostile paths and queries (${RUNS.paths} runs), the quote's GET form (${RUNS.getForms} runs): never a 5xx`, async () => {
    // Each path parameter of a page or resource route, each with the customer who may open it.
    const pages: Array<[prefix: string, who: Who, suffix?: () => string]> = [
      ["/login-failed/", "score"],
      ["/self-service/score/", "self-service"],
      ["/self-service/bills/", "self-service"],
      ["/self-service/credit-notes/", "self-service"],
      ["/self-service/documents/", "self-service"],
      ["/self-service/documents/policy/", "changes"],
      ["/confirmation/documents/", "underwriting"],
      ["/self-service/data/earlier/invoice/", "ended"],
      ["/self-service/data/earlier/credit-note/", "ended"],
      ["/self-service/data/earlier/ending/", "ended"],
      ["/self-service/data/earlier/policy/", "ended"],
      ["/self-service/data/earlier/", "ended", () => `/${earlier.invoice}`],
      ["/self-service/data/earlier/invoices/", "ended"],
      ["/offer/documents/", "offer"],
      ["/sign/demo/signing/", "score"],
      ["/locales/", "anonymous"],
      ["/api/invoices/", "self-service"],
      ["/api/score/periods/", "self-service"],
      ["/api/self-service/policy/versions/", "changes"],
      ["/api/onboarding/wl/src/", "score"],
      ["/build/", "score"],
      ["/", "score"],
    ];
    // Each query a page reads, with the customer it is read for.
    const queries: Array<[prefix: string | (() => string), who: Who]> = [
      ["/login?src=", "score"],
      ["/login?redirectTo=", "score"],
      ["/login/return?", "pending"],
      ["/offer?step=", "offer"],
      ["/?lng=", "score"],
      ["/?age=", "anonymous"],
      ["/?birthYear=", "anonymous"],
      ["/?age=40&life=", "anonymous"],
      ["/?birthYear=1980&packages=", "anonymous"],
      ["/?promo=", "anonymous"],
      ["/pre-contract-information?lng=", "anonymous"],
      ["/pre-contract-information?", "anonymous"],
      ["/insurance-conditions?lng=", "anonymous"],
      ["/insurance-conditions?", "changes"],
      ["/health.html?returnTo=", "score"],
      ["/self-service/withdraw?reason=", "within-30"],
      ["/self-service/withdraw?error=", "underwriting"],
      ["/self-service/withdraw/return?", "past-30"],
      ["/self-service/beneficiaries?signed=", "changes"],
      ["/self-service/beneficiaries/sign?signing=", "pending-change"],
      ["/self-service/data?page=", "ended"],
      ["/self-service/data?limited=1&page=", "underwriting"],
      ["/self-service/data/download?", "ended"],
      [() => `/self-service/data/earlier/invoices/${earlier.policy}?page=`, "ended"],
      [() => `/self-service/data/earlier/policy/${earlier.policy}?lng=`, "ended"],
      [() => `/self-service/data/earlier/credit-note/${earlier.creditNote}?lng=`, "ended"],
      ["/confirmation?", "underwriting"],
      ["/api/onboarding/documents/application?lang=", "self-service"],
    ];
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.nat({ max: 100 }), hostileSegment, async (asPath, pick, segment) => {
        const [prefix, who, suffix] = asPath ? pages[pick % pages.length] : [...queries[pick % queries.length], undefined];
        const path = (typeof prefix === "string" ? prefix : prefix()) + segment + (suffix?.() ?? "");
        const status = await send("GET", path, who, null, quoteAddress());
        expect(status, `GET ${path}`).toBeLessThan(500);
        await keepUsable(who);
      }),
      { seed: SEED + 2, numRuns: RUNS.paths, endOnFailure: true },
    );
    // The quote's form on the home page is a GET form: whole generated queries, as raw or encoded.
    await fc.assert(
      fc.asyncProperty(formFields, fc.boolean(), async (fields, raw) => {
        const path = `/?${raw ? rawUrlencoded(fields) : new URLSearchParams(fields)}`;
        const status = await send("GET", path, "anonymous", null, quoteAddress());
        expect(status, `GET ${path}`).toBeLessThan(500);
      }),
      { seed: SEED + 3, numRuns: RUNS.getForms, endOnFailure: true },
    );
  }, 180_000);

  it("left /healthz answering within a second and every other customer's data as it was", async () => {
    console.log(`slowest request ${Math.round(stats.slowest.ms)} ms (${stats.slowest.what}), /healthz ${Math.round(stats.slowestHealthMs)} ms`);
    expect(stats.healthProbes).toBeGreaterThan(10);
    expect(stats.slowestHealthMs).toBeLessThan(1000);
    expect(await othersSnapshot(others)).toBe(before);
    const fives = [...stats.byStatus].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
    expect(fives).toBe(0);
    expect(stats.requests).toBeGreaterThanOrEqual(RUNS.forms + RUNS.api + RUNS.paths + RUNS.getForms);
    console.log(
      `fuzz: seed ${SEED}, ${stats.requests} requests, 5xx: ${fives}, statuses ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort((a, b) => a[0] - b[0])))}, ` +
        `/healthz slowest ${Math.round(stats.slowestHealthMs)} ms over ${stats.healthProbes} probes; slowest request ${Math.round(stats.slowest.ms)} ms (${stats.slowest.what}); ` +
        `customers made again after a request changed them: ${stats.remade}`,
    );
  });
});
