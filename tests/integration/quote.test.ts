/**
 * The anonymous quote (issue 20, docs/decisions/0085-anonymous-quote.md): GET /api/quote and
 * the landing page's loader, on a real database. Same figures as the signed-in calculation,
 * the package step's rules for the age, 400 for bad input and never a 5xx, SERVICE_UNAVAILABLE
 * outside 18–64 as the sign-in gives, cacheable answers, a limit per client address, nothing
 * stored; and the price the package step shows the same person after signing in with the
 * quote's link is the quote's, less the discount their score gave.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTES_PER_ADDRESS } from "~/core/quote";
import { loader as homeLoader } from "~/routes/_index";
import { loader as packageLoader } from "~/routes/package";
import { Client, startTestApp, type TestApp } from "../support/app";
import { customerAt } from "../support/reach";
import { freshPersonalCode } from "../support/personal-codes";
import { routeArgs, run } from "../support/routes";
import { FULL_ANSWERS } from "../support/score-answers";

const NOW = "2026-03-02T10:00:00Z";
const TODAY = "2026-03-02";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: NOW });
});
afterAll(() => app.close());

const get = (path: string) => fetch(app.url + path);
const json = async (path: string) => {
  const response = await get(path);
  return { status: response.status, headers: response.headers, body: await response.json() };
};

type HomeData = Awaited<ReturnType<typeof homeLoader>>["data"];
/** The landing page's loader from `address` (each test its own, so the limit of one is not another's). */
const home = (query: string, address = "10.0.0.1") => run<HomeData>(() => homeLoader(routeArgs(app, `/${query}`, { address })));

/** Every table's rows, as one text: what "nothing stored" compares. */
async function everything(): Promise<string> {
  const tables = await app.core.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  expect(tables.length).toBeGreaterThan(10);
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const [row] = await app.core.db.query<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${table_name}" t`,
    );
    parts.push(`${table_name}:${row.n}:${row.digest}`);
  }
  return parts.join("\n");
}

