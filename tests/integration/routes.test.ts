/**
 * Remix loaders and actions of issue 2, called directly with the context the server builds:
 * /login (page and demo form), the remembered path, route guards per state, the root
 * loader (language switch, analytics events), "/" and logout.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageCookie } from "~/i18n/language.server";
import { sessionCookie } from "~/http/session-cookie.server";
import { FIRST_STATE, mayView, PLACE_IDS, placePath, STATE_RULES, STATES, STEPS, type OnboardingState } from "~/lib/onboarding";
import { landingPath } from "~/lib/route-access";
import { freshPolicyholder } from "../support/customers";
import { customerAt, walkTo } from "../support/reach";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_index";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { loader as accountLoader } from "~/routes/account";
import { loader as scoreLoader } from "~/routes/score";
import { loader as offerLoader } from "~/routes/offer";
import { loader as confirmationLoader } from "~/routes/confirmation";
import { loader as unavailableLoader } from "~/routes/unavailable";
import { loader as selfServiceLoader } from "~/routes/self-service";
import { loader as selfServiceIndexLoader } from "~/routes/self-service._index";
import { loader as billsLoader } from "~/routes/self-service.bills";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { loader as userLoader } from "~/routes/self-service.user";
import { startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { cookieFrom, expectRedirect, routeArgs, run, sessionSetCookie, signedInCustomer, tokenOf, type CallOptions } from "../support/routes";

type Loader = (args: ReturnType<typeof routeArgs>) => unknown;
// Every step's page loader, from the onboarding table: a step's route module is
// app/routes/<its path>.tsx (docs/architecture.md "Walkthrough: adding a step").
const STEP_ROUTES: Array<[path: string, section: string, loader: Loader]> = await Promise.all(
  STEPS.map(async ({ path }): Promise<[string, string, Loader]> => [path, path, (await import(`../../app/routes/${path.slice(1).replaceAll("/", ".")}.tsx`)).loader]),
);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type LoginPage = {
  title: string;
  provider: string;
  redirectTo: string | null;
  events: Array<Record<string, string>>;
};
type LoginReply = { result: { status?: string; error?: Record<string, string[]> }; minutes: number };

const openLogin = (path = "/login", options: CallOptions = {}) => run<LoginPage>(() => loginLoader(routeArgs(app, path, options)));
const sessionCount = async () => Number((await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions`))[0].n);

/**
 * Opens /login (optionally with a query) and submits the demo form as the browser does: to
 * the same address, with the page's redirectTo. The action's outcome.
 */
async function signInWithForm(form: Record<string, string>, loginPath = "/login") {
  const page = await openLogin(loginPath);
  expect(page.status).toBe(200);
  expect(page.setCookies).toEqual([]);
  const outcome = await run<LoginReply>(() =>
    loginAction(routeArgs(app, loginPath, { form: { phone: "", redirectTo: page.data!.redirectTo ?? "", ...form } })),
  );
  return { outcome };
}

