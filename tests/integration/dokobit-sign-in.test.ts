/**
 * Sign-in through the app with EID_PROVIDER=dokobit against the local fake of the Dokobit
 * Identity Gateway: /api/auth/init → the hosted page → back to /login/return.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { loader as returnLoader } from "~/routes/login_.return";
import { startFakeDokobitIdentity, type FakeDokobitIdentity, type FakePerson } from "../fakes/dokobit-identity";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { expectRedirect, routeArgs, run, sessionSetCookie } from "../support/routes";

let fake: FakeDokobitIdentity;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeDokobitIdentity({ accessToken: "integration-dokobit-token" });
  app = await startTestApp({
    env: { EID_PROVIDER: "dokobit", DOKOBIT_IDENTITY_URL: fake.url, DOKOBIT_IDENTITY_ACCESS_TOKEN: fake.accessToken },
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

/** The token of the sign-in under way a client holds (its sign_in cookie). */
const signInToken = (client: Client) => /(?:^|; )sign_in=([^;]*)/.exec(client.cookieHeader)![1];

/** POST /api/auth/init: the client now holds a sign-in under way; returns the Dokobit session. */
async function init(client: Client): Promise<{ sessionToken: string; widgetUrl: string }> {
  const res = await client.fetch("/api/auth/init", { method: "POST" });
  expect(res.status).toBe(200);
  return res.json();
}

/** The customer's browser arriving at the return URL Dokobit gives (path and query). */
function comeBack(client: Client, sessionToken: string) {
  const back = new URL(fake.returnUrlFor(sessionToken));
  return run(() => returnLoader(routeArgs(app, back.pathname + back.search, { cookie: client.cookieHeader })));
}

const person = (code: string, extra: Partial<FakePerson> = {}): FakePerson => ({ code, name: "TEST", surname: "KASUTAJA", ...extra });

