/**
 * The package step: every /api path, the /package loader and action, and the age re-check
 * on state reads (guard and GET /api/onboarding/state) with a moved clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthCipher } from "~/core/health-data";
import { stateLandingOn, STATES } from "~/lib/onboarding";
import { nextPath } from "~/lib/route-access";
import { RECHECKED_STATES } from "~/core/proposal/rules";
import { formatWholeEuro } from "~/lib/euro";
import { action as packageRouteAction, loader as packageLoader } from "~/routes/package";
import { Client, startTestApp, type TestApp } from "../support/app";
import { BASE, expectRedirect, routeArgs, run } from "../support/routes";
import { freshPersonalCode, personalCodeBornOn } from "../support/personal-codes";
import { freshPolicyholder } from "../support/customers";
import { customerAt, saveStep, walkTo, type Point, type WalkOptions } from "../support/reach";
import { anchorEstimation } from "../support/anchor";

type LoaderData = Awaited<ReturnType<typeof packageLoader>>;
type ActionData = unknown;

const NOW = "2026-03-02T10:00:00Z";
const TODAY = "2026-03-02";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: NOW });
});
afterAll(() => app.close());

/** A signed-in customer of `age` on TODAY, walked to `place`, optionally with a saved wellness score (the onboarding one replaced). */
async function customerIn(place: Point = "package", options: WalkOptions & { age?: number; sex?: "M" | "F"; score?: number; code?: string } = {}) {
  app.clock.set(NOW);
  const { client, customer, code } = await customerAt(app, place, { ...options, today: TODAY });
  if (options.score !== undefined) await app.core.db.query(`DELETE FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL`, [customer.id]);
  if (options.score !== undefined) {
    await app.core.db.query(
      `INSERT INTO score_profiles (customer_id, period_start, score, discount_percent, saved_at) VALUES ($1, NULL, $2, 0, $3)`,
      [customer.id, options.score, NOW],
    );
  }
  return { client, customer, code };
}

/** A questionnaire saved as the questionnaire step stores it: the set plain, the answers sealed. */
async function saveQuestionnaire(customerId: number, type: "UW_L1" | "UW_L2", at = NOW, smoking = false) {
  const content = type === "UW_L1" ? { examination: false } : { smoking, ...(smoking ? { smokingExtra: { howMany: 10 } } : {}) };
  const sealed = healthCipher(app.config.healthDataKeys).encrypt({ height: 180, weight: 80, type, content }, `questionnaire:${customerId}`);
  await app.core.db.query(`INSERT INTO questionnaires (customer_id, type, answers_sealed, saved_at) VALUES ($1, $2, $3, $4)`, [customerId, type, sealed, at]);
}

async function stateOf(customerId: number) {
  const [row] = await app.core.db.query<{ state: string }>(`SELECT state FROM customers WHERE id = $1`, [customerId]);
  return row.state;
}

const PACKAGE = { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL", "TELEMED"] };

describe("GET /api/onboarding/parameters", () => {
  it("gives the limits of the customer's age band", async () => {
    const { client } = await customerIn("package", { age: 52 });
    const response = await client.fetch("/api/onboarding/parameters");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sumLimitsForDeathCover: { min: 10_000, max: 200_000, def: 50_000, step: 5_000 },
      sumLimitsForDisabilityCover: { min: 5_000, max: 100_000, def: 20_000, step: 1_000 },
    });
    const young = await customerIn("package", { age: 25 });
    expect((await (await young.client.fetch("/api/onboarding/parameters")).json()).sumLimitsForDeathCover.max).toBe(500_000);
  });

  it("answers 401 without a session and 409 past the eligible age", async () => {
    expect((await new Client(app.url).fetch("/api/onboarding/parameters")).status).toBe(401);
    // 64 when they reached the package step, 65 since 25 February.
    app.clock.set("2026-02-20T10:00:00Z");
    const code = personalCodeBornOn("1961-02-25", "M");
    const { client } = await customerAt(app, "package", { code });
    app.clock.set(NOW);
    await client.signIn(code);
    const response = await client.fetch("/api/onboarding/parameters");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ errors: [{ code: "error.age_limit" }] });
  });
});

describe("GET /api/onboarding/services", () => {
  it("lists every package with its name and description in the customer's language", async () => {
    const { client } = await customerIn();
    const et = await (await client.fetch("/api/onboarding/services")).json();
    expect(et.map((s: { code: string }) => s.code)).toEqual(["HEALTH_CHECK", "MENTAL", "PHYSIO", "TELEMED"]);
    expect(et[1]).toMatchObject({ code: "MENTAL", name: "Vaimse tervise nõustamine", monthlyPriceCents: 490 });
    expect(et[0].description).toBeTruthy();
    const en = await (await client.fetch("/api/onboarding/services", { headers: { "Accept-Language": "en-GB,en;q=0.9" } })).json();
    expect(en[3]).toMatchObject({ code: "TELEMED", name: "24/7 doctor line", monthlyPriceCents: 290 });
    const ru = await (await client.fetch("/api/onboarding/services?lng=ru")).json();
    expect(ru[2].name).toBe("Физиотерапия");
  });

  it("answers 401 without a session", async () => {
    expect((await new Client(app.url).fetch("/api/onboarding/services")).status).toBe(401);
  });
});

