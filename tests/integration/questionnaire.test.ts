/**
 * The questionnaire step: the /api paths, the /questionnaire loader and action, and the
 * health-data rules (sealed, audited on every read and write).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthCipher } from "~/core/health-data";
import { nextPath } from "~/lib/route-access";
import { action as questionnaireAction, loader as questionnaireLoader } from "~/routes/questionnaire";
import { Client, startTestApp, type TestApp } from "../support/app";
import { expectRedirect, routeArgs, run } from "../support/routes";
import {
  addBeneficiary,
  ALL_NO_UW_L1,
  ALL_NO_UW_L2,
  auditRows,
  customerOnQuestionnaire,
  setProposal,
  stateOf,
} from "../support/questionnaire";
import { freshPolicyholder } from "../support/customers";
import { customerAskedAgain, customerAt } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const post = (client: Client, json: unknown, method = "POST") => client.fetch("/api/onboarding/questionnaire", { method, json });
const requiredType = async (client: Client, query = "") => {
  const response = await client.fetch(`/api/onboarding/questionnaire/required-type${query}`);
  return { status: response.status, body: await response.json() };
};

async function sealedRow(customerId: number) {
  const [row] = await app.core.db.query<{ type: string; answers_sealed: string }>(
    `SELECT type, answers_sealed FROM questionnaires WHERE customer_id = $1`,
    [customerId],
  );
  return row;
}

describe("GET /api/onboarding/questionnaire/required-type", () => {
  it("answers 401 without a session and 409 in a state before the package", async () => {
    expect((await new Client(app.url).fetch("/api/onboarding/questionnaire/required-type?h=180&w=80")).status).toBe(401);
    const { client } = await customerAt(app, "package");
    expect(await requiredType(client, "?h=180&w=80")).toEqual({ status: 409, body: { errors: [{ code: "error.wrong_state" }] } });
  });

  it("without a saved package (a state set by hand) lets age alone decide, and refuses a save", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app, { age: 35 });
    await app.core.db.query(`DELETE FROM proposals WHERE customer_id = $1`, [customerId]);
    expect(await requiredType(client, "?h=180&w=80")).toEqual({ status: 200, body: { type: "UW_L1" } });
    const response = await post(client, { height: 180, weight: 80, content: ALL_NO_UW_L1 });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });
  });

  it("decides by the body-mass index with h and w (decimal comma accepted)", async () => {
    const { client } = await customerOnQuestionnaire(app, { age: 35, deathCover: 100_000 });
    expect(await requiredType(client, "?h=180&w=80")).toEqual({ status: 200, body: { type: "UW_L1" } });
    expect((await requiredType(client, "?h=180&w=59,9")).body).toEqual({ type: "UW_L2" }); // BMI 18.49
    expect((await requiredType(client, "?h=180&w=59,94")).status).toBe(400); // two decimals
    expect((await requiredType(client, "?h=180&w=97,2")).body).toEqual({ type: "UW_L2" }); // BMI 30
    expect((await requiredType(client, "?h=180&w=51,8")).body).toEqual({ type: "UNAVAILABLE" }); // BMI 15.99
    expect((await requiredType(client, "?h=180&w=129,6")).body).toEqual({ type: "UNAVAILABLE" }); // BMI 40
  });

  it("takes the customer's age and the saved proposal's cover from the database", async () => {
    const older = await customerOnQuestionnaire(app, { age: 50, deathCover: 100_000 });
    expect((await requiredType(older.client, "?h=180&w=80")).body).toEqual({ type: "UW_L2" });
    const younger = await customerOnQuestionnaire(app, { age: 49, deathCover: 150_000 });
    expect((await requiredType(younger.client, "?h=180&w=80")).body).toEqual({ type: "UW_L1" });
    await setProposal(app, younger.customerId, 155_000);
    expect((await requiredType(younger.client, "?h=180&w=80")).body).toEqual({ type: "UW_L2" });
  });

  it("names the query fields h and w in errors", async () => {
    const { client } = await customerOnQuestionnaire(app);
    expect(await requiredType(client, "?h=abc&w=80")).toEqual({ status: 400, body: { errors: [{ code: "error.decimal", context: "h" }] } });
    expect(await requiredType(client, "?h=180")).toEqual({ status: 400, body: { errors: [{ code: "error.required", context: "w" }] } });
    expect(await requiredType(client, "?h=50&w=80")).toEqual({ status: 400, body: { errors: [{ code: "error.height_range", context: "h" }] } });
    // Given twice: invalid, as any /api parameter (it read as missing).
    expect(await requiredType(client, "?h=180&h=181&w=80")).toEqual({ status: 400, body: { errors: [{ code: "error.invalid", context: "h" }] } });
  });

  it("without h and w: age and cover alone before a save, the saved height and weight after one (an audited read)", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app, { age: 35, deathCover: 100_000 });
    expect((await requiredType(client)).body).toEqual({ type: "UW_L1" });
    await setProposal(app, customerId, 200_000);
    expect((await requiredType(client)).body).toEqual({ type: "UW_L2" });
    await setProposal(app, customerId, 100_000);
    expect(await auditRows(app, customerId)).toEqual([]);

    // BMI 30.9: the long set, whatever age and cover say.
    expect((await post(client, { height: 180, weight: 100, content: ALL_NO_UW_L2 })).status).toBe(200);
    expect((await requiredType(client)).body).toEqual({ type: "UW_L2" });
    // Only the figures are read for it, and the read says so.
    expect((await auditRows(app, customerId)).map((r) => `${r.action} ${r.subject}`)).toEqual(["write questionnaire", "read questionnaire:body"]);
  });
});

describe("POST and PUT /api/onboarding/questionnaire", () => {
  it("saves the short set: state, type and the next step; sealed and audited", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    const content = {
      ...ALL_NO_UW_L1,
      hospitalization: true,
      hospitalizationExtra: { disease: "Pimesoolepõletik", whenDiagnosed: "märts 2021" },
    };
    const response = await post(client, { height: 180, weight: 80.5, content });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ state: "QUESTIONNAIRE_COMPLETE", type: "UW_L1", redirectTo: nextPath("questionnaire"), replayed: false });
    expect(await stateOf(app, customerId)).toBe("QUESTIONNAIRE_COMPLETE");

    const row = await sealedRow(customerId);
    expect(row.type).toBe("UW_L1");
    expect(row.answers_sealed.startsWith("v1.")).toBe(true);
    for (const plain of ["Pimesoole", "hospitalization", "80.5", "height", "content"]) expect(row.answers_sealed).not.toContain(plain);
    const cipher = healthCipher(app.config.healthDataKeys);
    expect(cipher.decrypt(row.answers_sealed, `questionnaire:${customerId}`)).toEqual({ height: 180, weight: 80.5, type: "UW_L1", content });
    expect(() => cipher.decrypt(row.answers_sealed, `questionnaire:${customerId + 1}`)).toThrow();
    expect(await auditRows(app, customerId)).toEqual([{ actor: `customer:${customerId}`, action: "write", subject: "questionnaire" }]);
  });

  it("queues the signup_progress event for the next page", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    await post(client, { height: 180, weight: 80, content: ALL_NO_UW_L1 });
    const [session] = await app.core.db.query<{ events: unknown[] }>(
      `SELECT data->'events' AS events FROM sessions WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [customerId],
    );
    expect(session.events).toContainEqual({ event: "signup_progress", signup_step: "questionnaire", country: "ee" });
  });

  it("answers field errors with their context, and stores nothing", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    const response = await post(client, {
      weight: "80,55",
      content: { ...ALL_NO_UW_L1, medicines: undefined, hospitalization: true, hospitalizationExtra: { disease: "" } },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { code: "error.required", context: "height" },
      { code: "error.decimal", context: "weight" },
      { code: "error.required", context: "content.medicines" },
      { code: "error.required", context: "content.hospitalizationExtra.disease" },
      { code: "error.required", context: "content.hospitalizationExtra.whenDiagnosed" },
    ]);
    expect(await sealedRow(customerId)).toBeUndefined();
    expect(await stateOf(app, customerId)).toBe("SERVICE_SELECTED");
    expect(await auditRows(app, customerId)).toEqual([]);
  });

  it("refuses an answer the application cannot print (an emoji, an ideograph, a bidirectional override) with its context, and stores nothing", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    const response = await post(client, {
      height: 180,
      weight: 80,
      content: { ...ALL_NO_UW_L1, hospitalization: true, hospitalizationExtra: { disease: "Astma 😀 头痛", whenDiagnosed: "\u202e2021" } },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { code: "error.text_characters", context: "content.hospitalizationExtra.disease" },
      { code: "error.text_characters", context: "content.hospitalizationExtra.whenDiagnosed" },
    ]);
    expect(await sealedRow(customerId)).toBeUndefined();
    // Lines typed in the textarea (CR LF) and the signs a diagnosis is written with are taken.
    const saved = await post(client, {
      height: 180,
      weight: 80,
      content: { ...ALL_NO_UW_L1, hospitalization: true, hospitalizationExtra: { disease: "Astma\r\nravi: 2× päevas ½ tabletti (5 µg)", whenDiagnosed: "03.2021" } },
    });
    expect(saved.status).toBe(200);
  });

  it("answers error.bmi_limit when the body-mass index makes the product unavailable", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    const response = await post(client, { height: 180, weight: 130, content: ALL_NO_UW_L2 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ code: "error.bmi_limit" }] });
    expect(await sealedRow(customerId)).toBeUndefined();
    expect(await stateOf(app, customerId)).toBe("SERVICE_SELECTED");
  });

  it("asks the long set when the body-mass index requires it, and saves it (PUT)", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    const short = await post(client, { height: 180, weight: 98, content: ALL_NO_UW_L1 }, "PUT");
    expect(short.status).toBe(400);
    const { errors } = await short.json();
    expect(errors).toContainEqual({ code: "error.required", context: "content.respiratory" });
    expect(errors).toContainEqual({ code: "error.required", context: "content.drugs" });
    expect(errors).not.toContainEqual({ code: "error.required", context: "content.sickLeave" });

    const content = { ...ALL_NO_UW_L2, smoking: true, smokingExtra: { howMany: 10 } };
    const long = await post(client, { height: 180, weight: 98, content }, "PUT");
    expect(await long.json()).toEqual({ state: "QUESTIONNAIRE_COMPLETE", type: "UW_L2", redirectTo: nextPath("questionnaire"), replayed: false });
    expect((await sealedRow(customerId)).type).toBe("UW_L2");
    expect(await app.core.questionnaire.smoker(customerId)).toBe(true);
  });

  it("keeps the submitted height and weight: later saves cannot change them", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    expect((await post(client, { height: 180, weight: 80, content: ALL_NO_UW_L1 })).status).toBe(200);
    // 130 kg would be UNAVAILABLE; the saved figures stand.
    const again = await post(client, { height: 180, weight: 130, content: { ...ALL_NO_UW_L1, medicines: true, medicinesExtra: { medicine: "Letrox 50 µg", reason: "kilpnääre", period: "2020–" } } });
    expect(again.status).toBe(200);
    const saved = await app.core.questionnaire.get(customerId, "operator");
    expect(saved).toMatchObject({ height: 180, weight: 80, type: "UW_L1", content: { medicines: true } });
  });

  it("reads only the saved height and weight for a later save, and records that read even when the save is refused", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    expect((await post(client, { height: 180, weight: 80, content: ALL_NO_UW_L1 })).status).toBe(200);
    const cipher = healthCipher(app.config.healthDataKeys);
    const [row] = await app.core.db.query<{ body_sealed: string }>(`SELECT body_sealed FROM questionnaires WHERE customer_id = $1`, [customerId]);
    expect(cipher.decrypt(row.body_sealed, `questionnaire-body:${customerId}`)).toEqual({ height: 180, weight: 80 });

    // Refused (an answer missing) under a submission key: its transaction is rolled back, its read still recorded.
    const submissionKey = `questionnaire-${Math.random().toString(36).slice(2, 12)}-refused`;
    const refused = await post(client, { content: { ...ALL_NO_UW_L1, medicines: undefined }, submissionKey }, "PUT");
    expect(refused.status).toBe(400);
    expect((await post(client, { content: ALL_NO_UW_L1 }, "PUT")).status).toBe(200);
    const actor = `customer:${customerId}`;
    expect(await auditRows(app, customerId)).toEqual([
      { actor, action: "write", subject: "questionnaire" },
      { actor, action: "read", subject: "questionnaire:body" },
      { actor, action: "read", subject: "questionnaire:body" },
      { actor, action: "write", subject: "questionnaire" },
    ]);
  });

  it("reads a questionnaire saved before height and weight were sealed alone as a whole, and records it so", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    expect((await post(client, { height: 180, weight: 80, content: ALL_NO_UW_L1 })).status).toBe(200);
    await app.core.db.query(`UPDATE questionnaires SET body_sealed = NULL WHERE customer_id = $1`, [customerId]);
    expect((await requiredType(client)).body).toEqual({ type: "UW_L1" });
    expect((await post(client, { content: ALL_NO_UW_L1 }, "PUT")).status).toBe(200);
    const actor = `customer:${customerId}`;
    expect(await auditRows(app, customerId)).toEqual([
      { actor, action: "write", subject: "questionnaire" },
      { actor, action: "read", subject: "questionnaire" },
      { actor, action: "read", subject: "questionnaire" },
      { actor, action: "write", subject: "questionnaire" },
    ]);
  });

  it("moves QUESTIONNAIRE_REQ_CHANGE to QUESTIONNAIRE_COMPLETE, or to BENEFICIARIES_DEFINED when beneficiaries are saved", async () => {
    const first = await customerAskedAgain(app, { from: "beneficiaries" });
    expect(await (await post(first.client, { height: 180, weight: 80, content: ALL_NO_UW_L2 })).json()).toMatchObject({
      state: "QUESTIONNAIRE_COMPLETE",
      type: "UW_L2",
    });

    const second = await customerAskedAgain(app);
    expect(await (await post(second.client, { height: 180, weight: 80, content: ALL_NO_UW_L2 })).json()).toMatchObject({
      state: "BENEFICIARIES_DEFINED",
    });
    expect(await stateOf(app, second.customer.id)).toBe("BENEFICIARIES_DEFINED");
  });

  it("never moves the state backwards, and refuses states before the package or after signing", async () => {
    const { client, customer } = await customerAt(app, "offer");
    expect(await (await post(client, { height: 180, weight: 80, content: ALL_NO_UW_L1 })).json()).toMatchObject({ state: "BENEFICIARIES_DEFINED" });
    expect(await stateOf(app, customer.id)).toBe("BENEFICIARIES_DEFINED");

    // Before the package, signed, a policyholder.
    for (const other of [await customerAt(app, "package"), await customerAt(app, "confirmation"), await freshPolicyholder(app)]) {
      const state = await stateOf(app, other.customer.id);
      const response = await post(other.client, { height: 180, weight: 80, content: ALL_NO_UW_L1 });
      expect(response.status, state).toBe(409);
      expect(await response.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });
      expect(await stateOf(app, other.customer.id)).toBe(state);
    }
  });

  it("has one effect when the same submissionKey is sent twice in parallel", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    const submissionKey = `questionnaire-${Math.random().toString(36).slice(2, 12)}-key`;
    const body = { height: 180, weight: 80, content: ALL_NO_UW_L1, submissionKey };
    const responses = await Promise.all([post(client, body), post(client, body)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    // One save and its replay, which says so as every other save's answer does.
    expect(bodies.map((b) => b.replayed).sort()).toEqual([false, true]);
    for (const b of bodies) expect(b).toEqual({ state: "QUESTIONNAIRE_COMPLETE", type: "UW_L1", redirectTo: nextPath("questionnaire"), replayed: b.replayed });
    expect(await auditRows(app, customerId)).toEqual([{ actor: `customer:${customerId}`, action: "write", subject: "questionnaire" }]);
    const progress = await app.core.db.query(
      `SELECT 1 FROM sessions s, jsonb_array_elements(s.data->'events') e WHERE s.customer_id = $1 AND e->>'event' = 'signup_progress' AND e->>'signup_step' = 'questionnaire'`,
      [customerId],
    );
    expect(progress).toHaveLength(1);
  });

  it("answers 401 without a session and 400 for a body that is not an object", async () => {
    expect((await post(new Client(app.url), { height: 180 })).status).toBe(401);
    const { client } = await customerOnQuestionnaire(app);
    const response = await post(client, [1, 2]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ code: "error.invalid" }] });
  });
});

describe("GET /api/onboarding/questionnaire", () => {
  it("answers {} before the first save, then the saved answers, recording every read", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    const empty = await client.fetch("/api/onboarding/questionnaire");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({});
    expect(await auditRows(app, customerId)).toEqual([]);

    const content = { ...ALL_NO_UW_L1, treatment: true, treatmentExtra: { disease: "Astma", treatmentAndDuration: "inhalaator, 2 aastat" } };
    await post(client, { height: "172,5", weight: "64", content });
    const read = await client.fetch("/api/onboarding/questionnaire");
    expect(await read.json()).toEqual({ height: 172.5, weight: 64, type: "UW_L1", content, bodyMassSubmitted: true });
    expect(await auditRows(app, customerId)).toEqual([
      { actor: `customer:${customerId}`, action: "write", subject: "questionnaire" },
      { actor: `customer:${customerId}`, action: "read", subject: "questionnaire" },
    ]);
    expect((await new Client(app.url).fetch("/api/onboarding/questionnaire")).status).toBe(401);
  });

  it("is closed where the step is (docs/api.md): 409 error.wrong_state before the package and once signed, nothing opened", async () => {
    const policyholder = await freshPolicyholder(app);
    const before = await auditRows(app, policyholder.customer.id);
    const closed = await policyholder.client.fetch("/api/onboarding/questionnaire");
    expect([closed.status, await closed.json()]).toEqual([409, { errors: [{ code: "error.wrong_state" }] }]);
    expect(await requiredType(policyholder.client)).toEqual({ status: 409, body: { errors: [{ code: "error.wrong_state" }] } });
    expect(await auditRows(app, policyholder.customer.id)).toEqual(before);
    const { client } = await customerAt(app, "package");
    expect((await client.fetch("/api/onboarding/questionnaire")).status).toBe(409);
  });
});

describe("/questionnaire loader and action", () => {
  const loaderOf = async (client: Client) => run<any>(() => questionnaireLoader(routeArgs(app, "/questionnaire", { cookie: client.cookieHeader }) as never));
  const submit = async (client: Client, form: Record<string, string>) =>
    run<any>(() => questionnaireAction(routeArgs(app, "/questionnaire", { cookie: client.cookieHeader, form }) as never));
  const shortNo = Object.fromEntries(Object.keys(ALL_NO_UW_L1).map((q) => [`content.${q}`, "no"]));

  it("sends a visitor without a session to /login and a customer before the package to /package", async () => {
    expectRedirect(await loaderOf(new Client(app.url)), "/login?redirectTo=%2Fquestionnaire");
    const { client } = await customerAt(app, "package");
    expect((await loaderOf(client)).location).toBe("/unavailable");
  });

  it("shows the set that age and cover require, empty, with no audited read before a save", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app, { age: 35, deathCover: 200_000 });
    const loaded = await loaderOf(client);
    expect(loaded.data).toMatchObject({ type: "UW_L2", body: null, reqChange: false, openSteps: ["account", "score", "package", "questionnaire"], defaults: { height: "", weight: "", content: {} } });
    expect(loaded.data.title).toMatch(/^terviseankeet \| /);
    expect(await auditRows(app, customerId)).toEqual([]);
  });

  it("saves, redirects to the next step, then shows the figures read-only and the saved answers", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    const form = {
      _submission: `route-${Math.random().toString(36).slice(2, 12)}-key`,
      type: "UW_L1",
      height: "172",
      weight: "68,5",
      ...shortNo,
      "content.treatment": "yes",
      "content.treatmentExtra.disease": "Astma",
      "content.treatmentExtra.treatmentAndDuration": "Inhalaator 2 aastat",
      "content.examinationExtra.reason": "typed under a no",
    };
    expectRedirect(await submit(client, form), nextPath("questionnaire"));
    expect(await stateOf(app, customerId)).toBe("QUESTIONNAIRE_COMPLETE");
    // A replay of the same post has no second effect.
    expectRedirect(await submit(client, form), nextPath("questionnaire"));
    expect((await auditRows(app, customerId)).filter((r) => r.action === "write")).toHaveLength(1);

    const loaded = await loaderOf(client);
    expect(loaded.data).toMatchObject({
      type: "UW_L1",
      body: { height: 172, weight: 68.5, heightText: "172", weightText: "68,5", bmiText: "23,2" },
      defaults: { content: { treatment: "yes", treatmentExtra: { disease: "Astma", treatmentAndDuration: "Inhalaator 2 aastat" }, examination: "no" } },
    });
    expect(loaded.data.defaults.content.examinationExtra).toBeUndefined();
    // The page reads the answers in the same statement that records the read: one row per view.
    expect((await auditRows(app, customerId)).map((r) => `${r.actor} ${r.action}`)).toEqual([`customer:${customerId} write`, `customer:${customerId} read`]);
    await loaderOf(client);
    expect((await auditRows(app, customerId)).filter((r) => r.action === "read")).toHaveLength(2);
  });

  it("answers field errors keeping what was typed, and an error title for the page shown again", async () => {
    const { client } = await customerOnQuestionnaire(app);
    const args = routeArgs(app, "/questionnaire", {
      cookie: client.cookieHeader,
      form: { type: "UW_L1", height: "172", weight: "68,55", ...shortNo, "content.hospitalization": "yes", "content.hospitalizationExtra.disease": "Kopsupõletik" },
    });
    const result = await run<any>(() => questionnaireAction(args as never));
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({
      weight: ["error.decimal"],
      "content.hospitalizationExtra.whenDiagnosed": ["error.required"],
    });
    expect(result.data.result.initialValue).toMatchObject({ weight: "68,55", content: { hospitalizationExtra: { disease: "Kopsupõletik" } } });
    // The loader of the same request (JavaScript off) prefixes the title.
    const page = await run<any>(() => questionnaireLoader(args as never));
    expect(page.data.title).toMatch(/^Viga: terviseankeet/);
  });

  it("switches the set on submit without JavaScript, keeping the answers and saying why", async () => {
    const { client } = await customerOnQuestionnaire(app);
    const result = await submit(client, { type: "UW_L1", height: "180", weight: "100", ...shortNo });
    expect(result.status).toBe(400);
    expect(result.data.type).toBe("UW_L2");
    expect(result.data.result.error).toEqual({ "": ["questionnaire.set_changed"] });
    expect(result.data.result.initialValue).toMatchObject({ height: "180", weight: "100" });
  });

  it("shows again, after a refused save, the set that save decided: the saved figures read once, by the save", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app, { age: 35, deathCover: 100_000 });
    // BMI 30.9: the long set, whatever age and cover say.
    expect((await post(client, { height: 180, weight: 100, content: ALL_NO_UW_L2 })).status).toBe(200);
    const form = Object.fromEntries(Object.keys(ALL_NO_UW_L2).filter((q) => q !== "drugs").map((q) => [`content.${q}`, "no"]));
    const result = await submit(client, { _submission: `route-${Math.random().toString(36).slice(2, 12)}-key`, type: "UW_L2", ...form });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ type: "UW_L2", result: { error: { "content.drugs": ["error.required"] } } });
    expect((await auditRows(app, customerId)).map((r) => `${r.action} ${r.subject}`)).toEqual(["write questionnaire", "read questionnaire:body"]);
  });

  it("the core's refused save carries the set it decided, for the page shown again", async () => {
    const { customerId } = await customerOnQuestionnaire(app, { age: 35, deathCover: 100_000 });
    const refused = await app.core.questionnaire.save({ customerId, session: null, form: { height: 180, weight: 100, content: ALL_NO_UW_L1 } });
    expect(refused).toMatchObject({ ok: false, found: { type: "UW_L2" } });
    const unavailable = await app.core.questionnaire.save({ customerId, session: null, form: { height: 180, weight: 130, content: ALL_NO_UW_L1 } });
    expect(unavailable).toMatchObject({ ok: false, failure: [{ code: "error.bmi_limit" }], found: { type: "UNAVAILABLE" } });
  });

  it("blocks with error.bmi_limit and no questions when the product is unavailable", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    const result = await submit(client, { type: "UW_L1", height: "180", weight: "130", ...shortNo });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ type: "UNAVAILABLE", result: { error: { "": ["error.bmi_limit"] } } });
    expect(await stateOf(app, customerId)).toBe("SERVICE_SELECTED");
  });

  it("warns in QUESTIONNAIRE_REQ_CHANGE", async () => {
    const { client } = await customerAskedAgain(app, { from: "beneficiaries" });
    expect((await loaderOf(client)).data).toMatchObject({ reqChange: true, type: "UW_L2" });
  });
});

describe("what other steps read from the answers", () => {
  it("prices a smoker (the long set's smoking yes) 1.5 times for death cover, recording the read", async () => {
    const estimate = async (client: Client) => (await (await client.fetch("/api/onboarding/estimation")).json()).premiumForDeathCover as number;
    const smoker = await customerOnQuestionnaire(app, { age: 50 });
    const other = await customerOnQuestionnaire(app, { age: 50 });
    const [smokerBefore, otherBefore] = [await estimate(smoker.client), await estimate(other.client)];
    expect((await post(smoker.client, { height: 180, weight: 80, content: { ...ALL_NO_UW_L2, smoking: true, smokingExtra: { howMany: 5 } } })).status).toBe(200);
    expect((await post(other.client, { height: 180, weight: 80, content: ALL_NO_UW_L2 })).status).toBe(200);
    expect(await estimate(other.client)).toBe(otherBefore);
    const smokerAfter = await estimate(smoker.client);
    // Premiums are whole cents, each rounded once: half a cent each side, times 1.5 before.
    expect(Math.abs(smokerAfter - smokerBefore * 1.5)).toBeLessThanOrEqual(1.25);
    expect(smokerAfter).toBeGreaterThan(smokerBefore);
    expect(await auditRows(app, smoker.customerId)).toContainEqual({ actor: "system:pricing", action: "read", subject: "questionnaire" });
  });

  it("get decrypts for the given actor and records it", async () => {
    const { client, customerId } = await customerOnQuestionnaire(app);
    expect(await app.core.questionnaire.get(customerId, "operator:underwriting")).toBeNull();
    await post(client, { height: 180, weight: 80, content: ALL_NO_UW_L1 });
    expect(await app.core.questionnaire.get(customerId, "operator:underwriting")).toMatchObject({ type: "UW_L1", height: 180, weight: 80 });
    expect(await app.core.questionnaire.smoker(customerId)).toBe(false);
    expect((await auditRows(app, customerId)).map((r) => `${r.actor} ${r.action}`)).toEqual([
      `customer:${customerId} write`,
      "operator:underwriting read",
      "system:pricing read",
    ]);
  });
});