describe("/login loader", () => {
  it("stores nothing for a visit (no cookie, no row) and shows the form with an initiate_signup event (with analytics consent)", async () => {
    const before = await sessionCount();
    const page = await openLogin("/login?src=sportclub&life=100000", { cookie: "analytics_consent=granted" });
    expect(page.kind).toBe("data");
    expect(page.status).toBe(200);
    expect(page.setCookies).toEqual([]);
    expect(await sessionCount()).toBe(before);
    expect(page.data).toMatchObject({
      provider: "demo",
      redirectTo: null,
      events: [{ event: "initiate_signup", country: "ee" }],
    });
    expect(page.data!.title).toMatch(/\| Elukaitse$/);
  });

  it("holds the initiate_signup event back without analytics consent: declined or not asked yet", async () => {
    expect((await openLogin("/login", { cookie: "analytics_consent=denied" })).data!.events).toEqual([]);
    expect((await openLogin("/login")).data!.events).toEqual([]);
  });

  it("remembers a same-site redirectTo", async () => {
    const page = await openLogin("/login?redirectTo=%2Fself-service%2Fbills%3Fyear%3D2026");
    expect(page.data!.redirectTo).toBe("/self-service/bills?year=2026");
  });

  it.each(["//evil.com", "https://evil.com", "/\\evil.com", "javascript:alert(1)", "evil.com/x"])("drops redirectTo=%s", async (target) => {
    const page = await openLogin(`/login?${new URLSearchParams({ redirectTo: target })}`);
    expect(page.status).toBe(200);
    expect(page.data!.redirectTo).toBeNull();
  });

  it("leaves the intermediary from src to the header (the root loader), so its logo shows once", async () => {
    const page = await openLogin("/login?src=sportclub&promo=FIT10&packages=mental,spa&life=100000");
    expect(page.status).toBe(200);
    expect(page.data).not.toHaveProperty("intermediary");
  });

  it("normalises the login parameters of the address against the customer's limits at sign-in", async () => {
    const { outcome } = await signInWithForm(
      { method: "smart-id", idCode: freshPersonalCode({ age: 45 }) },
      "/login?promo=FIT10&packages=mental,spa&life=400000&disability=30000",
    );
    expectRedirect(outcome, "/account");
    const session = await app.core.sessions.get(tokenOf(sessionSetCookie(outcome.setCookies)!.value));
    expect(session!.data.data).toEqual({ promo: "FIT10", services: ["MENTAL"], sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 30_000 });
  });

  it.each([
    ["a new customer", FIRST_STATE, "/login", "/account"],
    ["Jaan (self-service)", "SELF_SERVICE", "/login", "/self-service/insurance"],
    ["Jaan with an allowed redirectTo", "SELF_SERVICE", "/login?redirectTo=%2Fself-service%2Fbills", "/self-service/bills"],
    ["a new customer with a redirectTo not allowed", FIRST_STATE, "/login?redirectTo=%2Fself-service%2Fbills", "/account"],
    ["an unavailable customer", "SERVICE_UNAVAILABLE", "/login", "/unavailable"],
  ] as const)("sends a signed-in visitor (%s) on", async (_label, state, path, location) => {
    const { cookie } = await signedInCustomer(app, { state });
    const outcome = await openLogin(path, { cookie });
    expect(outcome.kind).toBe("thrown");
    expectRedirect(outcome, location);
    expect(outcome.setCookies).toEqual([]);
  });
});