describe("POST /api/onboarding/calculation", () => {
  it("prices PRODUCT.md's sanity anchor: a 40-year-old, 100 000 / 100 000, score 40, about 17 €", async () => {
    const { client } = await customerIn("package", { age: 40, score: 40 });
    const response = await client.fetch("/api/onboarding/calculation", {
      method: "POST",
      json: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [] },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(anchorEstimation(40));
  });

  it("applies the saved wellness score's discount and the services", async () => {
    const { client } = await customerIn("package", { age: 40, score: 100 });
    const body = await (
      await client.fetch("/api/onboarding/calculation", {
        method: "POST",
        json: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: ["PHYSIO"] },
      })
    ).json();
    expect(body).toMatchObject({ wellnessScore: 100, wellnessDiscountPercent: 20, wellnessDiscount: 311, services: [{ serviceCode: "PHYSIO", premium: 690 }] });
    // 20 % of (734 + 820) = 310.8 → 311 (tests/unit/pricing.test.ts).
    expect(body.premiumTotal).toBe(734 + 820 + 690 + 150 - 311);
  });

  it("charges the smoker loading when the long questionnaire says the customer smokes", async () => {
    const { client, customer } = await customerIn("package", { age: 40, score: 40 });
    await saveQuestionnaire(customer.id, "UW_L2", NOW, true);
    const body = await (
      await client.fetch("/api/onboarding/calculation", { method: "POST", json: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [] } })
    ).json();
    // 734.3754 × 1.5 = 1101.56 → 1102 (tests/unit/pricing.test.ts).
    expect(body).toMatchObject({ premiumForDeathCover: 1102, premiumForDisabilityCover: 820, premiumTotal: 1102 + 820 + 150 });
  });

  it("checks the package against the customer's limits", async () => {
    const { client } = await customerIn("package", { age: 61 });
    const response = await client.fetch("/api/onboarding/calculation", {
      method: "POST",
      json: { sumInsuredForDeathCover: 150_000, sumInsuredForDisabilityCover: 3_000, services: ["SPA"] },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { code: "package.error.death_range", context: "sumInsuredForDeathCover" },
      { code: "package.error.disability_range", context: "sumInsuredForDisabilityCover" },
      { code: "package.error.services", context: "services" },
    ]);
    expect((await client.fetch("/api/onboarding/calculation", { method: "POST", json: [1] })).status).toBe(400);
    expect((await new Client(app.url).fetch("/api/onboarding/calculation", { method: "POST", json: PACKAGE })).status).toBe(401);
  });
});

