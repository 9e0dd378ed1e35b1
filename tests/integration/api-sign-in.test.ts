/**
 * Issue 2 through /api: sign-in outcomes, login-time query parameters, logout, the
 * foreign-origin guard, security headers and white-label lookups. Requests are logged (the
 * JSON log at info, captured) and every test checks that no personal code reached the log
 * or the console.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { today } from "~/core/clock";
import { FIRST_STATE, TRANSITIONS } from "~/lib/onboarding";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { REGISTRATION } from "../support/questionnaire";
import { tokenOf } from "../support/routes";

let app: TestApp;
const consoleSpies: MockInstance[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ log: { write: (line) => void logLines.push(line) } });
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    consoleSpies.push(vi.spyOn(console, method).mockImplementation(() => {}));
  }
});
afterAll(async () => {
  for (const spy of consoleSpies) spy.mockRestore();
  await app.close();
});

/** Everything written to the log and the console so far, one line per call. */
function consoleText(): string {
  const console = consoleSpies.flatMap((spy) => spy.mock.calls.map((args) => args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(" ")));
  return [...logLines, ...console].join("\n");
}

afterEach(() => {
  expect(logLines.length, "requests are logged").toBeGreaterThan(0);
  const text = consoleText();
  for (const spy of consoleSpies) spy.mockClear();
  logLines.length = 0;
  // Request ids are UUIDs, whose last group can be twelve digits by chance.
  const withoutIds = text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>");
  expect(withoutIds.match(/\d{11}/g), "no personal code in the log or console output").toBeNull();
});

const SESSION = /^session=([^;]*)/;
const SIGN_IN = /^sign_in=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43};/;

/** The value of the `sign_in` cookie (the sign-in under way) a client holds. */
function signInValue(client: Client): string {
  const match = /(?:^|; )sign_in=([^;]*)/.exec(client.cookieHeader);
  expect(match, "the client holds a sign_in cookie").not.toBeNull();
  return match![1];
}

/** The value of the `session` cookie a client currently holds. */
function sessionValue(client: Client): string {
  const match = /(?:^|; )session=([^;]*)/.exec(client.cookieHeader);
  expect(match, "the client holds a session cookie").not.toBeNull();
  return match![1];
}

/** The session row's data behind the client's cookie. */
async function sessionData(client: Client) {
  const session = await app.core.sessions.get(tokenOf(sessionValue(client)));
  expect(session).not.toBeNull();
  return session!.data;
}

/** Date of birth read straight from the code's digits (PRODUCT.md section 1). */
function factsOf(code: string): { dateOfBirth: string } {
  const century = { "3": 1900, "4": 1900, "5": 2000, "6": 2000 }[code[0]]!;
  return { dateOfBirth: `${century + Number(code.slice(1, 3))}-${code.slice(3, 5)}-${code.slice(5, 7)}` };
}

const todayInTallinn = () => today(app.clock);