describe("/login action (the demo form)", () => {
  it("titles the page shown again in the same request Error: (a post without JavaScript), and only that one", async () => {
    const args = routeArgs(app, "/login", { form: { method: "smart-id", idCode: "", phone: "", redirectTo: "" } });
    const outcome = await run<LoginReply>(() => loginAction(args));
    expect(outcome.status).toBe(400);
    const again = await run<LoginPage & { plainTitle: string; errorTitle: string }>(() => loginLoader({ ...args, request: new Request(args.request.url) }));
    expect(again.data!.title).toBe("Viga: sisselogimine | Elukaitse");
    expect(again.data!.plainTitle).toBe("sisselogimine | Elukaitse");
    expect((await openLogin()).data!.title).toBe("sisselogimine | Elukaitse");
  });

  it("answers an invalid personal code with 400 and a field error, storing nothing", async () => {
    const before = await sessionCount();
    const { outcome } = await signInWithForm({ method: "smart-id", idCode: "49005150228" });
    expect(outcome.status).toBe(400);
    expect(outcome.data!.result.error).toEqual({ idCode: ["error.idCode"] });
    expect(await app.core.customers.byPersonalCode("49005150228")).toBeNull();
    expect(await sessionCount()).toBe(before);
  });

  it("requires a phone number for Mobile-ID", async () => {
    const { outcome } = await signInWithForm({ method: "mobile-id", idCode: freshPersonalCode() });
    expect(outcome.status).toBe(400);
    expect(outcome.data!.result.error).toEqual({ phone: ["error.required"] });
  });

  it("requires a method and a personal code", async () => {
    const { outcome } = await signInWithForm({ method: "", idCode: "" });
    expect(outcome.status).toBe(400);
    expect(outcome.data!.result.error).toMatchObject({ method: ["error.required"], idCode: ["error.required"] });
  });

  it("signs a new customer in: 302 to /account with a session cookie; a cookie from before is worth nothing", async () => {
    const code = freshPersonalCode();
    const pending = await app.core.sessions.create({});
    const before = `session=${sessionCookie(pending.token, app.config.sessionSecrets).split(";")[0].split("=")[1]}`;
    const outcome = await run<LoginReply>(() =>
      loginAction(routeArgs(app, "/login", { cookie: before, form: { method: "mobile-id", idCode: code, phone: "+372 5551 2345", redirectTo: "" } })),
    );
    expect(outcome.kind).toBe("thrown");
    expectRedirect(outcome, "/account");
    const after = cookieFrom(outcome.setCookies);
    expect(after).not.toBe(before);
    expect(sessionSetCookie(outcome.setCookies)!.header).toMatch(/SameSite=Strict/);
    expect(await app.core.customers.byPersonalCode(code)).toMatchObject({ firstName: "Test", lastName: "Kasutaja", state: "NEW" });
    // The new cookie opens /account; the old one is gone.
    expect((await run(() => accountLoader(routeArgs(app, "/account", { cookie: after })))).status).toBe(200);
    expectRedirect(await run(() => accountLoader(routeArgs(app, "/account", { cookie: before }))), "/login?redirectTo=%2Faccount");
  });

  // Decision 0001: sign-in replaces the session. The browser's old cookie is overwritten, so its
  // row must end with it: before, a customer's session signed over on a shared computer (another
  // person signing in there) stayed valid server-side for up to a day to whoever had copied it.
  it("signing in over a signed-in customer's cookie ends that session: its cookie opens nothing after", async () => {
    const earlier = await signedInCustomer(app);
    expect((await run(() => accountLoader(routeArgs(app, "/account", { cookie: earlier.cookie })))).status).toBe(200);
    const outcome = await run<LoginReply>(() =>
      loginAction(routeArgs(app, "/login", { cookie: earlier.cookie, form: { method: "smart-id", idCode: freshPersonalCode(), phone: "", redirectTo: "" } })),
    );
    expectRedirect(outcome, "/account");
    expect(await app.core.sessions.get(earlier.token)).toBeNull();
    expectRedirect(await run(() => accountLoader(routeArgs(app, "/account", { cookie: earlier.cookie }))), "/login?redirectTo=%2Faccount");
  });

  it.each([
    ["39001010447", "smart-id", "/login-failed/locked"],
    ["39901010550", "mobile-id", "/login-failed/unauthorized"],
    ["30403039983", "id-card", "/login-failed/unauthorized"],
  ])("sends %s (%s) to %s without a cookie, storing no session", async (idCode, method, location) => {
    const before = await sessionCount();
    const { outcome } = await signInWithForm({ method, idCode, phone: "+37255512345" });
    expectRedirect(outcome, location);
    expect(outcome.setCookies).toEqual([]);
    expect(await sessionCount()).toBe(before);
  });
});