describe("GET, POST and PUT /api/onboarding/proposal", () => {
  it("answers an empty object before the first save, then the saved package", async () => {
    const { client, customer } = await customerIn();
    expect(await (await client.fetch("/api/onboarding/proposal")).json()).toEqual({});
    const saved = await client.fetch("/api/onboarding/proposal", { method: "POST", json: PACKAGE });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ state: "SERVICE_SELECTED", redirectTo: "/questionnaire", replayed: false });
    expect(await stateOf(customer.id)).toBe("SERVICE_SELECTED");
    expect(await (await client.fetch("/api/onboarding/proposal")).json()).toEqual(PACKAGE);

    const put = await client.fetch("/api/onboarding/proposal", {
      method: "PUT",
      json: { sumInsuredForDeathCover: 60_000, sumInsuredForDisabilityCover: 0, services: [] },
    });
    expect(put.status).toBe(200);
    expect((await put.json()).state).toBe("SERVICE_SELECTED");
    expect(await (await client.fetch("/api/onboarding/proposal")).json()).toEqual({ sumInsuredForDeathCover: 60_000, sumInsuredForDisabilityCover: 0, services: [] });
  });

  it("takes a package without `services` as one with none, as the form without a box ticked posts it (docs/api.md)", async () => {
    const { client } = await customerIn();
    const covers = { sumInsuredForDeathCover: 60_000, sumInsuredForDisabilityCover: 0 };
    const priced = await client.fetch("/api/onboarding/calculation", { method: "POST", json: covers });
    expect(priced.status).toBe(200);
    expect((await priced.json()).services).toEqual([]);
    expect((await client.fetch("/api/onboarding/proposal", { method: "POST", json: covers })).status).toBe(200);
    expect(await (await client.fetch("/api/onboarding/proposal")).json()).toEqual({ ...covers, services: [] });
  });

  it("returns field errors and stores nothing", async () => {
    const { client, customer } = await customerIn();
    const response = await client.fetch("/api/onboarding/proposal", {
      method: "POST",
      json: { sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 51_000, services: ["MENTAL"] },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ code: "package.error.disability_above_death", context: "sumInsuredForDisabilityCover" }] });
    const missing = await client.fetch("/api/onboarding/proposal", { method: "POST", json: { services: [] } });
    expect((await missing.json()).errors).toEqual([
      { code: "error.required", context: "sumInsuredForDeathCover" },
      { code: "error.required", context: "sumInsuredForDisabilityCover" },
    ]);
    expect(await stateOf(customer.id)).toBe("WELLNESS_PROFILE_COMPLETE");
    expect(await app.core.proposal.get(customer.id)).toBeNull();
  });

  it("refuses a save in a state that may not open /package", async () => {
    for (const { client } of [await customerIn("score"), await freshPolicyholder(app)]) {
      const response = await client.fetch("/api/onboarding/proposal", { method: "POST", json: PACKAGE });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });
    }
    expect((await new Client(app.url).fetch("/api/onboarding/proposal")).status).toBe(401);
  });

  it("reads the smoker fact once per page: its estimates and recalculations price with the page's sealed facts", async () => {
    const { client, customer } = await customerIn("package", { age: 40, score: 40 });
    await saveQuestionnaire(customer.id, "UW_L2", NOW, true);
    const reads = async () =>
      (await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE customer_id = $1 AND action = 'read' AND subject = 'questionnaire'`, [customer.id])).length;
    const loaded = await run<LoaderData>(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never));
    expect(await reads()).toBe(1);
    const pricing = loaded.data!.pricing;
    expect(pricing).not.toContain("smok");
    for (const seq of ["1", "2", "3"]) {
      const outcome = await postPackage(client.cookieHeader, { intent: "estimate", seq, pricing, sumInsuredForDeathCover: "100000", sumInsuredForDisabilityCover: "100000" });
      // The smoker loading still applies (734.3754 × 1.5 → 1102, as the /api test above).
      expect((outcome.data as { estimate: { estimation: { premiumForDeathCover: number } } }).estimate.estimation.premiumForDeathCover).toBe(1102);
    }
    const recalculated = await postPackage(client.cookieHeader, formOf({ death: 100_000, disability: 100_000 }, { intent: "recalculate", pricing }));
    expect((recalculated.data as { estimation: { premiumForDeathCover: number } }).estimation.premiumForDeathCover).toBe(1102);
    expect(await reads()).toBe(1);
    // A seal that is not this customer's (or not ours at all) is no shortcut: the answers are read, and the read recorded.
    const other = await customerIn("package", { age: 40 });
    const foreign = (await run<LoaderData>(() => packageLoader(routeArgs(app, "/package", { cookie: other.client.cookieHeader }) as never))).data!.pricing;
    for (const seal of [foreign, "v1.forged.seal.x"]) {
      const outcome = await postPackage(client.cookieHeader, { intent: "estimate", seq: "4", pricing: seal, sumInsuredForDeathCover: "100000", sumInsuredForDisabilityCover: "100000" });
      expect((outcome.data as { estimate: { estimation: { premiumForDeathCover: number } } }).estimate.estimation.premiumForDeathCover).toBe(1102);
    }
    expect(await reads()).toBe(3);
    // Another day (00:30 in Tallinn, the session kept alive: a request every 20 minutes, within the idle limit) reads it again.
    for (let at = app.clock.now().getTime(); at < Date.parse("2026-03-02T22:30:00Z"); at += 20 * 60_000) {
      app.clock.set(new Date(at));
      expect((await client.fetch("/api/onboarding/state")).status).toBe(200);
    }
    app.clock.set("2026-03-02T22:30:00Z");
    await postPackage(client.cookieHeader, { intent: "estimate", seq: "5", pricing, sumInsuredForDeathCover: "100000", sumInsuredForDisabilityCover: "100000" });
    expect(await reads()).toBe(4);
    app.clock.set(NOW);
  });

  it("never moves the state backwards on a re-save", async () => {
    const { client, customer } = await customerIn("offer", { age: 35 });
    const again = await client.fetch("/api/onboarding/proposal", { method: "POST", json: { ...PACKAGE, services: [] } });
    expect((await again.json()).state).toBe("BENEFICIARIES_DEFINED");
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
  });

  it("asks for the long questionnaire again when the new cover needs it (above 150 000)", async () => {
    const { client } = await customerIn("beneficiaries", { age: 35 });
    const response = await client.fetch("/api/onboarding/proposal", { method: "POST", json: { ...PACKAGE, sumInsuredForDeathCover: 155_000 } });
    expect((await response.json()).state).toBe("QUESTIONNAIRE_REQ_CHANGE");
    // Back within 150 000: the short set answered is enough again.
    const back = await client.fetch("/api/onboarding/proposal", { method: "POST", json: PACKAGE });
    expect((await back.json()).state).toBe("QUESTIONNAIRE_COMPLETE");
  });

  it("has one effect when the same submission key is posted twice in parallel", async () => {
    const { client, customer } = await customerIn();
    const submissionKey = "package-key-0123456789abcdef";
    const [a, b] = await Promise.all([1, 2].map(() => client.fetch("/api/onboarding/proposal", { method: "POST", json: { ...PACKAGE, submissionKey } })));
    const bodies = [await a.json(), await b.json()];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(bodies.map((x) => x.replayed).sort()).toEqual([false, true]);
    const events = await app.core.db.query<{ events: unknown[] }>(`SELECT data->'events' AS events FROM sessions WHERE customer_id = $1`, [customer.id]);
    const progress = events.flatMap((row) => row.events ?? []).filter((e) => (e as { event: string }).event === "signup_progress");
    expect(progress).toEqual([{ event: "signup_progress", signup_step: "package", country: "ee" }]);
    const rows = await app.core.db.query(`SELECT 1 FROM form_submissions WHERE key = $1`, [submissionKey]);
    expect(rows).toHaveLength(1);
  });

  it("saves the same submission key sent again with other values (decision 0314)", async () => {
    // A send that seemed to fail had landed; the customer changed the cover and sent again
    // from the same page: the key's first outcome was answered and 150 000 dropped.
    const { client } = await customerIn();
    const submissionKey = "package-changed-0123456789abcdef";
    const send = async (json: object) => (await client.fetch("/api/onboarding/proposal", { method: "POST", json: { ...json, submissionKey } })).json();
    expect(await send(PACKAGE)).toMatchObject({ replayed: false });
    const changed = { ...PACKAGE, sumInsuredForDeathCover: 150_000 };
    expect(await send(changed)).toMatchObject({ state: "SERVICE_SELECTED", replayed: false });
    expect(await (await client.fetch("/api/onboarding/proposal")).json()).toEqual(changed);
    // The same values again are a replay of the save that kept them.
    expect(await send(changed)).toMatchObject({ replayed: true });
  });

  it("clears the sign-in time data with the save", async () => {
    const client = new Client(app.url);
    app.clock.set(NOW);
    const code = freshPersonalCode({ age: 30, today: TODAY });
    await client.signIn(code, "smart-id", "?life=200000&disability=30000&packages=PHYSIO");
    const customer = (await app.core.customers.byPersonalCode(code))!;
    const data = async () =>
      (await app.core.db.query<{ data: { data?: unknown } }>(`SELECT data FROM sessions WHERE customer_id = $1`, [customer.id]))[0].data.data;
    expect(await data()).toEqual({ services: ["PHYSIO"], sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 30_000 });
    await walkTo(client, "package");
    expect((await client.fetch("/api/onboarding/proposal", { method: "POST", json: PACKAGE })).status).toBe(200);
    expect(await data()).toBeUndefined();
  });
});

describe("GET and POST /api/onboarding/estimation", () => {
  it("prices the saved package; 404 before one is saved", async () => {
    const { client } = await customerIn("package", { age: 40, score: 40 });
    expect((await client.fetch("/api/onboarding/estimation")).status).toBe(404);
    expect((await client.fetch("/api/onboarding/estimation", { method: "POST" })).status).toBe(404);
    await client.fetch("/api/onboarding/proposal", { method: "POST", json: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: ["MENTAL"] } });
    const got = await client.fetch("/api/onboarding/estimation");
    expect(got.status).toBe(200);
    const body = await got.json();
    expect(body).toMatchObject({ premiumForDeathCover: 734, premiumForDisabilityCover: 820, services: [{ serviceCode: "MENTAL", premium: 490 }], premiumTotal: 1704 + 490 });
    const posted = await client.fetch("/api/onboarding/estimation", { method: "POST" });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual(body);
  });

  it("prices with today's age: a birthday changes the estimation", async () => {
    // Turns 41 on 2026-03-10.
    const valid = personalCodeBornOn("1985-03-10", "M");
    const { client } = await customerIn("package", { code: valid, score: 40 });
    await client.fetch("/api/onboarding/proposal", { method: "POST", json: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [] } });
    const before = await (await client.fetch("/api/onboarding/estimation")).json();
    expect(before.premiumForDeathCover).toBe(734);
    app.clock.set("2026-03-11T10:00:00Z");
    // The session of 2 March has expired by now: sign in again.
    await client.signIn(valid);
    const after = await (await client.fetch("/api/onboarding/estimation", { method: "POST" })).json();
    // 41: q = 0.0001181 × e^3.1734 × 0.25 = 0.00070531; 100 000 € → 793.4737 → 793 cents.
    expect(after.premiumForDeathCover).toBe(793);
    app.clock.set(NOW);
  });

  it("answers 401 without a session", async () => {
    expect((await new Client(app.url).fetch("/api/onboarding/estimation")).status).toBe(401);
    expect((await new Client(app.url).fetch("/api/onboarding/estimation", { method: "POST" })).status).toBe(401);
  });
});

describe("/package loader", () => {
  it("starts from the defaults, priced", async () => {
    const { client } = await customerIn("package", { age: 40, score: 40 });
    const loaded = await run<LoaderData>(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never));
    expect(loaded.status).toBe(200);
    expect(loaded.data!.values).toEqual({ sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 20_000, services: [] });
    expect(loaded.data!.limits?.sumLimitsForDeathCover.max).toBe(300_000);
    expect(loaded.data!.services.map((s) => s.code)).toEqual(["HEALTH_CHECK", "MENTAL", "PHYSIO", "TELEMED"]);
    expect(loaded.data!.estimation?.premiumTotal).toBeGreaterThan(150);
    expect(loaded.data!.warning).toBeNull();
    expect(loaded.data!.title).toMatch(/^pakett|package/i);
  });

  it("prefills from the sums and packages given at sign-in, then from the saved package", async () => {
    const client = new Client(app.url);
    app.clock.set(NOW);
    const code = freshPersonalCode({ age: 30, today: TODAY });
    await client.signIn(code, "smart-id", "?life=200000&disability=30000&packages=PHYSIO,TELEMED");
    await walkTo(client, "package");
    const first = await run<LoaderData>(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never));
    expect(first.data!.values).toEqual({ sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 30_000, services: ["PHYSIO", "TELEMED"] });
    // Saved: on the questionnaire, /package still opens with the saved package.
    await client.fetch("/api/onboarding/proposal", { method: "POST", json: PACKAGE });
    const second = await run<LoaderData>(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never));
    expect(second.data!.values).toEqual(PACKAGE);
  });

  it("sends a customer whose state does not allow /package elsewhere, and a visitor to /login", async () => {
    const { client } = await customerIn("score");
    const outcome = await run(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/unavailable");
    const anonymous = await run(() => packageLoader(routeArgs(app, "/package") as never));
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=%2Fpackage/);
  });
});

/** The form as the page posts it without JavaScript (typed = was: the range decides). */
function formOf(values: { death: number; disability: number; services?: string[] }, extra: Record<string, string> = {}) {
  return {
    sumInsuredForDeathCover: String(values.death),
    deathCoverRange: String(values.death),
    deathCoverWas: String(values.death),
    sumInsuredForDisabilityCover: String(values.disability),
    disabilityCoverRange: String(values.disability),
    disabilityCoverWas: String(values.disability),
    ...extra,
  };
}

async function postPackage(cookie: string, form: Record<string, string>, services: string[] = []) {
  // FormData with a repeated field: build the request by hand.
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.set(k, v);
  for (const code of services) body.append("services", code);
  const request = new Request(BASE + "/package", { method: "POST", headers: { Cookie: cookie }, body });
  return run<ActionData>(() => packageRouteAction({ request, params: {}, context: app.context(request) } as never));
}

/** The notices the customer's session holds for the next page. */
async function noticesOf(customerId: number) {
  const [row] = await app.core.db.query<{ data: { notices?: unknown[] } }>(`SELECT data FROM sessions WHERE customer_id = $1`, [customerId]);
  return row.data.notices ?? [];
}

describe("/package action", () => {
  it("saves, moves WELLNESS_PROFILE_COMPLETE → SERVICE_SELECTED and goes to /questionnaire", async () => {
    const { client, customer } = await customerIn();
    const outcome = await postPackage(client.cookieHeader, formOf({ death: 100_000, disability: 50_000 }, { intent: "save" }), ["MENTAL", "TELEMED"]);
    expectRedirect(outcome, "/questionnaire");
    expect(await stateOf(customer.id)).toBe("SERVICE_SELECTED");
    expect(await app.core.proposal.get(customer.id)).toEqual(PACKAGE);
    // Saved as chosen: nothing to say.
    expect(await noticesOf(customer.id)).toEqual([]);
  });

  it("uses the typed amount when it was changed, the range otherwise, snapped to the steps, and says so on the next page", async () => {
    const { client, customer } = await customerIn();
    const form = formOf({ death: 50_000, disability: 20_000 }, { intent: "save", sumInsuredForDeathCover: "123400", disabilityCoverRange: "2000" });
    expectRedirect(await postPackage(client.cookieHeader, form), "/questionnaire");
    expect(await app.core.proposal.get(customer.id)).toEqual({ sumInsuredForDeathCover: 125_000, sumInsuredForDisabilityCover: 0, services: [] });
    // docs/decisions/0261: what was saved otherwise than chosen, from what to what.
    expect(await noticesOf(customer.id)).toEqual([
      { key: "package.notice.adjusted.death", params: { chosen: formatWholeEuro(123_400), saved: formatWholeEuro(125_000) } },
      { key: "package.notice.adjusted.disability", params: { chosen: formatWholeEuro(2_000), saved: "0" } },
    ]);
  });

  it("pulls disability down to the death cover", async () => {
    const { client, customer } = await customerIn();
    const form = formOf({ death: 50_000, disability: 40_000 }, { intent: "save", deathCoverRange: "30000" });
    expectRedirect(await postPackage(client.cookieHeader, form), "/questionnaire");
    expect(await app.core.proposal.get(customer.id)).toMatchObject({ sumInsuredForDeathCover: 30_000, sumInsuredForDisabilityCover: 30_000 });
  });

  it("returns field errors with status 400, keeps what was typed and the title prefix", async () => {
    const { client, customer } = await customerIn("package", { age: 45 });
    const form = formOf({ death: 50_000, disability: 20_000 }, { intent: "save", sumInsuredForDeathCover: "900000", sumInsuredForDisabilityCover: "" });
    const body = new FormData();
    for (const [k, v] of Object.entries(form)) body.set(k, v);
    body.append("services", "SPA");
    const request = new Request(BASE + "/package", { method: "POST", headers: { Cookie: client.cookieHeader }, body });
    const context = app.context(request);
    const outcome = await run<ActionData>(() => packageRouteAction({ request, params: {}, context } as never));
    expect(outcome.status).toBe(400);
    const result = (outcome.data as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }).result;
    expect(result.error).toMatchObject({
      sumInsuredForDeathCover: ["package.error.death_range"],
      sumInsuredForDisabilityCover: ["error.required"],
      services: ["package.error.services"],
    });
    expect(result.initialValue.sumInsuredForDeathCover).toBe("900000");
    const page = await run<LoaderData>(() => packageLoader({ request: new Request(BASE + "/package", { headers: { Cookie: client.cookieHeader } }), params: {}, context } as never));
    expect(page.data!.title.startsWith("Viga: ") || page.data!.title.startsWith("Error: ")).toBe(true);
    expect(await stateOf(customer.id)).toBe("WELLNESS_PROFILE_COMPLETE");
  });

  it("recalculates without saving (no JavaScript) and keeps the choices", async () => {
    const { client, customer } = await customerIn("package", { age: 40, score: 40 });
    const outcome = await postPackage(client.cookieHeader, formOf({ death: 50_000, disability: 20_000 }, { intent: "recalculate", deathCoverRange: "100000", sumInsuredForDisabilityCover: "100000" }));
    expect(outcome.status).toBe(200);
    const data = outcome.data as { values: unknown; estimation: { premiumTotal: number } };
    expect(data.values).toEqual({ sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [] });
    expect(data.estimation.premiumTotal).toBe(1704);
    expect(await app.core.proposal.get(customer.id)).toBeNull();
    expect(await stateOf(customer.id)).toBe("WELLNESS_PROFILE_COMPLETE");
  });

  it("answers the live estimate with the sequence number it was asked with", async () => {
    const { client } = await customerIn("package", { age: 40, score: 40 });
    const outcome = await postPackage(client.cookieHeader, { intent: "estimate", seq: "7", sumInsuredForDeathCover: "100000", sumInsuredForDisabilityCover: "100000" }, []);
    expect(outcome.status).toBe(200);
    expect((outcome.data as { estimate: { seq: number; estimation: { premiumTotal: number } } }).estimate).toMatchObject({ seq: 7, estimation: { premiumTotal: 1704 } });
  });

  it("never moves the state backwards on a re-save", async () => {
    // Whatever steps the table has between the questionnaire and the beneficiaries: the state stays.
    const { client, customer } = await customerIn("beneficiaries", { deathCover: 300_000 });
    const before = await stateOf(customer.id);
    expectRedirect(await postPackage(client.cookieHeader, formOf({ death: 300_000, disability: 100_000 }, { intent: "save" })), nextPath("package"));
    expect(await stateOf(customer.id)).toBe(before);
  });

  it("resolves SERVICE_REQ_CHANGE with a save", async () => {
    // 49 today, 50 on 5 March: the package saved today is over the 50–54 limits then.
    const code = personalCodeBornOn("1976-03-05", "F");
    const { client, customer } = await customerIn("questionnaire", { code, deathCover: 300_000, disabilityCover: 150_000 });
    app.clock.set("2026-03-06T10:00:00Z");
    await client.signIn(code);
    const loaded = await run<LoaderData>(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never));
    expect(loaded.data!.warning).toEqual({ from: { death: 300_000, disability: 150_000 }, to: { death: 200_000, disability: 100_000 } });
    expect(loaded.data!.values).toMatchObject({ sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 100_000 });
    expectRedirect(await postPackage(client.cookieHeader, formOf({ death: 200_000, disability: 100_000 }, { intent: "save" })), "/questionnaire");
    expect(await stateOf(customer.id)).toBe("SERVICE_SELECTED");
    app.clock.set(NOW);
  });

  it("has one effect when the same submission key is posted twice in parallel", async () => {
    const { client, customer } = await customerIn();
    const key = "route-package-key-0123456789";
    const form = formOf({ death: 100_000, disability: 50_000 }, { intent: "save", _submission: key });
    const outcomes = await Promise.all([postPackage(client.cookieHeader, form), postPackage(client.cookieHeader, form)]);
    for (const outcome of outcomes) expectRedirect(outcome, "/questionnaire");
    const events = await app.core.db.query<{ events: Array<{ event: string }> | null }>(`SELECT data->'events' AS events FROM sessions WHERE customer_id = $1`, [customer.id]);
    expect(events.flatMap((r) => r.events ?? []).filter((e) => e.event === "signup_progress")).toHaveLength(1);
  });

  it("saves what the form sends again under the same key with another amount (decision 0314)", async () => {
    const { client } = await customerIn();
    const key = "route-package-changed-0123456789";
    expectRedirect(await postPackage(client.cookieHeader, formOf({ death: 100_000, disability: 50_000 }, { intent: "save", _submission: key })), "/questionnaire");
    expectRedirect(await postPackage(client.cookieHeader, formOf({ death: 120_000, disability: 50_000 }, { intent: "save", _submission: key })), "/questionnaire");
    expect(await (await client.fetch("/api/onboarding/proposal")).json()).toMatchObject({ sumInsuredForDeathCover: 120_000 });
  });
});

describe("the age re-check on state reads (PRODUCT.md section 3)", () => {
  /** A customer born on `birth`, signed in on `at` and walked to `place` with the package `proposal` (the questionnaire it and the body need, every answer no). */
  async function savedBefore(birth: string, at: string, place: Point, proposal: { death: number; disability: number }, body?: { height: number; weight: number }) {
    app.clock.set(at);
    const code = personalCodeBornOn(birth, "F");
    const { client, customer } = await customerAt(app, place, { code, deathCover: proposal.death, disabilityCover: proposal.disability, body });
    return { client, customer, code };
  }

  async function auditCount(customerId: number) {
    return (await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE customer_id = $1`, [customerId])).length;
  }

  it("GET /api/onboarding/state: a package over the new band's limits → SERVICE_REQ_CHANGE, stored", async () => {
    // 49 on 2026-05-01, 50 from 2026-05-20 (Tallinn): 300 000 is above the 50–54 maximum.
    const { client, customer, code } = await savedBefore("1976-05-20", "2026-05-01T09:00:00Z", "beneficiaries", { death: 300_000, disability: 150_000 });
    const audited = await auditCount(customer.id);
    // Still 49: the state stays the one that lands on the beneficiaries' step.
    expect((await (await client.fetch("/api/onboarding/state")).json()).state).toBe(stateLandingOn("beneficiaries"));
    // 23:59 on 19 May in Tallinn: still 49 (a new session: the first one has expired).
    app.clock.set("2026-05-19T20:59:00Z");
    await client.signIn(code);
    expect((await (await client.fetch("/api/onboarding/state")).json()).state).toBe(stateLandingOn("beneficiaries"));
    app.clock.set("2026-05-19T21:00:00Z");
    expect((await (await client.fetch("/api/onboarding/state")).json()).state).toBe("SERVICE_REQ_CHANGE");
    expect(await stateOf(customer.id)).toBe("SERVICE_REQ_CHANGE");
    // No health data was read for it.
    expect(await auditCount(customer.id)).toBe(audited);
    app.clock.set(NOW);
  });

  it("GET /api/onboarding/state: a UW_L1 answer at 50 → QUESTIONNAIRE_REQ_CHANGE; UW_L2 stays", async () => {
    const l1 = await savedBefore("1976-05-20", "2026-05-10T09:00:00Z", "offer", { death: 100_000, disability: 50_000 });
    // A body mass index of 30.9 asks for UW_L2 at 49 already.
    const l2 = await savedBefore("1976-05-20", "2026-05-10T09:00:00Z", "offer", { death: 100_000, disability: 50_000 }, { height: 180, weight: 100 });
    app.clock.set("2026-05-21T09:00:00Z");
    for (const who of [l1, l2]) await who.client.signIn(who.code);
    expect((await (await l1.client.fetch("/api/onboarding/state")).json()).state).toBe("QUESTIONNAIRE_REQ_CHANGE");
    expect((await (await l2.client.fetch("/api/onboarding/state")).json()).state).toBe("BENEFICIARIES_DEFINED");
    expect(await stateOf(l1.customer.id)).toBe("QUESTIONNAIRE_REQ_CHANGE");
    // A later read does not move it back: only a save resolves a *_REQ_CHANGE state.
    expect((await (await l1.client.fetch("/api/onboarding/state")).json()).state).toBe("QUESTIONNAIRE_REQ_CHANGE");
    app.clock.set(NOW);
  });

  it("the page guard applies it and sends the customer to the new state's step", async () => {
    // UW_L1 answered for 150 000, then 300 000 chosen: the questionnaire is asked again.
    const { client, customer } = await savedBefore("1976-05-20", "2026-05-19T20:50:00Z", "offer", { death: 150_000, disability: 150_000 });
    await saveStep(client, "package", { deathCover: 300_000, disabilityCover: 150_000 });
    const beforeBirthday = await run(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never));
    expect(beforeBirthday.status).toBe(200);
    // Past midnight in the same session: the page's own read moves the state.
    app.clock.set("2026-05-19T21:05:00Z");
    const { loader: offerLoader } = await import("~/routes/offer");
    // /offer is not allowed in SERVICE_REQ_CHANGE: the customer goes to /package, not /unavailable.
    expectRedirect(await run(() => offerLoader(routeArgs(app, "/offer", { cookie: client.cookieHeader }) as never)), "/package");
    expect(await stateOf(customer.id)).toBe("SERVICE_REQ_CHANGE");
    const page = await run<LoaderData>(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never));
    expect(page.data!.openSteps).toEqual(["account", "score", "package"]);
    expect(page.data!.warning).toEqual({ from: { death: 300_000, disability: 150_000 }, to: { death: 200_000, disability: 100_000 } });
    // Saving the package resolves it; the UW_L1 answer at 50 then needs the long set.
    const saved = await client.fetch("/api/onboarding/proposal", { method: "POST", json: { sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 100_000, services: [] } });
    expect((await saved.json()).state).toBe("QUESTIONNAIRE_REQ_CHANGE");
    app.clock.set(NOW);
  });

  it("every /api call and the sign-in's landing apply it: past a birthday the application is neither confirmed nor signed as it was saved (docs/decisions/0308)", async () => {
    // Saved at 49 with the short set, and at 64: 50 and 65 from 20 May (00:00 in Tallinn is 21:00 UTC the day before).
    const short = await savedBefore("1976-05-20", "2026-05-19T20:50:00Z", "offer", { death: 100_000, disability: 50_000 });
    const oldest = await savedBefore("1961-05-20", "2026-05-19T20:50:00Z", "offer", { death: 50_000, disability: 20_000 });
    for (const who of [short, oldest]) {
      const confirmed = await who.client.fetch("/api/onboarding/offer", { method: "POST", json: { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true } });
      expect(confirmed.status).toBe(200);
    }
    // A minute past midnight, in the same sessions: no page was read, only the /api.
    app.clock.set("2026-05-19T21:01:00Z");
    for (const who of [short, oldest]) {
      const signing = await who.client.fetch("/api/sign/init", { method: "POST" });
      expect([signing.status, (await signing.json()).errors]).toEqual([409, [{ code: "error.wrong_state" }]]);
      expect((await who.client.fetch("/api/onboarding/offer")).status).toBe(409);
    }
    expect(await stateOf(short.customer.id)).toBe("QUESTIONNAIRE_REQ_CHANGE");
    expect(await stateOf(oldest.customer.id)).toBe("SERVICE_REQ_CHANGE");
    // A sign-in lands where the state after the re-check does.
    const again = await savedBefore("1976-05-20", "2026-05-19T20:50:00Z", "offer", { death: 100_000, disability: 50_000 });
    app.clock.set("2026-05-20T09:00:00Z");
    expect((await again.client.signIn(again.code)).redirectTo).toBe("/questionnaire");
    const oldestAgain = await savedBefore("1961-05-20", "2026-05-19T20:50:00Z", "offer", { death: 50_000, disability: 20_000 });
    app.clock.set("2026-05-20T09:00:00Z");
    expect((await oldestAgain.client.signIn(oldestAgain.code)).redirectTo).toBe("/package");
    app.clock.set(NOW);
  });

  it("costs nothing in the other states (no query)", async () => {
    const { customer } = await customerIn("package");
    const db = app.core.db;
    let queries = 0;
    const original = db.query.bind(db);
    (db as { query: typeof db.query }).query = ((...args: Parameters<typeof db.query>) => {
      queries += 1;
      return original(...args);
    }) as typeof db.query;
    try {
      for (const state of STATES.filter((state) => !RECHECKED_STATES.has(state))) {
        expect(await app.core.proposal.recheckAge({ ...customer, state })).toBe(state);
      }
      expect(queries).toBe(0);
      expect(await app.core.proposal.recheckAge({ ...customer, state: "SERVICE_SELECTED" })).toBe("SERVICE_SELECTED");
      expect(queries).toBe(1);
    } finally {
      (db as { query: typeof db.query }).query = original;
    }
  });
});