describe("POST /api/auth/init and /api/auth/complete", () => {
  it("signs a new customer in and lands them on /account", async () => {
    const client = new Client(app.url);
    const code = freshPersonalCode({ age: 30 });
    const body = await client.signIn(code);
    expect(body).toMatchObject({ result: "SUCCESS", authenticationMethod: "smart-id", redirectTo: "/account" });
    const state = await client.fetch("/api/onboarding/state");
    expect(await state.json()).toEqual({ state: "NEW", intermediary: null });
    const user = await (await client.fetch("/api/account/user")).json();
    expect(user).toMatchObject({ firstName: "Test", lastName: "Kasutaja", userCode: code, country: "EE" });
  });

  it.each(["F", "M"] as const)("creates the new customer (%s) with the name and date of birth from the code, and no sex (docs/decisions/0080)", async (sex) => {
    const code = freshPersonalCode({ age: 41, sex });
    expect(await app.core.customers.byPersonalCode(code)).toBeNull();
    const body = await new Client(app.url).signIn(code, "id-card");
    expect(body).toEqual({ result: "SUCCESS", authenticationMethod: "id-card", redirectTo: "/account" });
    const customer = await app.core.customers.byPersonalCode(code);
    expect(customer).toMatchObject({
      personalCode: code,
      firstName: "Test",
      lastName: "Kasutaja",
      ...factsOf(code),
      state: "NEW",
      intermediary: null,
    });
    expect(customer).not.toHaveProperty("sex");
    // Not stored at all: no price may use it, and it can be read from the code if ever needed.
    const columns = await app.core.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'customers' AND column_name = 'sex'`,
    );
    expect(columns).toEqual([]);
  });

  it("signs an existing customer in again without creating a second one", async () => {
    const code = freshPersonalCode({ age: 33 });
    await new Client(app.url).signIn(code);
    const second = await new Client(app.url).signIn(code);
    expect(second.redirectTo).toBe("/account");
    const rows = await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM customers WHERE personal_code = $1`, [code]);
    expect(rows[0].n).toBe(1);
  });

  it.each([
    ["Jaan Tamm", "38503020139", "mobile-id", "/self-service/insurance", "SELF_SERVICE", "Jaan", "Tamm"],
    ["Ants Vanamees", "35001010210", "smart-id", "/unavailable", "SERVICE_UNAVAILABLE", "Ants", "Vanamees"],
    ["Mari Maasikas", "49005150229", "id-card", "/account", FIRST_STATE, "Mari", "Maasikas"],
    ["Kati Karu", "47001010335", "smart-id", "/offer", TRANSITIONS.signed.from, "Kati", "Karu"],
  ])("lands %s on their state's page", async (_name, code, method, landing, state, firstName, lastName) => {
    const client = new Client(app.url);
    expect(await client.signIn(code, method)).toEqual({ result: "SUCCESS", authenticationMethod: method, redirectTo: landing });
    expect((await (await client.fetch("/api/onboarding/state")).json()).state).toBe(state);
    expect(await (await client.fetch("/api/account/user")).json()).toMatchObject({ firstName, lastName, userCode: code });
  });

  it.each([
    ["39001010447", "smart-id", "LOCKED"],
    ["39901010550", "mobile-id", "UNAUTHORIZED"],
    ["30403039917", "smart-id", "UNAUTHORIZED"],
    ["30403039983", "id-card", "UNAUTHORIZED"],
  ])("answers %s with %s/%s, signs nobody in and spends the sign-in", async (code, method, result) => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init", { method: "POST" });
    const complete = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `${method}:${code}` } });
    expect(complete.status).toBe(200);
    // The sign-in is over: its cookie goes, and no session comes.
    expect(complete.headers.getSetCookie()).toEqual([expect.stringMatching(/^sign_in=; .*Max-Age=0/)]);
    expect(await complete.json()).toEqual({ result, authenticationMethod: method });
    expect(client.cookieHeader).toBe("");
    expect((await client.fetch("/api/onboarding/state")).status).toBe(401);
    expect(await app.core.customers.byPersonalCode(code)).toBeNull();
    // Completing again needs a new init.
    const again = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `${method}:${code}` } });
    expect(again.status).toBe(409);
  });

  it.each([
    ["fax:60001019906", null],
    ["smart-id:60001019907", "smart-id"],
    ["nothing", null],
  ])("a return token %j the demo cannot read is UNAUTHORIZED, with the method only when it is one", async (returnToken, authenticationMethod) => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init", { method: "POST" });
    const complete = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken } });
    expect(complete.status).toBe(200);
    expect(await complete.json()).toEqual({ result: "UNAUTHORIZED", authenticationMethod });
    expect(client.cookieHeader).toBe("");
  });

  it.each([
    [17, "SERVICE_UNAVAILABLE", "/unavailable"],
    [18, FIRST_STATE, "/account"],
    [64, FIRST_STATE, "/account"],
    [65, "SERVICE_UNAVAILABLE", "/unavailable"],
    [70, "SERVICE_UNAVAILABLE", "/unavailable"],
  ])("a new customer aged %i on the first sign-in starts as %s", async (age, state, landing) => {
    const client = new Client(app.url);
    const code = freshPersonalCode({ age, today: todayInTallinn() });
    expect(await client.signIn(code)).toEqual({ result: "SUCCESS", authenticationMethod: "smart-id", redirectTo: landing });
    expect(await (await client.fetch("/api/onboarding/state")).json()).toEqual({ state, intermediary: null });
    expect((await app.core.customers.byPersonalCode(code))?.state).toBe(state);
  });

  it("a customer turned away at 17 starts the sign-up when they sign in again at 18; one too old, or declined by the underwriter, stays turned away", async () => {
    const [young, old, declined] = [17, 65, 30].map((age) => freshPersonalCode({ age, today: todayInTallinn() }));
    for (const code of [young, old, declined]) await new Client(app.url).signIn(code);
    // What the underwriter's decline leaves (TRANSITIONS.declined): a declined policy, the customer turned away.
    const [customer] = await app.core.db.query<{ id: number }>(`UPDATE customers SET state = $2 WHERE personal_code = $1 RETURNING id`, [declined, TRANSITIONS.declined.to()]);
    await app.core.db.query(
      `INSERT INTO policies (customer_id, status, signed_document, document_sha256, signed_at, start_date, death_cover, disability_cover, services, estimation, language)
       VALUES ($1, 'DECLINED', '\\x00', 'x', $2, $3, 100000, 0, '[]', '{}', 'et')`,
      [customer.id, app.clock.now(), todayInTallinn()],
    );
    const before = app.clock.now();
    app.clock.set(new Date(before.getTime() + 366 * 86_400_000));
    try {
      const again = new Client(app.url);
      expect(await again.signIn(young)).toEqual({ result: "SUCCESS", authenticationMethod: "smart-id", redirectTo: "/account" });
      expect(await (await again.fetch("/api/onboarding/state")).json()).toEqual({ state: FIRST_STATE, intermediary: null });
      for (const code of [old, declined]) {
        expect((await new Client(app.url).signIn(code)).redirectTo).toBe("/unavailable");
        expect((await app.core.customers.byPersonalCode(code))?.state).toBe("SERVICE_UNAVAILABLE");
      }
    } finally {
      app.clock.set(before);
    }
  });

  it("answers complete without init with 409 error.no_sign_in", async () => {
    const client = new Client(app.url);
    const res = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${freshPersonalCode()}` } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ errors: [{ code: "error.no_sign_in" }] });
  });

  it("answers complete with a signed-in session (not a pending sign-in) with 409", async () => {
    const client = new Client(app.url);
    await client.signIn(freshPersonalCode());
    const res = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${freshPersonalCode()}` } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ errors: [{ code: "error.no_sign_in" }] });
  });

  it.each([
    ["no body", undefined],
    ["an empty token", { returnToken: "" }],
    ["a token that is not a string", { returnToken: 12345 }],
  ])("answers complete with %s with 400 error.required on returnToken", async (_label, json) => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init", { method: "POST" });
    const res = await client.fetch("/api/auth/complete", { method: "POST", ...(json === undefined ? {} : { json }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ code: "error.required", context: "returnToken" }] });
  });

  it("answers malformed JSON with 400 error.invalid_json", async () => {
    const res = await fetch(`${app.url}/api/auth/complete`, { method: "POST", headers: { Origin: app.url, "Content-Type": "application/json" }, body: "{nope" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ code: "error.invalid_json" }] });
  });

  it("answers a path the /api does not have 404 error.not_found, never kept by a cache (decision 0352)", async () => {
    for (const path of ["/api/nope", "/api/auth/nope?x=1"]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Cache-Control"), path).toBe("no-store");
      expect(await res.json()).toEqual({ errors: [{ code: "error.not_found" }] });
    }
  });

  it("sets the sign_in cookie at init (HttpOnly, Secure, SameSite=Lax, 15 minutes), no session and no row", async () => {
    const rows = async () => Number((await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions`))[0].n);
    const before = await rows();
    const res = await fetch(`${app.url}/api/auth/init`, { method: "POST", headers: { Origin: app.url } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["sessionToken"]);
    expect(body.sessionToken).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const [cookie] = cookies;
    expect(cookie).toMatch(SIGN_IN);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=900/);
    expect(await rows()).toBe(before);
  });

  it("sets the session cookie at sign-in: HttpOnly, Secure, SameSite=Strict, one day, a new token", async () => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init", { method: "POST" });
    const pending = signInValue(client);
    const complete = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${freshPersonalCode()}` } });
    const cookie = complete.headers.getSetCookie().find((c) => SESSION.test(c))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=86400/);
    // Nothing known before sign-in (the sign-in's own token included) names the session.
    expect(tokenOf(sessionValue(client))).not.toContain(pending.split(".")[0]);
    expect((await fetch(`${app.url}/api/onboarding/state`, { headers: { Cookie: `session=${pending}` } })).status).toBe(401);
  });

  it("a sign-in over a signed-in session ends that session (decision 0001): its cookie replayed is 401", async () => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init", { method: "POST" });
    await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${freshPersonalCode()}` } });
    const first = sessionValue(client);
    expect((await client.fetch("/api/onboarding/state")).status).toBe(200);
    await client.fetch("/api/auth/init", { method: "POST" });
    const again = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${freshPersonalCode()}` } });
    expect(again.status).toBe(200);
    expect(sessionValue(client)).not.toBe(first);
    expect((await client.fetch("/api/onboarding/state")).status).toBe(200);
    expect((await fetch(`${app.url}/api/onboarding/state`, { headers: { Cookie: `session=${first}` } })).status).toBe(401);
  });

  it("a second init starts again: a new sign_in token, no session", async () => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init", { method: "POST" });
    const first = signInValue(client);
    const again = await client.fetch("/api/auth/init", { method: "POST" });
    expect(again.headers.getSetCookie()).toEqual([expect.stringMatching(SIGN_IN)]);
    expect(signInValue(client)).not.toBe(first);
    expect(client.cookieHeader).not.toMatch(/(?:^|; )session=/);
  });

  it("spends the sign-in on success: the cookie goes, its replay and a double submit bring no second session", async () => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init", { method: "POST" });
    const pending = signInValue(client);
    const code = freshPersonalCode();
    const complete = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${code}` } });
    expect(complete.status).toBe(200);
    expect(complete.headers.getSetCookie()).toEqual([expect.stringMatching(/^sign_in=; .*Max-Age=0/), expect.stringMatching(SESSION)]);
    expect(client.cookieHeader).not.toMatch(/sign_in=/);
    expect((await client.fetch("/api/onboarding/state")).status).toBe(200);

    // The same token again, as a replay: no second session.
    const replay = await fetch(`${app.url}/api/auth/complete`, {
      method: "POST",
      headers: { Origin: app.url, "Content-Type": "application/json", Cookie: `sign_in=${pending}` },
      body: JSON.stringify({ returnToken: `smart-id:${code}` }),
    });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ errors: [{ code: "error.no_sign_in" }] });
    expect(replay.headers.getSetCookie().some((c) => SESSION.test(c))).toBe(false);

    // Two completions of one start at once (a double submit): one session, one refusal.
    const twice = new Client(app.url);
    await twice.fetch("/api/auth/init", { method: "POST" });
    const answers = await Promise.all(
      [1, 2].map(() => twice.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${freshPersonalCode()}` } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it("refuses a tampered or foreign sign_in token with 409 error.no_sign_in", async () => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init", { method: "POST" });
    const [body, signature] = signInValue(client).split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, x: payload.x + 86_400_000 })).toString("base64url");
    for (const value of [`${forged}.${signature}`, `${body}.${"A".repeat(43)}`, "nonsense"]) {
      const res = await fetch(`${app.url}/api/auth/complete`, {
        method: "POST",
        headers: { Origin: app.url, "Content-Type": "application/json", Cookie: `sign_in=${value}` },
        body: JSON.stringify({ returnToken: `smart-id:${freshPersonalCode()}` }),
      });
      expect(res.status).toBe(409);
    }
  });

  it("does not accept a session cookie with a forged signature", async () => {
    const client = new Client(app.url);
    await client.signIn(freshPersonalCode());
    const value = sessionValue(client);
    const forged = `${tokenOf(value)}.${"A".repeat(43)}`;
    const res = await fetch(`${app.url}/api/onboarding/state`, { headers: { Cookie: `session=${forged}` } });
    expect(res.status).toBe(401);
  });

  it("logs requests without personal codes", async () => {
    const client = new Client(app.url);
    const code = freshPersonalCode();
    await client.signIn(code, "smart-id", `?promo=${code}&life=100000`);
    await client.signIn("39001010447");
    const text = consoleText();
    const requests = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "request");
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: "POST", route: "/api/auth/init", status: 200 }),
        expect.objectContaining({ method: "POST", route: "/api/auth/complete", status: 200 }),
      ]),
    );
    expect(text).not.toContain(code);
    expect(text).not.toContain("39001010447");
  });
});