describe("the remembered path", () => {
  it.each([
    ["self-service.bills", billsLoader],
    ["self-service (parent)", selfServiceLoader],
  ])("a signed-out visit to /self-service/bills (%s loader) goes to /login remembering it", async (_label, loader) => {
    const outcome = await run(() => loader(routeArgs(app, "/self-service/bills")));
    expect(outcome.kind).toBe("thrown");
    expectRedirect(outcome, "/login?redirectTo=%2Fself-service%2Fbills");
  });

  it("keeps the query of the remembered path", async () => {
    const outcome = await run(() => billsLoader(routeArgs(app, "/self-service/bills?year=2026")));
    expectRedirect(outcome, "/login?redirectTo=%2Fself-service%2Fbills%3Fyear%3D2026");
  });

  it("Jaan signing in with that redirectTo lands on /self-service/bills", async () => {
    const { outcome } = await signInWithForm({ method: "smart-id", idCode: "38503020139" }, "/login?redirectTo=%2Fself-service%2Fbills");
    expectRedirect(outcome, "/self-service/bills");
    const cookie = cookieFrom(outcome.setCookies);
    expect((await run(() => billsLoader(routeArgs(app, "/self-service/bills", { cookie })))).status).toBe(200);
    // Used once: the signed-in session no longer carries it.
    const session = await app.core.sessions.get(tokenOf(cookie.slice("session=".length)));
    expect(session!.data.redirectTo).toBeUndefined();
  });

  it("a new customer signing in with it lands on /account (not allowed → landing path)", async () => {
    const { outcome } = await signInWithForm({ method: "smart-id", idCode: freshPersonalCode() }, "/login?redirectTo=%2Fself-service%2Fbills");
    expectRedirect(outcome, "/account");
  });

  it("a new customer signing in with redirectTo=/account lands there", async () => {
    const { outcome } = await signInWithForm({ method: "smart-id", idCode: freshPersonalCode() }, "/login?redirectTo=%2Faccount%3Fx%3D1");
    expectRedirect(outcome, "/account?x=1");
  });

  // A Location header holds bytes, not text: a remembered path with a character past Latin-1
  // (a link's /login?redirectTo=%2Fself-service%2F%E2%82%AC) made the sign-in a 500 after the
  // session was made. The browser's own paths are percent-encoded, so such a value is no path of ours.
  it.each(["/self-service/€", "/self-service/bills?x=€", "/self-service/\u2028", "/self-service/ü", "/self-service/a b"])(
    "a redirectTo that is no percent-encoded path (%s) lands on the landing path, never a 5xx",
    async (redirectTo) => {
      const { outcome } = await signInWithForm({ method: "smart-id", idCode: "38503020139" }, `/login?${new URLSearchParams({ redirectTo })}`);
      expectRedirect(outcome, "/self-service/insurance");
    },
  );

  it("a foreign redirectTo never comes back after sign-in", async () => {
    const { outcome } = await signInWithForm({ method: "smart-id", idCode: "38503020139" }, "/login?redirectTo=%2F%2Fevil.com");
    expectRedirect(outcome, "/self-service/insurance");
  });
});