describe("GET /api/quote", () => {
  it("answers the calculation's figures in cents for a customer of that age with no score and no health answers, with the age's limits", async () => {
    const { client, customer } = await customerAt(app, "package", { age: 47, today: TODAY });
    // The walk saved a score; the quote knows none.
    await app.core.db.query(`DELETE FROM score_profiles WHERE customer_id = $1`, [customer.id]);
    const pkg = { sumInsuredForDeathCover: 250_000, sumInsuredForDisabilityCover: 120_000, services: ["HEALTH_CHECK", "PHYSIO"] };
    const calculation = await (await client.fetch("/api/onboarding/calculation", { method: "POST", json: pkg })).json();
    const quote = await json("/api/quote?age=47&life=250000&disability=120000&packages=HEALTH_CHECK,PHYSIO");
    expect(quote.status).toBe(200);
    expect(quote.body.estimation).toEqual(calculation);
    expect(quote.body).toMatchObject({
      available: true,
      age: 47,
      sumLimitsForDeathCover: { min: 10_000, max: 300_000, def: 50_000, step: 5_000 },
      sumLimitsForDisabilityCover: { min: 5_000, max: 200_000, def: 20_000, step: 1_000 },
      package: pkg,
      assumptions: { wellnessScore: null, smoker: false },
      loginPath: "/login?life=250000&disability=120000&packages=HEALTH_CHECK,PHYSIO",
    });
    const best = Math.floor(((calculation.premiumForDeathCover + calculation.premiumForDisabilityCover) * 20) / 100 + 0.5);
    expect(quote.body.wellnessDiscountUpTo).toEqual({ percent: 20, amount: best });
  });

  it("takes a year of birth instead of the age: the age reached this calendar year", async () => {
    const byYear = await json("/api/quote?birthYear=1979&life=100000");
    const byAge = await json("/api/quote?age=47&life=100000");
    expect(byYear.status).toBe(200);
    expect(byYear.body).toEqual(byAge.body);
    expect((await json("/api/quote?age=47&birthYear=1979")).body).toEqual({ errors: [{ code: "error.quote_age_or_birth_year", context: "birthYear" }] });
  });

  it.each([
    ["", [{ code: "error.required", context: "age" }]],
    ["?life=100000", [{ code: "error.required", context: "age" }]],
    ["?age=forty", [{ code: "error.quote_age", context: "age" }]],
    ["?age=-3", [{ code: "error.quote_age", context: "age" }]],
    ["?age=131", [{ code: "error.quote_age", context: "age" }]],
    ["?birthYear=86", [{ code: "error.quote_birth_year", context: "birthYear" }]],
    ["?birthYear=2027", [{ code: "error.quote_birth_year", context: "birthYear" }]],
    ["?age=40&life=lots", [{ code: "error.integer", context: "life" }]],
    ["?age=40&life=100000.5", [{ code: "error.integer", context: "life" }]],
    ["?age=40&life=5000", [{ code: "package.error.death_range", context: "life" }]],
    ["?age=40&life=999999999", [{ code: "package.error.death_range", context: "life" }]],
    ["?age=40&life=9999999999", [{ code: "error.amount_too_large", context: "life" }]],
    [`?age=${"9".repeat(12)}`, [{ code: "error.quote_age", context: "age" }]],
    ["?age=62&life=150000", [{ code: "package.error.death_range", context: "life" }]],
    ["?age=40&life=52000", [{ code: "package.error.death_step", context: "life" }]],
    ["?age=40&disability=x", [{ code: "error.integer", context: "disability" }]],
    ["?age=40&disability=3000", [{ code: "package.error.disability_range", context: "disability" }]],
    ["?age=62&disability=60000", [{ code: "package.error.disability_range", context: "disability" }]],
    ["?age=40&disability=20500", [{ code: "package.error.disability_step", context: "disability" }]],
    ["?age=40&life=20000&disability=30000", [{ code: "package.error.disability_above_death", context: "disability" }]],
    ["?age=40&packages=MENTAL,GYM", [{ code: "package.error.services", context: "packages" }]],
    // The package step's rule, not a reading of its own: codes as written, each once.
    ["?age=40&packages=mental", [{ code: "package.error.services", context: "packages" }]],
    ["?age=40&packages=MENTAL,MENTAL", [{ code: "package.error.services", context: "packages" }]],
    ["?age=40&packages=MENTAL&packages=MENTAL", [{ code: "package.error.services", context: "packages" }]],
    ["?age=40&age=41", [{ code: "error.invalid", context: "age" }]],
    // A nested name is refused, never read as absent (priced at the default) or as a list (docs/decisions/0267).
    ["?age=40&life[x]=100000", [{ code: "error.invalid", context: "life" }]],
    ["?age=40&life%5Bx%5D=100000", [{ code: "error.invalid", context: "life" }]],
    ["?age=40&packages[x]=MENTAL", [{ code: "error.invalid", context: "packages" }]],
    ["?age=40&packages[0]=MENTAL", [{ code: "error.invalid", context: "packages" }]],
    ["?age=40&packages[]=MENTAL", [{ code: "error.invalid", context: "packages" }]],
    ["?age[a]=40", [{ code: "error.invalid", context: "age" }]],
    ["?birthYear.x=1980", [{ code: "error.invalid", context: "birthYear" }]],
    ["?age=40&life[]=1", [{ code: "error.invalid", context: "life" }]],
    ["?age=40&packages.x=", [{ code: "error.invalid", context: "packages" }]],
    // A default the caller did not send carries no error, even beside a life cover refused.
    ["?age=40&life=10001", [{ code: "package.error.death_step", context: "life" }]],
    ["?age=40&life=3000", [{ code: "package.error.death_range", context: "life" }]],
  ])("answers 400 with the field's error for %s", async (query, errors) => {
    const response = await json(`/api/quote${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers SERVICE_UNAVAILABLE outside 18–64, as the sign-in of a person that age does", async () => {
    for (const age of [0, 17, 65, 100]) {
      const response = await json(`/api/quote?age=${age}&life=100000`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ available: false, age, state: "SERVICE_UNAVAILABLE" });
    }
    expect((await json("/api/quote?birthYear=1950")).body).toEqual({ available: false, age: 76, state: "SERVICE_UNAVAILABLE" });
    // The sign-in of a 65-year-old: the same state.
    const client = new Client(app.url);
    expect((await client.signIn(freshPersonalCode({ age: 65, today: TODAY }))).redirectTo).toBe("/unavailable");
    expect((await (await client.fetch("/api/onboarding/state")).json()).state).toBe("SERVICE_UNAVAILABLE");
    for (const age of [18, 64]) expect((await json(`/api/quote?age=${age}`)).body).toMatchObject({ available: true, age });
  });

  it("may be cached by anyone for an hour; nothing of it depends on a cookie or a language", async () => {
    const response = await get("/api/quote?age=30");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("set-cookie")).toBeNull();
    const ru = await fetch(`${app.url}/api/quote?age=30&lng=ru`, { headers: { "Accept-Language": "ru", Cookie: "lng=en" } });
    expect(await ru.json()).toEqual(await response.json());
  });

  it("never answers a 5xx to hostile queries (generated, seeded)", async () => {
    const names = fc.constantFrom("age", "birthYear", "life", "disability", "packages", "lifeRange", "lifeWas", "seq", "age[0]", "life.x", "__proto__", "constructor");
    const values = fc.oneof(
      fc.constantFrom("", "0", "-1", "1e309", "NaN", "Infinity", "9007199254740993", "99999999999999999999", " 40 ", "40.0", "%", "MENTAL,,GYM", "\u0000", "😀", "' OR 1=1 --"),
      fc.integer({ min: -10, max: 3000 }).map(String),
      fc.string({ maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(names, values), { maxLength: 8 }), async (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        const response = await fetch(`${app.url}/api/quote?${query}`, { headers: { "X-Forwarded-For": "1.2.3.4" } });
        const body = await response.json();
        expect([200, 400, 429], `${query}: ${JSON.stringify(body)}`).toContain(response.status);
        if (response.status === 400) expect(body.errors.length).toBeGreaterThan(0);
        // Far over the limit per minute: the clock moves on so the limit does not answer instead.
        app.clock.set(new Date(app.clock.now().getTime() + 1_000));
      }),
      { seed: 20_261_124, numRuns: 300 },
    );
    app.clock.set(NOW);
  }, 60_000);

  it("answers any nested name (brackets, a dot) 400 error.invalid on the parameter it nests under, never 200, 429 or a 5xx (generated, seeded)", async () => {
    const plain = fc.constantFrom("age", "birthYear", "life", "disability", "packages", "lifeRange", "lifeWas", "seq", "lng", "promo", "x");
    const key = fc.string({ maxLength: 6, unit: fc.constantFrom("a", "0", "1", "x", "-", "_", " ", "ä", "%", "=", "&") });
    const nesting = fc.array(fc.oneof(fc.constant("[]"), key.map((k) => `[${k}]`), key.map((k) => `.${k}`), fc.constantFrom("[", "]", ".", "][")), { minLength: 1, maxLength: 3 });
    const nested = fc.tuple(fc.oneof(plain, fc.constant("")), nesting).map(([head, rest]) => ({ head, name: head + rest.join("") }));
    const pair = fc.tuple(plain, fc.constantFrom("40", "100000", "MENTAL", "", "x", "20000"));
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { maxLength: 5 }), nested, fc.string({ maxLength: 8, unit: fc.constantFrom("4", "0", "M", ",", " ") }), fc.nat(), async (pairs, { head, name }, value, at) => {
        const all: Array<[string, string]> = [...pairs];
        all.splice(at % (pairs.length + 1), 0, [name, value]);
        const query = new URLSearchParams(all).toString();
        const response = await fetch(`${app.url}/api/quote?${query}`, { headers: { "X-Forwarded-For": "1.2.3.5" } });
        const body = await response.json();
        expect(response.status, `${query}: ${JSON.stringify(body)}`).toBe(400);
        // The first nested name of the query is the one named.
        const first = all.find(([n]) => /[.[\]]/.test(n))![0];
        expect(body, query).toEqual({ errors: [{ code: "error.invalid", ...(first.split(/[.[\]]/)[0] ? { context: first.split(/[.[\]]/)[0] } : {}) }] });
        if (first === name && head) expect(body.errors[0].context).toBe(head);
        expect(response.headers.get("cache-control")).toBe("no-store");
      }),
      { seed: 20_260_302, numRuns: 300 },
    );
  }, 60_000);

  it("a disability cover not given is the default on its steps at most the life cover: never an error of its own", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 600_000 }), fc.constantFrom(18, 40, 62), async (life, age) => {
        const response = await json(`/api/quote?age=${age}&life=${life}`);
        app.clock.set(new Date(app.clock.now().getTime() + 1_000));
        if (response.status === 200) {
          const { sumInsuredForDisabilityCover: disability } = response.body.package;
          expect(disability).toBeLessThanOrEqual(Math.min(20_000, life));
          return;
        }
        expect(response.status).toBe(400);
        expect(response.body.errors.map((e: { context?: string }) => e.context)).toEqual(["life"]);
      }),
      { seed: 20_260_303, numRuns: 100 },
    );
    app.clock.set(NOW);
    expect((await json("/api/quote?age=40&life=15000")).body.package).toMatchObject({ sumInsuredForDeathCover: 15_000, sumInsuredForDisabilityCover: 15_000 });
  }, 60_000);

  it("stores nothing: no row of any table changes", async () => {
    const before = await everything();
    for (const query of ["?age=40", "?birthYear=1990&life=200000&packages=MENTAL", "?age=70", "?age=x", ""]) await get(`/api/quote${query}`);
    for (const query of ["", "?age=40&life=100000&disability=50000&packages=TELEMED", "?age=99", "?age=abc"]) await home(query, "10.9.9.9");
    expect(await everything()).toBe(before);
  });
});

describe("the limit per client address", () => {
  it(`lets ${QUOTES_PER_ADDRESS} quotes a minute through, then answers 429 with when to try again; the next minute again`, async () => {
    const own = await startTestApp({ now: "2026-03-02T10:00:10Z" });
    try {
      for (let i = 0; i < QUOTES_PER_ADDRESS; i++) expect((await fetch(`${own.url}/api/quote?age=${18 + (i % 40)}`)).status).toBe(200);
      const limited = await fetch(`${own.url}/api/quote?age=40`);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("50");
      expect(limited.headers.get("cache-control")).toBe("no-store");
      expect(await limited.json()).toEqual({ errors: [{ code: "error.quote_rate_limited", params: { seconds: 50 } }] });
      // The page's quote counts against the same limit (its live estimate is the page's loader).
      const page = await run<HomeData>(() => homeLoader(routeArgs(own, "/?age=40", { address: "127.0.0.1" })));
      expect(page.status).toBe(429);
      expect(page.data).toMatchObject({ limitedSeconds: 50, quote: null });
      // Another address is not limited; nor is this one the next minute.
      expect((await run<HomeData>(() => homeLoader(routeArgs(own, "/?age=40", { address: "10.0.0.2" })))).status).toBe(200);
      own.clock.set("2026-03-02T10:01:00Z");
      expect((await fetch(`${own.url}/api/quote?age=40`)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('the landing page "/"', () => {
  it("without an age: the form at the defaults within the widest limits, no price, a plain sign-in link", async () => {
    const page = await home("");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      age: "",
      limits: { sumLimitsForDeathCover: { max: 500_000 }, sumLimitsForDisabilityCover: { max: 200_000 } },
      values: { sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 20_000, services: [] },
      quote: null,
      unavailable: false,
      errors: [],
      loginHref: "/login",
    });
    expect(page.data!.catalogue.map((s: { code: string }) => s.code)).toEqual(["HEALTH_CHECK", "MENTAL", "PHYSIO", "TELEMED"]);
  });

  it("a marketing link's choices start the form, and its sign-in link carries them as before", async () => {
    const page = await home("?src=sportclub&promo=FIT10&life=100000&disability=30000&packages=MENTAL");
    expect(page.data).toMatchObject({ values: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 30_000, services: ["MENTAL"] }, quote: null, carried: { src: "sportclub", promo: "FIT10" } });
    expect(page.data!.loginHref).toBe("/login?src=sportclub&promo=FIT10&life=100000&disability=30000&packages=MENTAL");
  });

  it("with an age (the form posted without JavaScript): the API's quote, the age's limits and a link that signs in with the choices", async () => {
    const query = "?src=partnerbank&age=47&life=250000&lifeRange=250000&lifeWas=250000&disability=120000&disabilityRange=120000&disabilityWas=120000&packages=HEALTH_CHECK&packages=PHYSIO";
    const page = await home(query);
    const api = await json("/api/quote?age=47&life=250000&disability=120000&packages=HEALTH_CHECK,PHYSIO");
    expect(page.status).toBe(200);
    expect(page.data!.quote!.estimation).toEqual(api.body.estimation);
    expect(page.data!.quote!.wellnessDiscountUpTo).toEqual(api.body.wellnessDiscountUpTo);
    expect(page.data).toMatchObject({ age: "47", limits: { sumLimitsForDeathCover: { max: 300_000 } }, adjusted: false, asked: true });
    expect(page.data!.loginHref).toBe("/login?src=partnerbank&life=250000&disability=120000&packages=HEALTH_CHECK,PHYSIO");
  });

  it("the form before an age starts with the covers the quote would price for the same link (audit: life=5000 showed 10 000 / 5 000, priced 10 000 / 10 000 with an age)", async () => {
    for (const life of ["0", "5000", "10000"]) {
      const [before, withAge] = await Promise.all([home(`?life=${life}`), home(`?age=40&life=${life}`)]);
      expect(before.data!.values).toMatchObject(withAge.data!.quote!.package);
      // Its start link carries the covers the form shows, not the amount as it came (a review).
      expect(before.data!.loginHref).toBe("/login?life=10000");
    }
  });

  it("ticks and prices the health packages the same way: a code in other case or twice is priced as the sign-in reads it, one of no service is refused (audit)", async () => {
    for (const packages of ["mental", "MENTAL,MENTAL", "Mental&packages=MENTAL"]) {
      const page = await home(`?age=40&packages=${packages}`);
      expect(page.status).toBe(200);
      expect(page.data!.quote!.package.services).toEqual(["MENTAL"]);
      expect(page.data!.values.services).toEqual(["MENTAL"]);
    }
    const refused = await home("?age=40&packages=FOO");
    expect(refused.status).toBe(400);
    expect(refused.data!.errors).toEqual([{ code: "package.error.services", context: "packages" }]);
  });

  it("the range wins when only it was moved, as on the package step", async () => {
    const page = await home("?age=30&life=50000&lifeRange=150000&lifeWas=50000&disability=20000&disabilityRange=20000&disabilityWas=20000");
    expect(page.data!.quote!.package.sumInsuredForDeathCover).toBe(150_000);
  });

  it("brings covers beyond the age's limits within them, and says so", async () => {
    const page = await home("?age=62&life=400000&disability=150000");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ adjusted: true, quote: { age: 62, package: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000 } } });
  });

  it("a disability cover not given is the default for the life cover priced, not for one the limits refused", async () => {
    const pages = await Promise.all(["0", "5000", "10000"].map((life) => home(`?age=40&life=${life}`)));
    const packages = pages.map((page) => page.data!.quote!.package);
    expect(packages[0]).toMatchObject({ sumInsuredForDeathCover: 10_000 });
    expect(packages[1]).toEqual(packages[0]);
    expect(packages[2]).toEqual(packages[0]);
    expect(pages.map((page) => page.data!.quote!.estimation)).toEqual([0, 1, 2].map(() => pages[2].data!.quote!.estimation));
    // Only the life cover was brought within the limits: said where it was asked below them.
    expect(pages.map((page) => page.data!.adjusted)).toEqual([true, true, false]);
  });

  it("a year of birth shows as the age it gave; outside 18–64 the unavailable answer", async () => {
    expect((await home("?birthYear=1979")).data).toMatchObject({ age: "47", quote: { age: 47 } });
    const old = await home("?age=70");
    expect(old.status).toBe(200);
    expect(old.data).toMatchObject({ unavailable: true, quote: null, loginHref: "/login" });
  });

  it("answers bad input with 400, the field errors and the error title, keeping what was typed", async () => {
    const page = await home("?age=abc&life=lots");
    expect(page.status).toBe(400);
    expect(page.data!.errors).toEqual([
      { code: "error.quote_age", context: "age" },
      { code: "error.integer", context: "life" },
    ]);
    expect(page.data!.age).toBe("abc");
    expect(page.data!.title).toMatch(/^Viga: /);
    expect((await home("?age=")).data!.errors).toEqual([{ code: "error.required", context: "age" }]);
  });

  it("a refused quote (the form posted without JavaScript) keeps every field as typed, and its sign-in link carries none of the choices", async () => {
    const form = (life: string) => `?src=partnerbank&promo=FIT10&age=40&life=${encodeURIComponent(life)}&lifeRange=50000&lifeWas=50000&disability=20000&disabilityRange=20000&disabilityWas=20000`;
    for (const life of ["-5000", "100000.5", "１００ ０００"]) {
      const page = await home(form(life));
      expect(page.status, life).toBe(400);
      expect(page.data!.errors).toEqual([{ code: "error.integer", context: "life" }]);
      // conform's reply, as every form's failed post: the query as typed.
      expect(page.data!.result).toMatchObject({ status: "error", initialValue: { age: "40", life, disability: "20000" }, error: { life: ["error.integer"] } });
      expect(page.data!.loginHref).toBe("/login?promo=FIT10&src=partnerbank");
    }
    const typo = await home("?age=abc&life=x&disability=y&packages=Z");
    expect(typo.data!.result).toMatchObject({ initialValue: { age: "abc", life: "x", disability: "y", packages: "Z" } });
    expect(typo.data!.loginHref).toBe("/login");
    // A quote made: its choices, as before.
    expect((await home(form("100000"))).data!.loginHref).toBe("/login?promo=FIT10&src=partnerbank&life=100000&disability=20000");
  });

  it("refuses a nested name of the quote's parameters as the API does, on the field it nests under", async () => {
    const page = await home("?age=40&life[x]=100000&packages[0]=MENTAL");
    expect(page.status).toBe(400);
    expect(page.data!.errors).toEqual([
      { code: "error.invalid", context: "life" },
      { code: "error.invalid", context: "packages" },
    ]);
    expect(page.data!.loginHref).toBe("/login");
    expect((await home("?age[a]=40")).data!.errors).toEqual([{ code: "error.invalid", context: "age" }]);
    // A marketing link's own parameters are not the quote's: still a quote.
    expect((await home("?age=40&utm[source]=news")).status).toBe(200);
  });

  it("echoes the live estimate's number", async () => {
    expect((await home("?age=40&seq=7")).data!.seq).toBe(7);
  });
});

describe("a quoted price equals the price the package step shows the same person after signing in", () => {
  it.each([
    // The fewest answers the score takes (a smoker): a score with no discount.
    ["with a score that earns no discount", { smoking: { value: true } }, false],
    ["with a score that earns a discount", FULL_ANSWERS, true],
  ] as const)("%s: the quote less the score's discount", async (_, answers, discounted) => {
    const age = 52;
    const quoted = await json(`/api/quote?age=${age}&life=150000&disability=60000&packages=MENTAL,TELEMED`);
    const client = new Client(app.url);
    const code = freshPersonalCode({ age, today: TODAY });
    expect((await client.signIn(code, "smart-id", `?${quoted.body.loginPath.split("?")[1]}`)).result).toBe("SUCCESS");
    const registered = await client.fetch("/api/onboarding/registration", {
      method: "POST",
      json: { email: "hind@example.com", phone: "+372 5123 4567", occupation: "Insener", sourceOfFunds: "WAGE", conditionsAgreement: true, healthDataAgreement: true },
    });
    expect(registered.status).toBe(200);
    expect((await client.fetch("/api/score", { method: "POST", json: { answers } })).status).toBe(200);

    const page = await run<Awaited<ReturnType<typeof packageLoader>>>(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader })));
    expect(page.status).toBe(200);
    expect(page.data!.values).toEqual(quoted.body.package);
    const shown = page.data!.estimation!;
    const quote = quoted.body.estimation;
    expect(shown.premiumForDeathCover).toBe(quote.premiumForDeathCover);
    expect(shown.premiumForDisabilityCover).toBe(quote.premiumForDisabilityCover);
    expect(shown.services).toEqual(quote.services);
    expect(shown.premiumTotal).toBe(quote.premiumTotal - shown.wellnessDiscount);
    expect(shown.wellnessDiscount).toBeLessThanOrEqual(quoted.body.wellnessDiscountUpTo.amount);
    if (discounted) expect(shown.wellnessDiscount).toBeGreaterThan(0);
    else expect(shown.wellnessDiscount).toBe(0);
  });
});
