import { describe, expect, it } from "vitest";
import { fixedClock } from "../support/clock";
import { packageLimits } from "~/lib/limits";
import { estimate } from "~/core/pricing";
import { quote, quoteAge, quoteMaxAgeSeconds, QUOTE_MAX_AGE_SECONDS } from "~/core/quote";
import { secondsUntilNewYear } from "~/core/clock";
import { windowRateLimiter } from "~/core/rate-limit";
import { parseQuoteQuery, readQuoteQuery } from "~/http/quote.server";
import { quoteLoginHref } from "~/lib/quote-fields";
import { anchorEstimation } from "../support/anchor";

// Noon in Tallinn on 24 November 2026: the calendar year is 2026.
const clock = fixedClock("2026-11-24T10:00:00Z");

describe("the anonymous quote (app/core/quote.ts)", () => {
  it("prices PRODUCT.md's anchor with no score and as a non-smoker, and names the most the score can take off", () => {
    const quoted = quote({ age: 40, life: 100_000, disability: 100_000, packages: [] }, clock);
    expect(quoted).toEqual({
      ok: true,
      value: {
        available: true,
        age: 40,
        limits: packageLimits(40),
        package: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [] },
        // PRODUCT.md section 5: death 7.34, disability 8.20, membership 1.50.
        estimation: anchorEstimation(null),
        // 20 % of 7.34 + 8.20 = 3.108 → 3.11.
        wellnessDiscountUpTo: { percent: 20, amount: 311 },
      },
    });
  });

  it("is the package step's price for the same age and package, less the score's discount", () => {
    const pkg = { sumInsuredForDeathCover: 150_000, sumInsuredForDisabilityCover: 60_000, services: ["MENTAL", "TELEMED"] as const };
    const quoted = quote({ age: 52, life: 150_000, disability: 60_000, packages: ["MENTAL", "TELEMED"] }, clock);
    if (!quoted.ok || !quoted.value.available) throw new Error("no quote");
    for (const score of [null, 40, 70, 100]) {
      const signedIn = estimate({ age: 52, ...pkg, services: [...pkg.services], wellnessScore: score, smoker: false });
      expect(signedIn.premiumTotal + signedIn.wellnessDiscount).toBe(quoted.value.estimation.premiumTotal);
      expect(signedIn.wellnessDiscount).toBeLessThanOrEqual(quoted.value.wellnessDiscountUpTo.amount);
    }
  });

  it("takes the limits' defaults for covers not given, disability never above life", () => {
    const quoted = quote({ age: 30 }, clock);
    expect(quoted.ok && quoted.value.available && quoted.value.package).toEqual({ sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 20_000, services: [] });
    const small = quote({ age: 30, life: 10_000 }, clock);
    expect(small.ok && small.value.available && small.value.package.sumInsuredForDisabilityCover).toBe(10_000);
  });

  it("answers SERVICE_UNAVAILABLE outside 18–64, as a sign-in at that age would", () => {
    for (const age of [0, 17, 65, 90, 130]) expect(quote({ age }, clock)).toEqual({ ok: true, value: { available: false, age, state: "SERVICE_UNAVAILABLE" } });
    for (const age of [18, 64]) expect(quote({ age }, clock)).toMatchObject({ ok: true, value: { available: true, age } });
  });

  it("gives a year of birth the age reached this calendar year", () => {
    expect(quoteAge({ birthYear: 1986 }, clock)).toEqual({ ok: true, value: { age: 40 } });
    expect(quote({ birthYear: 2009 }, clock)).toMatchObject({ ok: true, value: { available: false, age: 17 } });
    expect(quote({ birthYear: 1960 }, clock)).toMatchObject({ ok: true, value: { available: false, age: 66 } });
    // The year turns in Tallinn two hours before UTC.
    expect(quoteAge({ birthYear: 1986 }, fixedClock("2026-12-31T22:30:00Z"))).toEqual({ ok: true, value: { age: 41 } });
  });

  it("quotes a year of birth at an age limit for the age that can sign up today, and says for which birthday (decision 0312)", () => {
    // Born 2008: 18 after this year's birthday, 17 before it.
    expect(quote({ birthYear: 2008 }, clock)).toMatchObject({ ok: true, value: { available: true, age: 18, onlyIf: { birthday: "passed", otherwiseAge: 17 } } });
    // Born 1961: 64 before this year's birthday, 65 after it.
    expect(quote({ birthYear: 1961 }, clock)).toMatchObject({ ok: true, value: { available: true, age: 64, onlyIf: { birthday: "ahead", otherwiseAge: 65 } } });
    // Both ages on one side of the limits, or an age given: no condition.
    const quoted = (input: Parameters<typeof quote>[0]) => quote(input, clock);
    expect(quoted({ birthYear: 1962 })).toMatchObject({ ok: true, value: { available: true, age: 64 } });
    for (const input of [{ birthYear: 1962 }, { birthYear: 2007 }, { age: 18 }, { age: 64 }]) expect(quoted(input)).not.toHaveProperty("value.onlyIf");
  });

  it("keeps a year of birth's answer no later than Tallinn's new year, an age's an hour", () => {
    const lateDecember = fixedClock("2026-12-31T21:30:00Z"); // 23:30 in Tallinn
    expect(secondsUntilNewYear(lateDecember)).toBe(1800);
    expect(quoteMaxAgeSeconds({ birthYear: 2008 }, lateDecember)).toBe(1800);
    expect(quoteMaxAgeSeconds({}, lateDecember)).toBe(QUOTE_MAX_AGE_SECONDS);
    expect(quoteMaxAgeSeconds({ birthYear: 2008 }, clock)).toBe(QUOTE_MAX_AGE_SECONDS);
    expect(secondsUntilNewYear(fixedClock("2026-12-31T22:30:00Z"))).toBe(365 * 86_400 - 1800);
  });

  it("refuses what is no age, no year of birth or both, each on its field", () => {
    expect(quote({}, clock)).toEqual({ ok: false, failure: [{ code: "error.required", context: "age" }] });
    expect(quote({ age: 131 }, clock)).toEqual({ ok: false, failure: [{ code: "error.quote_age", context: "age" }] });
    expect(quote({ age: 40.5 }, clock)).toEqual({ ok: false, failure: [{ code: "error.quote_age", context: "age" }] });
    expect(quote({ birthYear: 2027 }, clock)).toEqual({ ok: false, failure: [{ code: "error.quote_birth_year", context: "birthYear" }] });
    expect(quote({ birthYear: 1895 }, clock)).toEqual({ ok: false, failure: [{ code: "error.quote_birth_year", context: "birthYear" }] });
    expect(quote({ age: 40, birthYear: 1986 }, clock)).toEqual({ ok: false, failure: [{ code: "error.quote_age_or_birth_year", context: "birthYear" }] });
  });

  it("holds the package step's rules for the age: range, step, disability within life, known packages", () => {
    const fails = (input: Parameters<typeof quote>[0]) => {
      const quoted = quote(input, clock);
      return quoted.ok ? [] : quoted.failure;
    };
    expect(fails({ age: 62, life: 150_000 })).toEqual([{ code: "package.error.death_range", context: "life" }]);
    expect(fails({ age: 30, life: 150_000 })).toEqual([]);
    expect(fails({ age: 30, life: 52_000 })).toEqual([{ code: "package.error.death_step", context: "life" }]);
    expect(fails({ age: 62, life: 100_000, disability: 60_000 })).toEqual([{ code: "package.error.disability_range", context: "disability" }]);
    expect(fails({ age: 30, life: 20_000, disability: 30_000 })).toEqual([{ code: "package.error.disability_above_death", context: "disability" }]);
    expect(fails({ age: 30, disability: 0 })).toEqual([]);
    expect(fails({ age: 30, disability: 4_000 })).toEqual([{ code: "package.error.disability_range", context: "disability" }]);
    expect(fails({ age: 30, packages: ["MENTAL", "GYM"] })).toEqual([{ code: "package.error.services", context: "packages" }]);
    expect(fails({ age: 30, packages: ["mental"] })).toEqual([{ code: "package.error.services", context: "packages" }]);
    expect(fails({ age: 30, packages: ["MENTAL", "MENTAL"] })).toEqual([{ code: "package.error.services", context: "packages" }]);
  });
});

