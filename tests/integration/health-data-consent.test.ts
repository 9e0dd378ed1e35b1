/**
 * An applicant withdraws the registration's health-data consent online (docs/decisions/0293):
 * through POST /api/self-service/consents and the data page's form post, in one transaction
 * under the customer's row lock — the withdrawal kept in consent_events, every health datum of
 * the application erased and each erasure audited, a pending signing ended, the state back at
 * the account step, nothing else moved; the same key again does nothing twice; another
 * customer's data untouched; a signed application and a contract refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allNo } from "~/core/demo/ready-to-sign";
import { action as dataAction, loader as dataLoader } from "~/routes/self-service.data";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerReadyToSign } from "../support/offer-application";
import { freshPersonalCode } from "../support/personal-codes";
import { customerAt, door, json, saveStep, walkTo } from "../support/reach";
import { expectRedirect, routeArgs, run, signedInCustomer } from "../support/routes";
import { REGISTRATION, signOnDemoDesk } from "../support/walk";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;

const withdraw = (client: Client, submissionKey?: string, given = false) =>
  client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "health-data", given, ...(submissionKey ? { submissionKey } : {}) } });

/** Every table that holds a health datum of the application, and how many of the customer's rows hold one. */
async function healthHeld(customerId: number) {
  const [row] = await app.core.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL) AS score_profiles,
            (SELECT count(*)::int FROM questionnaires WHERE customer_id = $1) AS questionnaires,
            (SELECT count(*)::int FROM health_measurements WHERE customer_id = $1) AS health_measurements,
            (SELECT count(*)::int FROM activity_connections WHERE customer_id = $1) AS activity_connections,
            (SELECT count(*)::int FROM drafts WHERE customer_id = $1 AND form IN ('score', 'questionnaire')) AS drafts,
            (SELECT count(*)::int FROM signings WHERE customer_id = $1 AND (document IS NOT NULL OR terms IS NOT NULL)) AS signings`,
    [customerId],
  );
  return row;
}

const NOTHING = { score_profiles: 0, questionnaires: 0, health_measurements: 0, activity_connections: 0, drafts: 0, signings: 0 };
const EVERYTHING = { score_profiles: 1, questionnaires: 1, health_measurements: 1, activity_connections: 1, drafts: 1, signings: 1 };

async function erasures(customerId: number) {
  return (
    await app.core.db.query<{ actor: string; subject: string }>(`SELECT actor, subject FROM health_data_audit WHERE customer_id = $1 AND action = 'erase' ORDER BY id`, [customerId])
  ).map((r) => `${r.actor} ${r.subject}`);
}

async function events(customerId: number) {
  return app.core.db.query<{ consent: string; given: boolean; via: string }>(`SELECT consent, given, via FROM consent_events WHERE customer_id = $1 ORDER BY id`, [customerId]);
}

const stateOf = async (code: string) => (await app.core.customers.byPersonalCode(code))!.state;

/** What stays: the contact details, the optional consents, the package and the beneficiaries. */
async function untouched(customerId: number) {
  const [row] = await app.core.db.query(
    `SELECT r.email, r.phone, r.occupation, r.newsletter_agreement, r.wl_agreement, r.conditions_agreement,
            (SELECT death_cover FROM proposals WHERE customer_id = $1) AS death_cover,
            (SELECT count(*)::int FROM beneficiaries WHERE customer_id = $1) AS beneficiaries
       FROM registrations r WHERE r.customer_id = $1`,
    [customerId],
  );
  return row;
}

/**
 * An applicant on the offer with every kind of health datum held: the score's answers, the
 * questionnaire, a measurement, the tracker's data, a draft of the questionnaire and a signing
 * started (its document states the answers).
 */
async function applicantHoldingEverything() {
  const at = await customerAt(app, "offer", { registration: { ...REGISTRATION, newsletterAgreement: true } });
  await saveStep(at.client, "offer");
  await json(await at.client.fetch("/api/score/health-measurement", { method: "POST", json: { bpm: 58.4, bmi: 22.1 } }), 201);
  const started = await json(await at.client.fetch("/api/integrations/activity/start", { method: "POST" }));
  const token = new URL(started.consentUrl, "http://localhost").searchParams.get("token");
  await json(await at.client.fetch("/api/integrations/activity/consent", { method: "POST", json: { token, decision: "approve" } }));
  await app.core.drafts.save(at.customer.id, "questionnaire", [["height", "181"]]);
  const signing = await door(at.client).post("/api/sign/init", undefined);
  expect(await healthHeld(at.customer.id)).toEqual(EVERYTHING);
  return { ...at, signing };
}

describe("POST /api/self-service/consents: an applicant withdraws the health-data consent", () => {
  it("erases every health datum of the application, each audited, ends the signing, goes back to the account step; nothing else moves, nothing twice", async () => {
    const { client, customer, code, signing } = await applicantHoldingEverything();
    const other = await applicantHoldingEverything();
    const before = await untouched(customer.id);
    const [pending] = await app.core.db.query<{ id: number }>(`SELECT id FROM signings WHERE customer_id = $1 AND status = 'pending'`, [customer.id]);
    const [profile] = await app.core.db.query<{ id: number }>(`SELECT id FROM score_profiles WHERE customer_id = $1`, [customer.id]);
    const [measurement] = await app.core.db.query<{ id: number }>(`SELECT id FROM health_measurements WHERE customer_id = $1`, [customer.id]);

    const shown = (await json(await client.fetch("/api/self-service/consents"))).consents;
    expect(shown.at(-1)).toMatchObject({ consent: "health-data", given: true, partner: null });

    const submissionKey = key();
    const response = await withdraw(client, submissionKey);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ consent: "health-data", given: false, at: app.clock.now().toISOString(), partner: null, replayed: false });

    expect(await healthHeld(customer.id)).toEqual(NOTHING);
    const actor = `customer:${customer.id}`;
    expect((await erasures(customer.id)).sort()).toEqual(
      [
        `${actor} score:${profile.id}`,
        `${actor} questionnaire`,
        `${actor} draft:questionnaire`,
        `${actor} signing-document:${pending.id}`,
        `${actor} activity:${customer.id}`,
        `${actor} measurement:${measurement.id}`,
      ].sort(),
    );
    expect((await events(customer.id)).slice(-3)).toEqual([
      { consent: "activity", given: false, via: "self-service" },
      { consent: "measurement", given: false, via: "self-service" },
      { consent: "health-data", given: false, via: "self-service" },
    ]);
    const [registration] = await app.core.db.query<{ health_data_agreement: boolean }>(`SELECT health_data_agreement FROM registrations WHERE customer_id = $1`, [customer.id]);
    expect(registration.health_data_agreement).toBe(false);
    expect(await stateOf(code)).toBe("NEW");
    expect(await json(await client.fetch("/api/onboarding/state"))).toMatchObject({ state: "NEW" });
    const [ended] = await app.core.db.query<{ status: string }>(`SELECT status FROM signings WHERE id = $1`, [pending.id]);
    expect(ended.status).toBe("failed");
    // The signing's frame signed afterwards concludes nothing.
    const completed = await client.fetch("/api/sign/complete", { method: "POST", json: { signingToken: signing.signingToken } });
    expect(completed.status).toBe(409);
    expect(await stateOf(code)).toBe("NEW");
    expect(await untouched(customer.id)).toEqual(before);

    // The same key again: the first answer, nothing erased, recorded or moved twice.
    const audited = (await erasures(customer.id)).length;
    const recorded = (await events(customer.id)).length;
    const again = await withdraw(client, submissionKey);
    expect(await again.json()).toMatchObject({ consent: "health-data", given: false, replayed: true });
    expect(await erasures(customer.id)).toHaveLength(audited);
    expect(await events(customer.id)).toHaveLength(recorded);
    // A new key after it: nothing left to withdraw, nothing recorded.
    expect(await (await withdraw(client, key())).json()).toMatchObject({ consent: "health-data", given: false, replayed: false });
    expect(await events(customer.id)).toHaveLength(recorded);

    // Another customer's data untouched.
    expect(await healthHeld(other.customer.id)).toEqual(EVERYTHING);
    expect(await erasures(other.customer.id)).toEqual([]);
    expect(await stateOf(other.code)).toBe("BENEFICIARIES_DEFINED");

    // The account step asks for the consent again; the score and the questionnaire start empty.
    expect(await json(await client.fetch("/api/onboarding/registration"))).toMatchObject({ healthDataAgreement: false, newsletterAgreement: true, email: REGISTRATION.email });
    // (The questionnaire's read is closed until the package is saved again: nothing of it is held.)
    expect((await client.fetch("/api/onboarding/questionnaire")).status).toBe(409);
    const withoutConsent = await client.fetch("/api/onboarding/registration", { method: "POST", json: { ...REGISTRATION, healthDataAgreement: false } });
    expect(withoutConsent.status).toBe(400);
    await saveStep(client, "account");
    expect(await stateOf(code)).toBe("ACCOUNT_REGISTERED");
    expect((await events(customer.id)).at(-1)).toEqual({ consent: "health-data", given: true, via: "registration" });
    const score = await json(await client.fetch("/api/score"));
    expect(score).toMatchObject({ score: null, savedAt: null });
    expect(Object.values(score.answers).filter((a: any) => a.value !== null && a.value !== undefined)).toEqual([]);
    expect((await json(await client.fetch("/api/self-service/consents"))).consents.at(-1)).toMatchObject({ consent: "health-data", given: true });
  });

  it("takes the kept outcomes of the score's and the questionnaire's saves with their answers: the score and the set derived from them go too", async () => {
    const { client, customer } = await customerAt(app, "questionnaire");
    const kept = async () =>
      (await app.core.db.query<{ form: string }>(`SELECT form FROM form_submissions WHERE customer_id = $1 ORDER BY created_at, form`, [customer.id])).map((r) => r.form);
    // The pages send a key with every save: the score's outcome holds its score and discount,
    // the questionnaire's the set a body-mass index of 30 or more demands.
    const scoreKey = key();
    const scored = await json(await client.fetch("/api/score", { method: "POST", json: { answers: { smoking: { value: false }, sleepHours: { value: 8 } }, submissionKey: scoreKey } }));
    await json(await client.fetch("/api/onboarding/questionnaire", { method: "POST", json: { height: 170, weight: 95, content: allNo("UW_L2"), submissionKey: key() } }));
    expect(await kept()).toEqual(["questionnaire", "score"]);
    const [first] = await app.core.db.query<{ outcome: Record<string, unknown> }>(`SELECT outcome FROM form_submissions WHERE key = $1`, [scoreKey]);
    expect(first.outcome).toMatchObject({ score: scored.score, discountPercent: scored.discountPercent });

    await json(await withdraw(client, key()));
    expect(await healthHeld(customer.id)).toMatchObject({ score_profiles: 0, questionnaires: 0 });
    // Only the withdrawal's own outcome is kept.
    expect(await kept()).toEqual(["consent"]);
  });

  it("keeps the partner the sign-in link attached: shown while back at the account step, kept by its save in a later session", async () => {
    const first = new Client(app.url);
    const code = freshPersonalCode({ age: 35 });
    expect((await first.signIn(code, "smart-id", "?src=partnerbank")).result).toBe("SUCCESS");
    await walkTo(first, "package", { registration: { ...REGISTRATION, wlAgreement: true } });
    const customer = (await app.core.customers.byPersonalCode(code))!;
    const partnerOf = async () =>
      (
        await app.core.db.query(
          `SELECT c.intermediary_source, r.src_intermediary, r.wl_agreement FROM customers c JOIN registrations r ON r.customer_id = c.id WHERE c.id = $1`,
          [customer.id],
        )
      )[0];
    const before = await partnerOf();
    expect(before).toMatchObject({ intermediary_source: "partnerbank", wl_agreement: true });
    await json(await withdraw(first, key()));

    // Another day, another session: the sign-in link's partner is not in it.
    const nextDay = new Client(app.url);
    expect((await nextDay.signIn(code)).result).toBe("SUCCESS");
    expect(await json(await nextDay.fetch("/api/onboarding/state"))).toMatchObject({ state: "NEW", intermediary: { name: "Partner Pank" } });
    await saveStep(nextDay, "account", { registration: { ...REGISTRATION, wlAgreement: true } });
    expect(await partnerOf()).toEqual(before);
    expect((await events(customer.id)).filter((e) => e.consent === "partner")).toHaveLength(1);
  });

  it("is given only at the account step, and refused once the application is signed or a contract runs", async () => {
    const { client, customer } = await customerAt(app, "questionnaire");
    expect(await json(await withdraw(client, undefined, true), 400)).toEqual({ errors: [{ code: "error.consent.given_at_account", context: "given" }] });

    // Waiting for the underwriter: the signed application is the underwriter's to decide on.
    const euw = await customerReadyToSign(app, {
      rows: { questionnaire: { type: "UW_L1", height: 175, weight: 70, content: { ...allNo("UW_L1"), hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik" } } } },
    });
    await saveStep(euw.client, "offer");
    expect(await signOnDemoDesk(door(euw.client))).toMatchObject({ state: "EUW" });
    expect((await json(await euw.client.fetch("/api/self-service/consents"))).consents.map((c: { consent: string }) => c.consent)).not.toContain("health-data");
    expect(await json(await withdraw(euw.client), 409)).toEqual({ errors: [{ code: "error.wrong_state", context: "consent" }] });
    // Declined by the underwriter: the decision's record is kept for legal claims.
    expect(await app.core.offer.operations.decline(euw.code)).toMatchObject({ ok: true });
    expect(await json(await withdraw(euw.client), 409)).toEqual({ errors: [{ code: "error.wrong_state", context: "consent" }] });
    expect(await erasures(euw.customer.id)).toEqual([]);

    // A policyholder withdraws it by ending the contract (decision 0258).
    const policyholder = await freshPolicyholder(app);
    expect(await json(await withdraw(policyholder.client), 409)).toEqual({ errors: [{ code: "error.wrong_state", context: "consent" }] });
    expect(await stateOf(policyholder.customer.personalCode)).toBe("SELF_SERVICE");
    expect(await erasures(customer.id)).toEqual([]);
  });
});

describe("the data page's consents panel", () => {
  type Page = { consents: Array<{ consent: string; given: boolean; submissionKey: string }> };

  it("shows the health-data consent given and withdraws it with its form post, back on the page with a notice; the same post again does nothing", async () => {
    const { customer, code } = await customerAt(app, "beneficiaries");
    const { cookie } = await signedInCustomer(app, { personalCode: code });
    const page = await run<Page>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
    const health = page.data!.consents.find((c) => c.consent === "health-data")!;
    expect(health).toMatchObject({ given: true });

    const form = { intent: "consent", consent: "health-data", _submission: health.submissionKey };
    expectRedirect(await run(() => dataAction(routeArgs(app, "/self-service/data", { cookie, form }))), "/self-service/data");
    expect(await healthHeld(customer.id)).toEqual(NOTHING);
    expect((await erasures(customer.id)).map((e) => e.split(" ")[1].split(":")[0]).sort()).toEqual(["questionnaire", "score"]);
    expect((await events(customer.id)).at(-1)).toEqual({ consent: "health-data", given: false, via: "self-service" });
    expect(await stateOf(code)).toBe("NEW");
    const sessions = await app.core.db.query<{ data: { notices?: Array<{ key: string }> } }>(`SELECT data FROM sessions WHERE customer_id = $1`, [customer.id]);
    expect(sessions.flatMap((r) => r.data.notices ?? [])).toContainEqual({ key: "self_service.consents.notice.health-data.withdrawn" });

    // A double click without JavaScript: the first answer, nothing more.
    expectRedirect(await run(() => dataAction(routeArgs(app, "/self-service/data", { cookie, form }))), "/self-service/data");
    expect(await erasures(customer.id)).toHaveLength(2);
    expect((await events(customer.id)).filter((e) => e.consent === "health-data")).toHaveLength(1);

    // Back on the page: withdrawn, with no button (the account step gives it), the way back to the account step.
    const after = await run<Page & { back: string }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
    expect(after.data!.consents.find((c) => c.consent === "health-data")).toMatchObject({ given: false });
    expect(after.data!.back).toBe("/account");
  });
});