describe("one call to the core per request: the use cases answer what the page needs", () => {
  it("proposal.page answers the limits, the saved package, the values priced and the pricing facts; a kept draft first", async () => {
    const { customer } = await customerIn("package", { age: 40, score: 40 });
    const who = customer;
    const start = () => ({ sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 20_000, services: [] });
    const fresh = await app.core.proposal.page(who, { draft: null, start });
    expect(fresh).toMatchObject({ ok: true, value: { saved: null, values: start(), limits: { sumLimitsForDeathCover: { max: 300_000 } } } });
    if (!fresh.ok) return;
    expect(fresh.value.estimation?.premiumTotal).toBeGreaterThan(150);
    expect(typeof fresh.value.pricing).toBe("string");

    // A draft as the form posted it: read with today's limits (123 400 snapped to 125 000) and priced.
    const draft = { fields: { sumInsuredForDeathCover: "123400", deathCoverRange: "50000", deathCoverWas: "50000", sumInsuredForDisabilityCover: "0", services: "TELEMED" } };
    const drafted = await app.core.proposal.page(who, { draft, start });
    expect(drafted).toMatchObject({ ok: true, value: { values: { sumInsuredForDeathCover: 125_000, sumInsuredForDisabilityCover: 0, services: ["TELEMED"] } } });
    // A draft that no longer holds gives way to the start.
    const stale = await app.core.proposal.page(who, { draft: { fields: { sumInsuredForDeathCover: "900000" } }, start });
    expect(stale).toMatchObject({ ok: true, value: { values: start() } });
  });

  it("proposal.page and the page's estimate refuse an age outside 18–64 (error.age_limit), and so does the action", async () => {
    // 64 when they reached the package step, 65 since 25 February (as the test above).
    app.clock.set("2026-02-20T10:00:00Z");
    const code = personalCodeBornOn("1961-02-25", "M");
    const { client, customer } = await customerAt(app, "package", { code });
    app.clock.set(NOW);
    await client.signIn(code);
    const who = customer;
    expect(await app.core.proposal.page(who, { draft: null, start: () => PACKAGE as never })).toEqual({ ok: false, failure: [{ code: "error.age_limit" }] });
    // The page's own read of the state turns the customer away first (no package saved: PRODUCT.md
    // section 3, as a first sign-in at 65): the action sends them to /unavailable.
    const outcome = await postPackage(client.cookieHeader, { intent: "estimate", seq: "1", sumInsuredForDeathCover: "100000", sumInsuredForDisabilityCover: "100000" });
    expectRedirect(outcome, "/unavailable");
  });

  it("proposal.quote reads the page's form with today's limits: the package as read, and its price", async () => {
    const { customer } = await customerIn("package", { age: 40, score: 40 });
    const who = customer;
    const fields = { sumInsuredForDeathCover: "50000", deathCoverRange: "100000", deathCoverWas: "50000", sumInsuredForDisabilityCover: "100000", services: ["MENTAL"] };
    const quoted = await app.core.proposal.quote(who, { fields });
    expect(quoted).toMatchObject({ ok: true, value: { proposal: { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: ["MENTAL"] } } });
    const refused = await app.core.proposal.quote(who, { fields: { ...fields, sumInsuredForDeathCover: "900000", deathCoverWas: "100000", services: "SPA" } });
    expect(refused).toEqual({
      ok: false,
      failure: [
        { code: "package.error.death_range", context: "sumInsuredForDeathCover" },
        { code: "package.error.services", context: "services" },
      ],
    });
  });
});