describe("the quote's query (app/lib/quote-schema.ts)", () => {
  const parsed = (query: string) => parseQuoteQuery(new URLSearchParams(query));
  const value = (query: string) => {
    const result = parsed(query);
    if (!result.ok) throw new Error(JSON.stringify(result.failure));
    return result.value;
  };

  it("reads the API's names: age or birthYear, life, disability and a comma list of packages", () => {
    expect(value("age=40&life=100000&disability=50000&packages=MENTAL, PHYSIO,,")).toEqual({
      age: 40,
      life: 100_000,
      disability: 50_000,
      packages: ["MENTAL", "PHYSIO"],
    });
    // Codes as the package step takes them: a lower-case or repeated one is the quote's to refuse.
    expect(value("age=40&packages=mental,MENTAL&packages=MENTAL")).toEqual({ age: 40, packages: ["mental", "MENTAL", "MENTAL"] });
    expect(value("birthYear=1986")).toEqual({ birthYear: 1986 });
    expect(value("age=40&packages=")).toEqual({ age: 40 });
    expect(value("age=&life=")).toEqual({});
  });

  it("reads the page's form: repeated packages, and whichever of a cover's typed amount or range was changed", () => {
    expect(value("age=40&life=50000&lifeRange=120000&lifeWas=50000&disability=20%20000&disabilityRange=20000&disabilityWas=20000&packages=MENTAL&packages=TELEMED")).toEqual({
      age: 40,
      life: 120_000,
      disability: 20_000,
      packages: ["MENTAL", "TELEMED"],
    });
  });

  it("refuses what is no whole number, each on its field", () => {
    expect(parsed("age=forty&birthYear=19.86&life=1e5&disability=-5")).toEqual({
      ok: false,
      failure: [
        { code: "error.quote_age", context: "age" },
        { code: "error.quote_birth_year", context: "birthYear" },
        { code: "error.integer", context: "life" },
        { code: "error.integer", context: "disability" },
      ],
    });
    // More digits than a numeric field holds: too large, not "no whole number" (decision 0311, as the package step says).
    expect(parsed(`age=40&life=${"9".repeat(1000)}`)).toEqual({ ok: false, failure: [{ code: "error.amount_too_large", context: "life" }] });
    // A list where one value is expected, or a nested name: no 5xx, an error of its own.
    expect(parsed("age=40&age=41")).toEqual({ ok: false, failure: [{ code: "error.invalid", context: "age" }] });
    expect(parsed("age.x=40")).toEqual({ ok: false, failure: [{ code: "error.invalid", context: "age" }] });
  });

  it("hands conform none of its own names: its reserved fields are not the quote's (decision 0317)", () => {
    // conform's parse threw on a state or intent that is not its JSON, or one it cannot apply: the page and GET /api/quote answered 500.
    for (const reserved of ["__state__=x", "__intent__=x", "__intent__=null", `__intent__=${encodeURIComponent('{"type":"validate"}')}`, `__intent__=${encodeURIComponent('{"type":"remove","payload":{"name":"age","index":1}}')}`]) {
      expect(value(`age=40&life=100000&${reserved}`), reserved).toEqual({ age: 40, life: 100_000 });
    }
  });

  it("hands conform no nested name: a far index of a name that is not the quote's builds no list (decision 0317)", () => {
    // The refused form's reply shows back what was typed, without it (conform built a list of
    // ten million entries from it, and the page rendered it back: 30 s and 30 MB).
    const refused = readQuoteQuery(new URLSearchParams("age=abc&x[9999999]=1&utm[source]=news"));
    expect(refused.outcome).toEqual({ ok: false, failure: [{ code: "error.quote_age", context: "age" }] });
    expect(refused.reply([{ code: "error.quote_age", context: "age" }]).initialValue).toEqual({ age: "abc" });
  });
});