describe("query parameters read at sign-in", () => {
  async function signInWith(query: string, age = 30) {
    const client = new Client(app.url);
    const code = freshPersonalCode({ age, today: todayInTallinn() });
    const body = await client.signIn(code, "smart-id", query);
    expect(body.result).toBe("SUCCESS");
    return { client, code, data: await sessionData(client) };
  }

  it("keeps promo and the known packages, in order, without duplicates", async () => {
    const { data } = await signInWith("?promo=SUMMER26&packages=mental,PHYSIO,bogus,%20telemed%20,MENTAL,health_check");
    expect(data.data).toEqual({ promo: "SUMMER26", services: ["MENTAL", "PHYSIO", "TELEMED", "HEALTH_CHECK"] });
    expect(data.loginParams).toBeUndefined();
  });

  it("keeps an empty package list when none is known", async () => {
    const { data } = await signInWith("?packages=GYM,SPA");
    expect(data.data).toEqual({ services: [] });
  });

  it("stores nothing when no parameters were given", async () => {
    const { data } = await signInWith("");
    expect(data.data).toBeUndefined();
    expect(data.promoIntermediary).toBeUndefined();
  });

  it.each([
    // age, life, disability → death cover, disability cover
    [30, "100000", "30000", 100_000, 30_000],
    [30, "500000", "200000", 500_000, 200_000],
    [30, "10000", "5000", 10_000, 5_000],
    [30, "505000", "30000", 50_000, 30_000],
    [30, "5000", "5000", 50_000, 5_000],
    [30, "0", "0", 50_000, 0],
    [30, "100000", "0", 100_000, 0],
    [30, "100000", "4000", 100_000, 20_000],
    [30, "100000", "250000", 100_000, 20_000],
    [30, "10000", "15000", 10_000, 10_000],
    [30, "15000", "", 15_000, 15_000],
    [45, "300000", "200000", 300_000, 200_000],
    [45, "400000", "30000", 50_000, 30_000],
    [52, "200000", "150000", 200_000, 20_000],
    [62, "150000", "50000", 50_000, 50_000],
    [62, "100000", "60000", 100_000, 20_000],
  ])("age %i: life=%s disability=%s → %i / %i", async (age, life, disability, death, dis) => {
    const { data } = await signInWith(`?life=${life}&disability=${disability}`, age);
    expect(data.data).toEqual({ sumInsuredForDeathCover: death, sumInsuredForDisabilityCover: dis });
  });

  it("ignores sums that are not whole numbers", async () => {
    const { data } = await signInWith("?life=abc&disability=-5");
    expect(data.data).toBeUndefined();
    const { data: half } = await signInWith("?life=12.5&disability=7000");
    expect(half.data).toEqual({ sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 7_000 });
  });

  it("gives no sums to a customer outside the eligible ages", async () => {
    const { data } = await signInWith("?life=100000&disability=20000&promo=X1", 70);
    expect(data.data).toEqual({ promo: "X1" });
  });

  it("src=sportclub attaches Spordiklubi for a NEW customer", async () => {
    const { client, data } = await signInWith("?src=sportclub");
    expect(data.promoIntermediary).toEqual({ source: "sportclub", name: "Spordiklubi", logo: "/intermediaries/sportclub.svg" });
    const state = await client.fetch("/api/onboarding/state");
    expect(await state.json()).toEqual({ state: "NEW", intermediary: { name: "Spordiklubi", logo: "/intermediaries/sportclub.svg" } });
  });

  it("src is case-insensitive", async () => {
    const { client } = await signInWith("?src=PartnerBank");
    expect((await (await client.fetch("/api/onboarding/state")).json()).intermediary).toEqual({
      name: "Partner Pank",
      logo: "/intermediaries/partnerbank.svg",
    });
  });

  it("an unknown src stores nothing", async () => {
    const { client, data } = await signInWith("?src=nosuchclub");
    expect(data.promoIntermediary).toBeUndefined();
    expect((await (await client.fetch("/api/onboarding/state")).json()).intermediary).toBeNull();
  });

  it("an unknown src given later clears the intermediary found before", async () => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init?src=sportclub", { method: "POST" });
    await client.fetch("/api/auth/init?src=nosuchclub", { method: "POST" });
    const complete = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${freshPersonalCode()}` } });
    expect((await complete.json()).result).toBe("SUCCESS");
    expect(await (await client.fetch("/api/onboarding/state")).json()).toEqual({ state: "NEW", intermediary: null });
  });

  it("a later init without parameters keeps those of the sign-in under way", async () => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init?promo=FIRST&src=sportclub", { method: "POST" });
    await client.fetch("/api/auth/init", { method: "POST" });
    await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${freshPersonalCode({ age: 30 })}` } });
    expect((await sessionData(client)).data).toEqual({ promo: "FIRST" });
    expect((await sessionData(client)).promoIntermediary?.name).toBe("Spordiklubi");
  });

  it("parameters given at a later init replace the earlier ones", async () => {
    const client = new Client(app.url);
    await client.fetch("/api/auth/init?promo=FIRST&life=100000", { method: "POST" });
    await client.fetch("/api/auth/init?promo=SECOND", { method: "POST" });
    await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${freshPersonalCode({ age: 30 })}` } });
    expect((await sessionData(client)).data).toEqual({ promo: "SECOND" });
  });

  it("only a NEW customer's state shows the src intermediary", async () => {
    const client = new Client(app.url);
    expect((await client.signIn("38503020139", "smart-id", "?src=sportclub")).redirectTo).toBe("/self-service/insurance");
    expect(await (await client.fetch("/api/onboarding/state")).json()).toEqual({ state: "SELF_SERVICE", intermediary: null });
  });
});

describe("POST /api/logout", () => {
  it("answers 204, clears the cookie and ends the session for good", async () => {
    const client = new Client(app.url);
    await client.signIn(freshPersonalCode());
    const old = sessionValue(client);
    expect((await client.fetch("/api/onboarding/state")).status).toBe(200);

    const res = await client.fetch("/api/logout", { method: "POST" });
    expect(res.status).toBe(204);
    const [cleared] = res.headers.getSetCookie();
    expect(cleared).toMatch(/^session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);

    const replay = await fetch(`${app.url}/api/onboarding/state`, { headers: { Cookie: `session=${old}` } });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ errors: [{ code: "error.unauthenticated" }] });
    expect(await app.core.sessions.get(tokenOf(old))).toBeNull();
  });

  it("answers 204 without a session too", async () => {
    const res = await fetch(`${app.url}/api/logout`, { method: "POST", headers: { Origin: app.url } });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()[0]).toMatch(/^session=;/);
  });

  it("ends only the session it was called with", async () => {
    const code = freshPersonalCode();
    const phone = new Client(app.url);
    const laptop = new Client(app.url);
    await phone.signIn(code);
    await laptop.signIn(code);
    expect((await phone.fetch("/api/logout", { method: "POST" })).status).toBe(204);
    expect((await phone.fetch("/api/onboarding/state")).status).toBe(401);
    expect((await laptop.fetch("/api/onboarding/state")).status).toBe(200);
  });
});

describe("requests from a foreign origin", () => {
  it("refuses a POST with a foreign Origin", async () => {
    const res = await fetch(`${app.url}/api/auth/init`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors: [{ code: "error.forbidden_origin" }] });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a foreign-origin logout, so the session survives", async () => {
    const client = new Client(app.url);
    await client.signIn(freshPersonalCode());
    const res = await client.fetch("/api/logout", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await client.fetch("/api/onboarding/state")).status).toBe(200);
  });

  it("accepts a POST whose Origin is the app's own", async () => {
    const res = await fetch(`${app.url}/api/auth/init`, { method: "POST", headers: { Origin: app.url, "Sec-Fetch-Site": "same-origin" } });
    expect(res.status).toBe(200);
    expect((await res.json()).sessionToken).toEqual(expect.any(String));
  });

  it("refuses Sec-Fetch-Site: cross-site without an Origin", async () => {
    const res = await fetch(`${app.url}/api/auth/init`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors: [{ code: "error.forbidden_origin" }] });
  });

  it.each(["null", "not a url", `http://127.0.0.1:1`])("refuses Origin: %s", async (origin) => {
    const res = await fetch(`${app.url}/api/auth/init`, { method: "POST", headers: { Origin: origin } });
    expect(res.status).toBe(403);
  });

  it("answers a foreign-origin POST to a page path with a translated 403 page", async () => {
    const res = await fetch(`${app.url}/logout`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("Päring tuli teiselt veebisaidilt ja jäeti täitmata.");
  });

  it.each([
    ["another scheme", (url: string) => url.replace("http://", "https://")],
    ["another port", (url: string) => url.replace(/:(\d+)$/, (_, port) => `:${Number(port) + 1}`)],
    ["another host", (url: string) => url.replace("127.0.0.1", "localhost")],
  ])("refuses an Origin with %s (scheme, host and port are compared)", async (_, change) => {
    const res = await fetch(`${app.url}/api/auth/init`, { method: "POST", headers: { Origin: change(app.url) } });
    expect(res.status).toBe(403);
  });

  it("refuses a write that names no origin at all: it changes nothing and ends no session", async () => {
    const client = new Client(app.url);
    await client.signIn(freshPersonalCode());
    const bare = { Cookie: client.cookieHeader, "Content-Type": "application/json" };
    const registration = JSON.stringify(REGISTRATION);
    const refused = await fetch(`${app.url}/api/onboarding/registration`, { method: "POST", headers: bare, body: registration });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ errors: [{ code: "error.origin_unknown" }] });
    const logout = await fetch(`${app.url}/api/logout`, { method: "POST", headers: bare });
    expect(logout.status).toBe(403);
    expect((await (await client.fetch("/api/onboarding/state")).json()).state).toBe("NEW");
    // The same write with the page's origin, as a browser sends it, goes through.
    expect((await client.fetch("/api/onboarding/registration", { method: "POST", headers: { "Content-Type": "application/json" }, body: registration })).status).toBeLessThan(300);
    expect((await (await client.fetch("/api/onboarding/state")).json()).state).toBe("ACCOUNT_REGISTERED");
  });

  it("answers a page write without an origin with a translated 403 page", async () => {
    const res = await fetch(`${app.url}/logout?lng=en`, { method: "POST" });
    expect(res.status).toBe(403);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("The request did not say which website it came from");
  });

  it.each(["same-origin", "none"])("without an Origin, takes Sec-Fetch-Site: %s as ours", async (site) => {
    const res = await fetch(`${app.url}/api/auth/init`, { method: "POST", headers: { "Sec-Fetch-Site": site } });
    expect(res.status).toBe(200);
  });

  it.each(["cross-site", "same-site"])("refuses Sec-Fetch-Site: %s even with the app's own Origin", async (site) => {
    const res = await fetch(`${app.url}/api/auth/init`, { method: "POST", headers: { Origin: app.url, "Sec-Fetch-Site": site } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors: [{ code: "error.forbidden_origin" }] });
  });

  it("allows a GET with a foreign Origin", async () => {
    const res = await fetch(`${app.url}/api/onboarding/wl/src/partnerbank`, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe("Partner Pank");
  });
});