describe("sign-in with the Dokobit Identity Gateway", () => {
  it("init creates a Dokobit session returning to /login/return, with the widget URL in Estonian", async () => {
    const client = new Client(app.url);
    const { sessionToken, widgetUrl } = await init(client);
    expect(sessionToken).toBe(fake.lastSessionToken());
    const widget = new URL(widgetUrl);
    expect(widget.origin + widget.pathname).toBe(`${fake.url}/auth/${sessionToken}`);
    expect(widget.searchParams.get("locale")).toBe("et");
    const create = [...fake.requests].reverse().find((r) => r.path === "/api/authentication/create")!;
    expect(create.query.access_token).toBe(fake.accessToken);
    expect(create.body).toEqual({ return_url: `${app.url}/login/return` });
    // The sign-in under way names the Dokobit session it waits for, in its cookie alone.
    expect(client.cookieHeader).toMatch(/^sign_in=[^;]+$/);
    expect(app.core.pendingSignIn.open(signInToken(client))).toMatchObject({ eidSessionToken: sessionToken });
  });

  it("opens the hosted page in the customer's language: the /login page's (?lng=, the cookie) and the /api caller's", async () => {
    const lngCookie = (value: string) => `lng=${Buffer.from(JSON.stringify(value)).toString("base64")}`;
    const locale = (location: string | null) => new URL(location!).searchParams.get("locale");
    const english = await run(() => loginAction(routeArgs(app, "/login", { form: { intent: "start" }, cookie: lngCookie("en") })));
    expect(english.status).toBe(302);
    expect(locale(english.location)).toBe("en");
    const russian = await run(() => loginAction(routeArgs(app, "/login?lng=ru", { form: { intent: "start" } })));
    expect(locale(russian.location)).toBe("ru");
    const estonian = await run(() => loginAction(routeArgs(app, "/login", { form: { intent: "start" } })));
    expect(locale(estonian.location)).toBe("et");
    const api = await new Client(app.url).fetch("/api/auth/init?lng=ru", { method: "POST" });
    expect(new URL(((await api.json()) as { widgetUrl: string }).widgetUrl).searchParams.get("locale")).toBe("ru");
  });

  it("signs a new customer in through the hosted page: 302 to /account with a session cookie", async () => {
    const client = new Client(app.url);
    const code = freshPersonalCode({ age: 30 });
    const { widgetUrl } = await init(client);
    const before = client.cookieHeader;

    // The hosted page, as the browser sees it: fill in and submit; Dokobit sends us back.
    const page = await fetch(widgetUrl);
    expect(page.status).toBe(200);
    const submit = await fetch(new URL(widgetUrl).origin + new URL(widgetUrl).pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code, name: "MARI-LIIS", surname: "ÕUNAPUU", method: "mobile", action: "authenticate" }),
      redirect: "manual",
    });
    expect(submit.status).toBe(303);
    const back = new URL(submit.headers.get("Location")!);
    expect(back.origin + back.pathname).toBe(`${app.url}/login/return`);

    const outcome = await run(() => returnLoader(routeArgs(app, back.pathname + back.search, { cookie: client.cookieHeader })));
    expectRedirect(outcome, "/account");
    const cookie = sessionSetCookie(outcome.setCookies);
    expect(cookie?.header).toMatch(/HttpOnly/);
    expect(outcome.setCookies).toContainEqual(expect.stringMatching(/^sign_in=; .*SameSite=Lax/));

    expect(await app.core.customers.byPersonalCode(code)).toMatchObject({ firstName: "Mari-Liis", lastName: "Õunapuu", state: "NEW" });
    client.setCookie("session", cookie!.value);
    expect(await (await client.fetch("/api/onboarding/state")).json()).toEqual({ state: "NEW", intermediary: null });
    // Coming back again with the same sign-in (a replay, a reload) brings no second session.
    const again = await run(() => returnLoader(routeArgs(app, back.pathname + back.search, { cookie: before })));
    expectRedirect(again, "/login");
    expect(sessionSetCookie(again.setCookies)).toBeNull();
  });

  it("lands Jaan Tamm on /self-service/insurance", async () => {
    const client = new Client(app.url);
    const { sessionToken } = await init(client);
    fake.authenticate(sessionToken, person("38503020139", { name: "JAAN", surname: "TAMM" }));
    expectRedirect(await comeBack(client, sessionToken), "/self-service/insurance");
  });

  it("completes through POST /api/auth/complete with the session token as returnToken", async () => {
    const client = new Client(app.url);
    const code = freshPersonalCode({ age: 40 });
    const { sessionToken } = await init(client);
    fake.authenticate(sessionToken, person(code, { method: "smartcard" }));
    const res = await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: sessionToken } });
    expect(await res.json()).toEqual({ result: "SUCCESS", authenticationMethod: "id-card", redirectTo: "/account" });
    expect((await client.fetch("/api/onboarding/state")).status).toBe(200);
  });

  it.each([
    [{ status: "canceled" }, "/login-failed/unauthorized"],
    [{ status: "expired" }, "/login-failed/unauthorized"],
    [{ status: "error", message: "Certificate is revoked" }, "/login-failed/locked"],
  ])("a refusal %o goes to %s and signs nobody in", async (refusal, location) => {
    const client = new Client(app.url);
    const { sessionToken } = await init(client);
    fake.authenticate(sessionToken, refusal);
    const outcome = await comeBack(client, sessionToken);
    expectRedirect(outcome, location);
    expect(sessionSetCookie(outcome.setCookies)).toBeNull();
    expect((await client.fetch("/api/onboarding/state")).status).toBe(401);
  });

  it("coming back before finishing on Dokobit is UNAUTHORIZED", async () => {
    const client = new Client(app.url);
    const { sessionToken } = await init(client);
    expectRedirect(await comeBack(client, sessionToken), "/login-failed/unauthorized");
  });

  it("refuses a return carrying somebody else's Dokobit session (login CSRF)", async () => {
    const victim = new Client(app.url);
    await init(victim);
    const attacker = new Client(app.url);
    const { sessionToken: attackers } = await init(attacker);
    const attackerCode = freshPersonalCode({ age: 30 });
    fake.authenticate(attackers, person(attackerCode));
    const outcome = await comeBack(victim, attackers);
    expectRedirect(outcome, "/login-failed/unauthorized");
    expect(sessionSetCookie(outcome.setCookies)).toBeNull();
    expect(await app.core.customers.byPersonalCode(attackerCode)).toBeNull();
  });

  it("refuses a return token that is not the pending session's, even once that one is finished", async () => {
    const client = new Client(app.url);
    const { sessionToken } = await init(client);
    const code = freshPersonalCode({ age: 30 });
    fake.authenticate(sessionToken, person(code));
    const other = await init(new Client(app.url));
    const back = new URL(fake.returnUrlFor(other.sessionToken));
    const outcome = await run(() => returnLoader(routeArgs(app, back.pathname + back.search, { cookie: client.cookieHeader })));
    expectRedirect(outcome, "/login-failed/unauthorized");
    expect(await app.core.customers.byPersonalCode(code)).toBeNull();
  });

  it("a return without a pending sign-in goes back to /login; one without a token is refused", async () => {
    const client = new Client(app.url);
    const { sessionToken } = await init(client);
    fake.authenticate(sessionToken, person(freshPersonalCode()));
    expectRedirect(await run(() => returnLoader(routeArgs(app, `/login/return?session_token=${sessionToken}`))), "/login");
    expectRedirect(await run(() => returnLoader(routeArgs(app, "/login/return", { cookie: client.cookieHeader }))), "/login-failed/unauthorized");
  });

  it("a gateway failure goes to /login-failed/provider", async () => {
    const client = new Client(app.url);
    const { sessionToken } = await init(client);
    fake.respondRaw(sessionToken, "Internal error", 500);
    expectRedirect(await comeBack(client, sessionToken), "/login-failed/provider");
  });

  // A personal code typed into a form is a claim, not a person: with an e-ID that proves the person,
  // nobody else may run a customer's failure count up (docs/decisions/0024). The demo widget's post
  // reached the provider with the typed code as the "hint", and its failure was counted against that
  // code: five anonymous posts locked any customer out of signing in for 15 minutes, again and again.
  it("the demo form's post starts the hosted sign-in and counts no failure against the code typed", async () => {
    const tiit = "38006150242";
    for (let i = 0; i < 7; i++) {
      const posted = await run(() => loginAction(routeArgs(app, "/login", { form: { method: "smart-id", idCode: tiit } })));
      // The page's one form is the start: the post goes to the hosted page, as its button does.
      expect(posted.status).toBe(302);
      expect(posted.location).toMatch(new RegExp(`^${fake.url}/auth/`));
    }
    const client = new Client(app.url);
    const { sessionToken } = await init(client);
    fake.authenticate(sessionToken, person(tiit, { name: "TIIT", surname: "TUUL" }));
    expectRedirect(await comeBack(client, sessionToken), "/self-service/insurance");
  });

  it("a completion's typed code is no hint with a provider that proves the person: no failures against it", async () => {
    const malle = "48309200314";
    for (let i = 0; i < 7; i++) {
      const { pendingToken } = await app.core.signIn.start({ pendingToken: null, params: {}, returnUrl: `${app.url}/login/return`, locale: "et" });
      const outcome = await app.core.signIn.complete({ pendingToken, returnToken: `smart-id:${malle}`, clientAddress: `192.0.2.${i + 1}`, personalCodeHint: malle });
      expect(outcome.kind).toBe("failed");
    }
    const client = new Client(app.url);
    const { sessionToken } = await init(client);
    fake.authenticate(sessionToken, person(malle, { name: "MALLE", surname: "METS" }));
    expectRedirect(await comeBack(client, sessionToken), "/self-service/insurance");
  });

  it("the /login page asks nothing of Dokobit; its button starts the sign-in and goes to the hosted page", async () => {
    const before = fake.requests.length;
    const page = await run<{ provider: string }>(() => loginLoader(routeArgs(app, "/login")));
    expect(page.status).toBe(200);
    expect(page.data!.provider).toBe("dokobit");
    expect(page.setCookies).toEqual([]);
    expect(fake.requests.length).toBe(before);

    const started = await run(() => loginAction(routeArgs(app, "/login?src=sportclub", { form: { intent: "start", redirectTo: "/self-service/bills" } })));
    expect(started.status).toBe(302);
    expect(sessionSetCookie(started.setCookies)).toBeNull();
    const cookie = started.setCookies.find((c) => c.startsWith("sign_in="))!;
    expect(cookie).toMatch(/; Max-Age=900; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const pending = app.core.pendingSignIn.open(cookie.slice("sign_in=".length).split(";")[0]);
    expect(started.location).toBe(`${fake.url}/auth/${pending!.eidSessionToken}?locale=et`);
    expect(pending).toMatchObject({ redirectTo: "/self-service/bills", loginParams: { src: "sportclub" } });
    // A start lives for the sign-in only.
    expect(pending!.expiresAt.getTime() - app.clock.now().getTime()).toBe(15 * 60 * 1000);
    const create = [...fake.requests].reverse().find((r) => r.path === "/api/authentication/create")!;
    expect(create.body).toEqual({ return_url: "http://localhost/login/return" });
  });
});