describe("the quote's sign-in link", () => {
  it("carries the choices under the login link's names, and the partner and promo code as they came", () => {
    expect(quoteLoginHref({ sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 0, services: ["MENTAL", "TELEMED"] }, new URLSearchParams("src=sportclub&promo=FIT10&age=40&utm=x"))).toBe(
      "/login?promo=FIT10&src=sportclub&life=100000&disability=0&packages=MENTAL,TELEMED",
    );
    expect(quoteLoginHref({ sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 20_000, services: [] })).toBe("/login?life=50000&disability=20000");
  });
});

describe("the quote's limit per address (windowRateLimiter)", () => {
  it("lets `limit` through per address in a window, says how many seconds remain, and forgets when the window turns", () => {
    const at = fixedClock("2026-11-24T10:00:15Z");
    const limiter = windowRateLimiter(at, { limit: 3, windowMs: 60_000 });
    expect([1, 2, 3].map(() => limiter.take("10.0.0.1"))).toEqual([0, 0, 0]);
    expect(limiter.take("10.0.0.1")).toBe(45);
    expect(limiter.take("10.0.0.2")).toBe(0);
    at.set("2026-11-24T10:00:59.5Z");
    expect(limiter.take("10.0.0.1")).toBe(1);
    at.set("2026-11-24T10:01:00Z");
    expect(limiter.take("10.0.0.1")).toBe(0);
  });

  it("holds at most `maxAddresses`: past that a new address is not counted", () => {
    const at = fixedClock("2026-11-24T10:00:00Z");
    const limiter = windowRateLimiter(at, { limit: 1, windowMs: 60_000, maxAddresses: 2 });
    expect([limiter.take("a"), limiter.take("b"), limiter.take("a")]).toEqual([0, 0, 60]);
    expect([limiter.take("c"), limiter.take("c")]).toEqual([0, 0]);
  });

  it("keeps counting an address it holds once the table is full", () => {
    const limiter = windowRateLimiter(fixedClock("2026-11-24T10:00:00Z"), { limit: 2, windowMs: 60_000, maxAddresses: 2 });
    expect([limiter.take("a"), limiter.take("b"), limiter.take("a"), limiter.take("a")]).toEqual([0, 0, 0, 60]);
  });

  it("holds 100 000 addresses unless told otherwise (docs/decisions/0085)", () => {
    const limiter = windowRateLimiter(fixedClock("2026-11-24T10:00:00Z"), { limit: 1, windowMs: 60_000 });
    for (let i = 0; i < 100_000; i++) limiter.take(`10.${i}`);
    // The 100 000th address was counted; the next one is not.
    expect(limiter.take("10.99999")).toBe(60);
    expect([limiter.take("10.100000"), limiter.take("10.100000")]).toEqual([0, 0]);
  });
});