describe("route guards per state", () => {
  // What each state may open and where it lands is SPEC.md section 2, written out by hand in
  // tests/unit/onboarding.test.ts and route-access.test.ts; here every step's page (each step of
  // the onboarding table, whatever steps it has) and the places around them are checked to guard
  // as the table says, for every state.
  const TABLE = Object.fromEntries(
    STATES.map((state) => [state, { allowed: PLACE_IDS.filter((place) => mayView(state, place)).map(placePath), landing: landingPath(state) }]),
  ) as Record<OnboardingState, { allowed: string[]; landing: string }>;

  const ROUTES: Array<[path: string, section: string, loader: Loader]> = [
    ...STEP_ROUTES,
    ["/confirmation", "/confirmation", confirmationLoader as Loader],
    ["/unavailable", "/unavailable", unavailableLoader as Loader],
    ["/self-service/insurance", "/self-service", selfServiceLoader as Loader],
    ["/self-service/insurance", "/self-service", insuranceLoader as Loader],
    ["/self-service/bills", "/self-service", billsLoader as Loader],
    ["/self-service/user", "/self-service", userLoader as Loader],
  ];

  it.each(Object.keys(TABLE) as OnboardingState[])("%s: allowed paths load, the others redirect", async (state) => {
    const { cookie } = await signedInCustomer(app, { state });
    const { allowed, landing } = TABLE[state];
    const elsewhere = placePath(STATE_RULES[state].refused);
    const seen: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [index, [path, section, loader]] of ROUTES.entries()) {
      const outcome = await run(() => loader(routeArgs(app, path, { cookie })));
      const key = `${index}: ${path}`;
      seen[key] = outcome.status === 200 ? "ok" : `${outcome.status} ${outcome.location}`;
      // Not allowed: /confirmation or /unavailable, except that /unavailable itself (when
      // not allowed) sends the customer to their landing path instead of looping.
      expected[key] = allowed.includes(section) ? "ok" : `302 ${section === elsewhere ? landing : elsewhere}`;
    }
    expect(seen).toEqual(expected);
  });

  it("never redirects a state's landing path to itself", async () => {
    for (const [state, { landing }] of Object.entries(TABLE)) {
      const { cookie } = await signedInCustomer(app, { state: state as OnboardingState });
      const route = ROUTES.find(([path]) => path === landing) ?? ROUTES.find(([path]) => landing.startsWith(path))!;
      const outcome = await run(() => route[2](routeArgs(app, landing, { cookie })));
      expect({ state, status: outcome.status }).toEqual({ state, status: 200 });
    }
  });

  it("a SELF_SERVICE customer opening /offer, /account or /unavailable goes to self-service, which loads (docs/decisions/0184)", async () => {
    const { cookie } = await signedInCustomer(app, { state: "SELF_SERVICE" });
    expectRedirect(await run(() => offerLoader(routeArgs(app, "/offer", { cookie }))), "/self-service");
    expectRedirect(await run(() => accountLoader(routeArgs(app, "/account", { cookie }))), "/self-service");
    expectRedirect(await run(() => unavailableLoader(routeArgs(app, "/unavailable", { cookie }))), "/self-service");
    expectRedirect(await run(() => selfServiceIndexLoader()), "/self-service/insurance");
    expect((await run(() => selfServiceLoader(routeArgs(app, "/self-service/insurance", { cookie })))).status).toBe(200);
  });

  it("signed-out visits to every protected loader go to /login with the path remembered", async () => {
    for (const [path, , loader] of ROUTES) {
      const outcome = await run(() => loader(routeArgs(app, path)));
      expectRedirect(outcome, `/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  it("a sign-in under way is signed out for the guards", async () => {
    const { pendingToken } = await app.core.signIn.start({ returnUrl: "http://localhost/login/return", locale: "et" });
    const cookie = `sign_in=${pendingToken}`;
    expectRedirect(await run(() => accountLoader(routeArgs(app, "/account", { cookie }))), "/login?redirectTo=%2Faccount");
  });

  it("follows a state change at once (the state is read on every request)", async () => {
    const { client } = await customerAt(app, "account");
    const cookie = client.cookieHeader;
    expectRedirect(await run(() => scoreLoader(routeArgs(app, "/score", { cookie }))), "/unavailable");
    await walkTo(client, "score");
    expect((await run(() => scoreLoader(routeArgs(app, "/score", { cookie })))).status).toBe(200);
  });
});

describe("root loader", () => {
  type Root = { locale: string; events: Array<Record<string, string>>; intermediary: { name: string } | null; signedIn: unknown; year: number };
  const root = (path: string, options: CallOptions = {}) => run<Root>(() => rootLoader(routeArgs(app, path, options)));

  it("?lng=en answers the page in English at once and remembers the choice (no redirect)", async () => {
    const outcome = await root("/account?x=1&lng=en&y=2");
    expect(outcome.kind).not.toBe("thrown");
    expect(outcome.status).toBe(200);
    expect(outcome.data!.locale).toBe("en");
    const lng = outcome.setCookies.find((c) => c.startsWith("lng="));
    expect(lng).toBeDefined();
    expect(await languageCookie.parse(lng!.split(";")[0])).toBe("en");
    expect(lng).toMatch(/Max-Age=31536000/);
  });

  it("?lng=ru on / answers in Russian, over a cookie that says English", async () => {
    const cookie = (await languageCookie.serialize("en")).split(";")[0];
    const outcome = await root("/?lng=ru", { cookie });
    expect(outcome.data!.locale).toBe("ru");
    expect(await languageCookie.parse(outcome.setCookies[0].split(";")[0])).toBe("ru");
  });

  it("an unknown ?lng=xx sets no cookie and answers in the remembered language", async () => {
    const outcome = await root("/login?lng=xx");
    expect(outcome.status).toBe(200);
    expect(outcome.data!.locale).toBe("et");
    expect(outcome.setCookies).toEqual([]);
  });

  it("reads the language from the lng cookie; Estonian by default", async () => {
    expect((await root("/")).data!.locale).toBe("et");
    const cookie = (await languageCookie.serialize("en")).split(";")[0];
    expect((await root("/", { cookie })).data!.locale).toBe("en");
  });

  it("returns the signup_login event stored at sign-in once (with analytics consent)", async () => {
    const { outcome } = await signInWithForm({ method: "smart-id", idCode: freshPersonalCode() });
    const cookie = `${cookieFrom(outcome.setCookies)}; analytics_consent=granted`;
    const first = await root("/account", { cookie });
    expect(first.data!.events).toEqual([{ event: "signup_login", country: "ee" }]);
    expect(first.data!.signedIn).toEqual({ selfService: false });
    const second = await root("/account", { cookie });
    expect(second.data!.events).toEqual([]);
  });

  it("drops the queued events without analytics consent: the next page has none, nor any later one", async () => {
    const { outcome } = await signInWithForm({ method: "smart-id", idCode: freshPersonalCode() });
    const session = cookieFrom(outcome.setCookies);
    const first = await root("/account", { cookie: `${session}; analytics_consent=denied` });
    expect(first.data!.events).toEqual([]);
    expect((first.data as unknown as { analyticsConsent: unknown }).analyticsConsent).toBe("denied");
    // Consent given afterwards brings nothing back (docs/decisions/0095).
    const later = await root("/account", { cookie: `${session}; analytics_consent=granted` });
    expect(later.data!.events).toEqual([]);
    expect((later.data as unknown as { analyticsConsent: unknown }).analyticsConsent).toBe("granted");
    expect((await root("/account", { cookie: session })).data as unknown).toMatchObject({ analyticsConsent: null });
  });

  it("shows a signed-out visitor the intermediary found from src (in the address; nothing stored)", async () => {
    const outcome = await root("/login?src=partnerbank");
    expect(outcome.data!.intermediary).toEqual({ name: "Partner Pank", logo: "/intermediaries/partnerbank.svg" });
    expect(outcome.data!.signedIn).toBeNull();
    expect(outcome.data!.year).toBe(Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Tallinn", year: "numeric" }).format(app.clock.now())));
  });
});

describe('"/" loader', () => {
  it.each([
    ["account", "/account"],
    ["score", "/score"],
    ["confirmation", "/confirmation"],
    ["self-service", "/self-service/insurance"],
  ] as const)("sends a signed-in customer at %s to %s", async (place, location) => {
    const cookie = (place === "self-service" ? await freshPolicyholder(app) : await customerAt(app, place)).client.cookieHeader;
    const outcome = await run(() => homeLoader(routeArgs(app, "/", { cookie })));
    expect(outcome.kind).toBe("thrown");
    expectRedirect(outcome, location);
  });

  it("gives a signed-out visitor a login link carrying the login parameters only", async () => {
    const outcome = await run<{ loginHref: string }>(() =>
      homeLoader(routeArgs(app, "/?utm_source=news&promo=FIT10&src=sportclub&packages=MENTAL%2CPHYSIO&life=100000&disability=20000&redirectTo=%2F%2Fevil.com")),
    );
    expect(outcome.status).toBe(200);
    const href = outcome.data!.loginHref;
    expect(href.startsWith("/login?")).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(href.slice("/login?".length)))).toEqual({
      promo: "FIT10",
      src: "sportclub",
      packages: "MENTAL,PHYSIO",
      life: "100000",
      disability: "20000",
    });
  });

  it("links to a bare /login without parameters", async () => {
    const outcome = await run<{ loginHref: string }>(() => homeLoader(routeArgs(app, "/")));
    expect(outcome.data!.loginHref).toBe("/login");
  });
});

describe("logout route", () => {
  it("deletes the session and redirects to / with a clearing cookie", async () => {
    const { cookie, token } = await signedInCustomer(app);
    const outcome = await run(() => logoutAction(routeArgs(app, "/logout", { cookie, method: "POST" })));
    expectRedirect(outcome, "/");
    const cleared = sessionSetCookie(outcome.setCookies);
    expect(cleared?.value).toBe("");
    expect(cleared?.header).toMatch(/Max-Age=0/);
    expect(await app.core.sessions.get(token)).toBeNull();
    expectRedirect(await run(() => accountLoader(routeArgs(app, "/account", { cookie }))), "/login?redirectTo=%2Faccount");
  });

  it("a GET to /logout signs nobody out", async () => {
    const { cookie, token } = await signedInCustomer(app);
    expectRedirect(await run(() => logoutLoader()), "/");
    expect(await app.core.sessions.get(token)).not.toBeNull();
    expect((await run(() => accountLoader(routeArgs(app, "/account", { cookie })))).status).toBe(200);
  });
});