describe("security headers", () => {
  it("sends a CSP with a fresh script nonce per response, and the other baseline headers", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${app.url}/api/onboarding/wl/src/partnerbank`);
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      const directives = csp.split(";").map((d) => d.trim());
      const script = directives.find((d) => d.startsWith("script-src "));
      const nonce = /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(script ?? "");
      expect(nonce, `script-src has a nonce: ${script}`).not.toBeNull();
      expect(script).not.toContain("unsafe-inline");
      nonces.push(nonce![1]);
      expect(directives).toContain("frame-ancestors 'none'");
      expect(directives).toContain("default-src 'self'");
      expect(directives).toContain("object-src 'none'");
      expect(directives).toContain("base-uri 'none'");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("X-Powered-By")).toBeNull();
      // Not production: no HSTS on plain http in development and tests.
      expect(res.headers.get("Strict-Transport-Security")).toBeNull();
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sends them on error answers too", async () => {
    const res = await fetch(`${app.url}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: [{ code: "error.not_found" }] });
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it.each(["/healthz", "/readyz"])("sends them on the probe %s too", async (path) => {
    const res = await fetch(`${app.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("white-label lookups", () => {
  it.each([
    ["partnerbank", "Partner Pank", "/intermediaries/partnerbank.svg"],
    ["sportclub", "Spordiklubi", "/intermediaries/sportclub.svg"],
    ["SportClub", "Spordiklubi", "/intermediaries/sportclub.svg"],
  ])("GET /api/onboarding/wl/src/%s finds %s without a session", async (source, name, logo) => {
    const res = await fetch(`${app.url}/api/onboarding/wl/src/${source}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name, logo });
  });

  it("answers an unknown source with 404 error.not_found", async () => {
    const res = await fetch(`${app.url}/api/onboarding/wl/src/nosuchbank`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: [{ code: "error.not_found" }] });
  });

  it.each([
    ["FIT10", "Spordiklubi", "/intermediaries/sportclub.svg"],
    ["fit20", "Spordiklubi", "/intermediaries/sportclub.svg"],
    ["PB2026", "Partner Pank", "/intermediaries/partnerbank.svg"],
  ])("GET /api/onboarding/wl/promo/%s (signed in) finds %s", async (code, name, logo) => {
    const client = new Client(app.url);
    await client.signIn(freshPersonalCode());
    const res = await client.fetch(`/api/onboarding/wl/promo/${code}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name, logo });
  });

  it("answers an unknown promo code with 404", async () => {
    const client = new Client(app.url);
    await client.signIn(freshPersonalCode());
    const res = await client.fetch(`/api/onboarding/wl/promo/NOPE99`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: [{ code: "error.not_found" }] });
  });

  it("answers a promo lookup without a session (or with a pending one) with 401", async () => {
    const anonymous = await fetch(`${app.url}/api/onboarding/wl/promo/FIT10`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ errors: [{ code: "error.unauthenticated" }] });
    const pending = new Client(app.url);
    await pending.fetch("/api/auth/init", { method: "POST" });
    expect((await pending.fetch(`/api/onboarding/wl/promo/FIT10`)).status).toBe(401);
  });
});
