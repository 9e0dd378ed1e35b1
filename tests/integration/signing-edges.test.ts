/**
 * The signing at its edges (docs/audit-2026-12-01.md, "Audit of the signing"): what a
 * completion may conclude when the application, the signing or the provider's answer is not
 * the one the customer was shown; and a signature the completion did not reach (the provider
 * not answering, the session ended) completed later rather than signed again (docs/decisions/0289).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEETER_ALONE } from "../support/beneficiary-change";
import { allNo } from "~/core/demo/ready-to-sign";
import { action as offerAction, loader as offerLoader } from "~/routes/offer";
import type { Db } from "~/core/db/index";
import { auditLog, healthCipher } from "~/core/health-data";
import { submissionLog } from "~/core/idempotency";
import { offerService } from "~/core/offer";
import { renderPdf } from "~/core/documents/index";
import { loader as changeSigningLoader } from "~/routes/self-service.beneficiaries_.sign";
import { freshPolicyholder } from "../support/customers";
import { startFakeDokobitGateway, type FakeDokobitGateway } from "../fakes/dokobit-gateway";
import { dokobitSigningProvider } from "~/core/signing/dokobit";
import { Client, startTestApp, type TestApp } from "../support/app";
import { expectRedirect, routeArgs, run } from "../support/routes";
import { ALL_CONSENTS, customerReadyToSign, demoSigningPost } from "../support/offer-application";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-03-10T10:00:00Z" });
});
afterAll(() => app.close());

const stateOf = async (id: number, on: TestApp = app) => (await on.core.db.query<{ state: string }>(`SELECT state FROM customers WHERE id = $1`, [id]))[0].state;
/** The customer's signings, oldest first, and policies: what was signed and concluded, and how often. */
const signingsOf = (on: TestApp, id: number) =>
  on.core.db.query<{ status: string; token: string }>(`SELECT status, token FROM signings WHERE customer_id = $1 ORDER BY id`, [id]);
const policiesOf = (on: TestApp, id: number) => on.core.db.query(`SELECT id FROM policies WHERE customer_id = $1`, [id]);

async function startSigning(client: Client) {
  expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
  const init = await client.fetch("/api/sign/init", { method: "POST" });
  expect(init.status).toBe(200);
  return (await init.json()) as { signingToken: string; accessToken: string };
}

const demoSign = (client: Client, config: { signingToken: string; accessToken: string }) => demoSigningPost(client, config, "sign", true);

/**
 * A fake Dokobit gateway and an app signing there, its log lines in `logged`; with `timeoutMs`
 * the adapter waits that long for an answer instead of the service's 15 s.
 */
async function startAtGateway(logged: string[], timeoutMs?: number) {
  const fake = await startFakeDokobitGateway();
  const app = await startTestApp({
    now: "2026-03-10T10:00:00Z",
    env: { SIGNING_PROVIDER: "dokobit", DOKOBIT_GATEWAY_URL: fake.url, DOKOBIT_GATEWAY_ACCESS_TOKEN: fake.accessToken },
    signing: timeoutMs === undefined ? undefined : dokobitSigningProvider({ baseUrl: fake.url, accessToken: fake.accessToken, timeoutMs, pollDelayMs: 10 }),
    log: { write: (line) => void logged.push(line) },
  });
  const close = async () => {
    await app.close();
    await fake.close();
  };
  return { fake, app, close };
}

/** A policyholder's beneficiary change whose signing the customer signed at the gateway, and its completion. */
async function changeSignedAtGateway(on: TestApp, fake: FakeDokobitGateway) {
  const { client, customer } = await freshPolicyholder(on);
  const beneficiaries = PEETER_ALONE;
  expect((await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries } })).status).toBe(200);
  const config = (await (await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" })).json()) as { signingToken: string };
  fake.sign(config.signingToken);
  const complete = () => client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: { signingToken: config.signingToken } });
  return { customer, config, complete };
}

const hospitalized = { type: "UW_L1" as const, height: 180, weight: 80, content: { ...allNo("UW_L1"), hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik" } } };

describe("the application changed while its signing ran", () => {
  it("answers saved again in another tab end the signing: the answers signed for underwriting never conclude a contract without it", async () => {
    const { client, customer } = await customerReadyToSign(app, { rows: { questionnaire: hospitalized } });
    const config = await startSigning(client);
    // Another tab: the questionnaire saved again, every answer "no".
    const saved = await client.fetch("/api/onboarding/questionnaire", { method: "POST", json: { height: 180, weight: 80, content: allNo("UW_L1") } });
    expect(saved.status).toBe(200);
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
    await demoSign(client, config);
    const completed = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
    expect(completed.status).toBe(409);
    expect(await app.core.db.query(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id])).toEqual([]);
  });
});

describe("the offer changed after the page showed it (docs/decisions/0305)", () => {
  type ShownOffer = { offerVersion: string; startDate: string; term: { withdrawalFrom: string }; estimation: { premiumTotal: number } };
  const offerOf = async (client: Client) => (await (await client.fetch("/api/onboarding/offer")).json()) as ShownOffer;
  const savePackage = (client: Client, death: number) =>
    client.fetch("/api/onboarding/proposal", { method: "POST", json: { sumInsuredForDeathCover: death, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL", "TELEMED"] } });
  const saveOffer = (client: Client, offerVersion?: string) => client.fetch("/api/onboarding/offer", { method: "POST", json: { ...ALL_CONSENTS, offerVersion } });
  const consentsSaved = async (id: number) => (await app.core.db.query(`SELECT 1 FROM offers WHERE customer_id = $1`, [id])).length === 1;
  const answerReads = async (id: number) =>
    (await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE customer_id = $1 AND action = 'read' AND subject LIKE 'questionnaire%'`, [id])).length;

  it("another tab's package: the save naming the offer shown is refused, nothing saved, its read of the answers audited; the offer shown now saves", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const shown = await offerOf(client);
    expect(shown.offerVersion).toMatch(/^[\w-]{16}$/);
    expect((await savePackage(client, 150_000)).status).toBe(200);
    const reads = await answerReads(customer.id);
    const refused = await saveOffer(client, shown.offerVersion);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ errors: [{ code: "error.offer_changed" }] });
    expect(await consentsSaved(customer.id)).toBe(false);
    expect(await answerReads(customer.id)).toBe(reads + 1);
    expect((await client.fetch("/api/sign/init", { method: "POST" })).status).toBe(409);
    const now = await offerOf(client);
    expect(now.offerVersion).not.toBe(shown.offerVersion);
    expect(now.estimation.premiumTotal).toBeGreaterThan(shown.estimation.premiumTotal);
    expect((await saveOffer(client, now.offerVersion)).status).toBe(200);
    expect(await consentsSaved(customer.id)).toBe(true);
  });

  it("the same package saved again is the same offer; a save naming none saves the offer as it is now, as before; one naming it by no text is refused", async () => {
    const { client } = await customerReadyToSign(app);
    const shown = await offerOf(client);
    expect((await savePackage(client, 100_000)).status).toBe(200);
    expect((await offerOf(client)).offerVersion).toBe(shown.offerVersion);
    expect((await saveOffer(client, shown.offerVersion)).status).toBe(200);
    const other = await customerReadyToSign(app);
    expect((await savePackage(other.client, 150_000)).status).toBe(200);
    const notText = await other.client.fetch("/api/onboarding/offer", { method: "POST", json: { ...ALL_CONSENTS, offerVersion: 7 } });
    expect(notText.status).toBe(400);
    expect(await notText.json()).toEqual({ errors: [{ code: "error.invalid", context: "offerVersion" }] });
    expect((await saveOffer(other.client)).status).toBe(200);
  });

  it("answers that bring the underwriter (the contract concluded on acceptance), and midnight (another start): each is another offer", async () => {
    const before = app.clock.now();
    try {
      app.clock.set(new Date("2026-03-10T21:57:00Z")); // 23:57 in Tallinn
      const { client } = await customerReadyToSign(app);
      const shown = await offerOf(client);
      const hospital = { height: 180, weight: 80, content: { ...allNo("UW_L1"), hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik", whenDiagnosed: "2025" } } };
      expect((await client.fetch("/api/onboarding/questionnaire", { method: "POST", json: hospital })).status).toBe(200);
      const underwritten = await offerOf(client);
      expect(underwritten.term.withdrawalFrom).toBe("acceptance");
      expect(underwritten.estimation.premiumTotal).toBe(shown.estimation.premiumTotal);
      expect((await saveOffer(client, shown.offerVersion)).status).toBe(409);
      app.clock.set(new Date("2026-03-10T22:01:00Z"));
      expect((await offerOf(client)).startDate).toBe("2026-03-12");
      expect(underwritten.startDate).toBe("2026-03-11");
      expect(await (await saveOffer(client, underwritten.offerVersion)).json()).toEqual({ errors: [{ code: "error.offer_changed" }] });
    } finally {
      app.clock.set(before);
    }
  });

  it("a step saved in another tab after the comparison, before the save takes the customer's lock: refused", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const shown = await offerOf(client);
    let saved: number | null = null;
    // The other tab's package save lands just as this save opens its transaction.
    const db: Db = {
      ...app.core.db,
      transaction: async (fn) => {
        if (saved === null) saved = (await savePackage(client, 150_000)).status;
        return app.core.db.transaction(fn);
      },
    };
    const audit = auditLog(db, app.clock);
    const offer = offerService({ db, clock: app.clock, cipher: healthCipher(app.config.healthDataKeys), audit, submissions: submissionLog(db, app.clock, app.config.sessionSecrets), signing: app.core.offer.provider, pdf: renderPdf });
    const outcome = await offer.save({ customer, consents: ALL_CONSENTS, submissionKey: "offer-race-0123456789abcdef", offerVersion: shown.offerVersion });
    expect(saved).toBe(200);
    expect(outcome).toMatchObject({ ok: false, failure: [{ code: "error.offer_changed" }] });
    expect(await consentsSaved(customer.id)).toBe(false);
  });

  it("the page without JavaScript: the refused save answers the offer as it is now, the consents as ticked, the message in the customer's language", async () => {
    const { client } = await customerReadyToSign(app);
    const cookie = client.cookieHeader;
    const page = await run<{ offer: { offerVersion: string } }>(() => offerLoader(routeArgs(app, "/offer", { cookie })));
    expect((await savePackage(client, 150_000)).status).toBe(200);
    const form = { applicationConsent: "on", insuranceConditionsConsent: "on", insurerDataSharingConsent: "on", intent: "save", offerVersion: page.data!.offer.offerVersion };
    const refused = await run<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> }; confirm: boolean }>(() => offerAction(routeArgs(app, "/offer", { cookie, form })));
    expect(refused.status).toBe(409);
    const reply = refused.data!;
    expect(reply.result.error[""]).toEqual(["error.offer_changed"]);
    expect(reply.result.initialValue).toMatchObject({ applicationConsent: "on", insuranceConditionsConsent: "on", insurerDataSharingConsent: "on" });
    expect(reply.confirm).toBe(false);
    const now = await run<{ offer: { offerVersion: string } }>(() => offerLoader(routeArgs(app, "/offer", { cookie })));
    expect(now.data!.offer.offerVersion).not.toBe(page.data!.offer.offerVersion);
    expectRedirect(await run(() => offerAction(routeArgs(app, "/offer", { cookie, form: { ...form, offerVersion: now.data!.offer.offerVersion } }))), "/offer?step=signing");
  });

  it("the page without JavaScript: a review of an offer changed since says so and confirms nothing; the offer shown now is reviewed", async () => {
    const { client } = await customerReadyToSign(app);
    const cookie = client.cookieHeader;
    const page = await run<{ offer: { offerVersion: string } }>(() => offerLoader(routeArgs(app, "/offer", { cookie })));
    expect((await savePackage(client, 150_000)).status).toBe(200);
    const form = { applicationConsent: "on", insuranceConditionsConsent: "on", insurerDataSharingConsent: "on", intent: "review", offerVersion: page.data!.offer.offerVersion };
    const refused = await run<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> }; confirm: boolean }>(() => offerAction(routeArgs(app, "/offer", { cookie, form })));
    expect(refused.status).toBe(409);
    expect(refused.data!.result.error[""]).toEqual(["error.offer_changed"]);
    expect(refused.data!.result.initialValue).toMatchObject({ applicationConsent: "on", insuranceConditionsConsent: "on", insurerDataSharingConsent: "on" });
    expect(refused.data!.confirm).toBe(false);
    const now = await run<{ offer: { offerVersion: string } }>(() => offerLoader(routeArgs(app, "/offer", { cookie })));
    const reviewed = await run<{ result: { status?: string; error?: Record<string, string[]> }; confirm: boolean }>(() => offerAction(routeArgs(app, "/offer", { cookie, form: { ...form, offerVersion: now.data!.offer.offerVersion } })));
    expect(reviewed.status).toBe(200);
    expect(reviewed.data!.confirm).toBe(true);
    expect(reviewed.data!.result.error ?? {}).toEqual({});
  });
});

describe("two tabs, two signings", () => {
  it("the first tab's frame, ended by the second tab's signing, leaves the second tab's signing as it was", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const first = await startSigning(client);
    const second = await startSigning(client);
    // Without JavaScript: the first tab's sign button, then its cancel.
    expect((await demoSigningPost(client, first)).headers.get("location")).toBe("/offer?step=signing&signing=failed");
    expect((await demoSigningPost(client, first, "cancel")).headers.get("location")).toBe("/offer?step=signing&signing=cancelled");
    // With JavaScript: the first tab's frame tells its page the signing was cancelled.
    const told = await client.fetch("/api/sign/complete", { method: "POST", json: { errors: "cancelled by the signer", signingToken: first.signingToken } });
    // Nothing recorded: the first tab's signing had ended when the second started.
    expect(await told.json()).toMatchObject({ result: "FAILED", state: "BENEFICIARIES_DEFINED", replayed: true });
    // The second tab signs what it shows.
    expect((await demoSign(client, second)).status).toBe(200);
    expect(await (await client.fetch("/api/sign/complete", { method: "POST", json: { signingToken: second.signingToken } })).json()).toMatchObject({ result: "SIGNED", replayed: false });
    expect(await stateOf(customer.id)).toBe("AGREEMENT_SIGNED");
  });
});

describe("the signer's cancel racing the signature's completion", () => {
  it("the cancel that read the customer before the completion concluded answers the signature, not a failure", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const config = await startSigning(client);
    expect((await demoSign(client, config)).status).toBe(200);
    // The cancel's request read the customer (still signing) before the completion committed.
    const before = (await app.core.customers.byPersonalCode(customer.personalCode))!;
    expect((await (await client.fetch("/api/sign/complete", { method: "POST", json: { signingToken: config.signingToken } })).json()).result).toBe("SIGNED");
    const cancelled = await app.core.offer.completeSigning(before, { errors: "cancelled by the signer", signingToken: config.signingToken });
    expect(cancelled).toMatchObject({ ok: true, value: { result: "SIGNED", state: "AGREEMENT_SIGNED", replayed: true } });
    expect((await signingsOf(app, customer.id)).map((s) => s.status)).toEqual(["signed"]);
    expect(await policiesOf(app, customer.id)).toHaveLength(1);
  });

  it("a beneficiary change's cancel that read the signing pending, and the completion concluded it before the cancel was recorded, answers the version signed", async () => {
    const { client, customer } = await freshPolicyholder(app);
    expect((await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: PEETER_ALONE } })).status).toBe(200);
    const config = (await (await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" })).json()) as { signingToken: string; accessToken: string };
    expect((await demoSign(client, config)).status).toBe(200);
    const complete = () => client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: { signingToken: config.signingToken } });
    // The cancel has read the signing (pending); the completion commits just before the cancel's
    // own update reaches the database.
    const db = app.core.db;
    const original = db.query.bind(db);
    let completed: Response | undefined;
    (db as { query: typeof db.query }).query = (async (...args: Parameters<typeof db.query>) => {
      if (!completed && String(args[0]).startsWith("UPDATE signings SET status = 'failed'")) completed = await complete();
      return original(...args);
    }) as typeof db.query;
    try {
      const cancelled = await app.core.beneficiaryChange.completeSigning(customer, { errors: "cancelled by the signer", signingToken: config.signingToken });
      expect(completed?.status).toBe(200);
      expect(await completed!.json()).toMatchObject({ result: "SIGNED", version: 2 });
      expect(cancelled).toMatchObject({ ok: true, value: { result: "SIGNED", version: 2, replayed: true } });
    } finally {
      (db as { query: typeof db.query }).query = original;
    }
    expect((await signingsOf(app, customer.id)).map((s) => s.status)).toEqual(["signed"]);
    expect((await app.core.db.query<{ status: string }>(`SELECT status FROM beneficiary_changes WHERE customer_id = $1`, [customer.id])).map((c) => c.status)).toEqual(["signed"]);
  });
});

describe("the session ended while the customer signed", () => {
  // Past the session's idle end (half an hour without a request, app/core/sessions.ts).
  const AFTER_IDLE_END = "2026-03-10T10:31:00Z";

  it("without JavaScript: the demo page's sign, posted without a session, is concluded once the customer signs in again, not signed again", async () => {
    const { client, code, customer } = await customerReadyToSign(app);
    const config = await startSigning(client);
    app.clock.set(AFTER_IDLE_END);
    try {
      // The signature is recorded; the page cannot complete it for nobody.
      expect((await demoSigningPost(client, config)).headers.get("location")).toBe("/offer?step=signing&signing=failed");
      expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
      // Signed in again, the customer is back on the signing screen (the remembered address, allowed in the state).
      expect((await client.signIn(code)).result).toBe("SUCCESS");
      const page = await run(() => offerLoader(routeArgs(app, "/offer?step=signing&signing=failed", { cookie: client.cookieHeader })));
      expectRedirect(page, "/confirmation");
      expect(await stateOf(customer.id)).toBe("AGREEMENT_SIGNED");
      expect(await policiesOf(app, customer.id)).toHaveLength(1);
      expect((await signingsOf(app, customer.id)).map((s) => s.status)).toEqual(["signed"]);
    } finally {
      app.clock.set("2026-03-10T10:00:00Z");
    }
  });

  it("a signing not signed when the session ended is started anew on the way back, as before", async () => {
    const { client, code, customer } = await customerReadyToSign(app);
    await startSigning(client);
    app.clock.set(AFTER_IDLE_END);
    try {
      expect((await client.signIn(code)).result).toBe("SUCCESS");
      const page = await run<{ signing: unknown; signingError: unknown }>(() => offerLoader(routeArgs(app, "/offer?step=signing", { cookie: client.cookieHeader })));
      expect(page.data).toMatchObject({ signing: { frameUrl: expect.any(String) }, signingError: null });
      expect((await signingsOf(app, customer.id)).map((s) => s.status)).toEqual(["failed", "pending"]);
    } finally {
      app.clock.set("2026-03-10T10:00:00Z");
    }
  });

  it("a policyholder's beneficiary change signed without JavaScript after the session ended is concluded on signing in again", async () => {
    const { client, code, customer } = await freshPolicyholder(app);
    const beneficiaries = PEETER_ALONE;
    expect((await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries } })).status).toBe(200);
    const config = (await (await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" })).json()) as { signingToken: string; accessToken: string };
    app.clock.set(AFTER_IDLE_END);
    try {
      expect((await demoSigningPost(client, config)).headers.get("location")).toBe("/self-service/beneficiaries/sign?signing=failed");
      expect((await client.signIn(code)).result).toBe("SUCCESS");
      const page = await run(() => changeSigningLoader(routeArgs(app, "/self-service/beneficiaries/sign?signing=failed", { cookie: client.cookieHeader })));
      expectRedirect(page, "/self-service/insurance?beneficiaries=signed");
      expect((await app.core.db.query<{ status: string }>(`SELECT status FROM beneficiary_changes WHERE customer_id = $1`, [customer.id])).map((c) => c.status)).toEqual(["signed"]);
      expect((await signingsOf(app, customer.id)).map((s) => s.status)).toEqual(["signed"]);
    } finally {
      app.clock.set("2026-03-10T10:00:00Z");
    }
  });
});

describe("the Dokobit gateway at its edges", () => {
  let fake: FakeDokobitGateway;
  let gateway: TestApp;
  let close: () => Promise<void>;
  const logged: string[] = [];
  beforeAll(async () => void ({ fake, app: gateway, close } = await startAtGateway(logged)));
  afterAll(() => close());

  async function started(options: Parameters<typeof customerReadyToSign>[1] = {}) {
    const ready = await customerReadyToSign(gateway, options);
    expect((await ready.client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
    const init = await ready.client.fetch("/api/sign/init", { method: "POST" });
    expect(init.status).toBe(200);
    return { ...ready, config: (await init.json()) as { signingToken: string } };
  }

  it("a signed file that is not the document sent (another document's) concludes nothing", async () => {
    const { client, customer, config } = await started();
    const other = await started();
    fake.sign(config.signingToken);
    fake.sign(other.config.signingToken);
    fake.signedFile(config.signingToken, fake.signedBytes(other.config.signingToken));
    const completed = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(await completed.json()).toMatchObject({ result: "FAILED", state: "BENEFICIARIES_DEFINED" });
    expect(await gateway.core.db.query(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id])).toEqual([]);
  });

  it("the answers saved again while the gateway answers the completion: the signing ended, nothing concluded", async () => {
    const { client, customer, config } = await started({ rows: { questionnaire: hospitalized } });
    fake.sign(config.signingToken);
    fake.beforeStatus = async () => {
      fake.beforeStatus = null;
      const saved = await client.fetch("/api/onboarding/questionnaire", { method: "POST", json: { height: 180, weight: 80, content: allNo("UW_L1") } });
      expect(saved.status).toBe(200);
    };
    const completed = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(completed.status).toBe(409);
    expect(await gateway.core.db.query(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id])).toEqual([]);
  });

  it("the gateway failing at completion (a 5xx, a status answer it does not speak, the download's 5xx): 503, the signing kept; asked again, the same signing concludes once", async () => {
    const { client, customer, config } = await started();
    fake.sign(config.signingToken);
    const complete = () => client.fetch("/api/sign/complete", { method: "POST", json: { signingToken: config.signingToken } });
    const unconfirmed = { errors: [{ code: "error.signing_unconfirmed" }] };
    fake.breakNext(`/api/signing/${config.signingToken}/status.json`, { status: 502, body: "<html>Bad gateway</html>" });
    let completed = await complete();
    expect(completed.status).toBe(503);
    expect(await completed.json()).toEqual(unconfirmed);
    fake.breakNext(`/api/signing/${config.signingToken}/status.json`, { status: 200, body: JSON.stringify({ signers: {} }) });
    completed = await complete();
    expect(completed.status).toBe(503);
    expect(await completed.json()).toEqual(unconfirmed);
    fake.breakNext("/download.pdf", { status: 503, body: "unavailable" });
    completed = await complete();
    expect(completed.status).toBe(503);
    expect(await completed.json()).toEqual(unconfirmed);
    // Nothing concluded, nothing failed: the one signing waits to be asked again.
    expect(await stateOf(customer.id, gateway)).toBe("BENEFICIARIES_DEFINED");
    expect((await signingsOf(gateway, customer.id)).map((s) => s.status)).toEqual(["pending"]);
    // The operator is told what the gateway did.
    expect(logged.filter((line) => line.includes('"signing_status_failed"')).map((line) => JSON.parse(line).error)).toEqual([
      "Dokobit Documents Gateway: signing/" + config.signingToken + "/status: unexpected answer (HTTP 502, not JSON)",
      "Dokobit Documents Gateway: signing status: unexpected answer (no status)",
      "Dokobit Documents Gateway: the signed file could not be downloaded (HTTP 503)",
    ]);
    // Asked again about the same signing, once the gateway answers: concluded, once.
    expect(await (await complete()).json()).toMatchObject({ result: "SIGNED", state: "AGREEMENT_SIGNED" });
    expect(await (await complete()).json()).toMatchObject({ result: "SIGNED", state: "AGREEMENT_SIGNED" });
    expect(await policiesOf(gateway, customer.id)).toHaveLength(1);
    expect((await signingsOf(gateway, customer.id)).map((s) => s.status)).toEqual(["signed"]);
  });

  it("without JavaScript: the signing screen entered again after the gateway did not confirm asks again about the same signing, and signs anew only when the customer chooses", async () => {
    const { client, customer, config } = await started();
    fake.sign(config.signingToken);
    const screen = (path: string) => run<{ signing: unknown; signingError: unknown }>(() => offerLoader(routeArgs(gateway, path, { cookie: client.cookieHeader })));
    fake.breakNext(`/api/signing/${config.signingToken}/status.json`, { status: 500, body: "{}" });
    const unconfirmed = await screen("/offer?step=signing");
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.data).toMatchObject({ signing: null, signingError: "error.signing_unconfirmed" });
    expect((await signingsOf(gateway, customer.id)).map((s) => s.status)).toEqual(["pending"]);
    // "Try again": the screen's load asks the gateway again, which now answers.
    expectRedirect(await screen("/offer?step=signing"), "/confirmation");
    expect(await stateOf(customer.id, gateway)).toBe("AGREEMENT_SIGNED");
    expect(await policiesOf(gateway, customer.id)).toHaveLength(1);

    // Another customer chooses to sign anew: a new signing, the unconfirmed one ended.
    const other = await started();
    fake.breakNext(`/api/signing/${other.config.signingToken}/status.json`, { status: 500, body: "{}" });
    const otherScreen = (path: string) => run<{ signing: unknown }>(() => offerLoader(routeArgs(gateway, path, { cookie: other.client.cookieHeader })));
    expect((await otherScreen("/offer?step=signing")).data).toMatchObject({ signing: null });
    expect((await otherScreen("/offer?step=signing&anew=")).data).toMatchObject({ signing: { frameUrl: expect.any(String) } });
    expect((await signingsOf(gateway, other.customer.id)).map((s) => s.status)).toEqual(["failed", "pending"]);
  });

  it("a beneficiary change's completion the gateway failed to answer: 503, the change's signing kept; asked again, the change is signed once", async () => {
    const { customer, config, complete } = await changeSignedAtGateway(gateway, fake);
    fake.breakNext(`/api/signing/${config.signingToken}/status.json`, { status: 504, body: "<html>Gateway timeout</html>" });
    const completed = await complete();
    expect(completed.status).toBe(503);
    expect(await completed.json()).toEqual({ errors: [{ code: "error.signing_unconfirmed" }] });
    expect((await signingsOf(gateway, customer.id)).map((s) => s.status)).toEqual(["pending"]);
    expect(await (await complete()).json()).toMatchObject({ result: "SIGNED", version: 2 });
    expect(await (await complete()).json()).toMatchObject({ result: "SIGNED", version: 2 });
    expect((await signingsOf(gateway, customer.id)).map((s) => s.status)).toEqual(["signed"]);
  });

  it("a signing the gateway says is over (declined) is started anew on entering the screen", async () => {
    const { client, customer, config } = await started();
    fake.decline(config.signingToken);
    const page = await run<{ signing: unknown }>(() => offerLoader(routeArgs(gateway, "/offer?step=signing", { cookie: client.cookieHeader })));
    expect(page.data).toMatchObject({ signing: { frameUrl: expect.any(String) } });
    expect((await signingsOf(gateway, customer.id)).map((s) => s.status)).toEqual(["failed", "pending"]);
  });

  it("the gateway unreachable when the signing screen opens without JavaScript: the screen says so and offers to try again", async () => {
    const { client } = await customerReadyToSign(gateway);
    expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
    fake.breakNext("/api/file/upload.json", { status: 502, body: "<html>Bad gateway</html>" });
    const page = await run<{ signingError: string; signing: unknown }>(() => offerLoader(routeArgs(gateway, "/offer?step=signing", { cookie: client.cookieHeader })));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ signing: null, signingError: "error.signing_unavailable" });
    // With JavaScript the screen asks the /api: the same words, and the gateway's answer to the operator only.
    fake.breakNext("/api/file/upload.json", { status: 200, body: "{not json" });
    const init = await client.fetch("/api/sign/init", { method: "POST" });
    expect(init.status).toBe(503);
    expect(await init.json()).toEqual({ errors: [{ code: "error.signing_unavailable" }] });
    // The operator is told what the gateway did; the customer never is.
    expect(logged.filter((line) => line.includes('"signing_start_failed"')).map((line) => JSON.parse(line).error)).toEqual([
      "Dokobit Documents Gateway: file/upload: unexpected answer (HTTP 502, not JSON)",
      "Dokobit Documents Gateway: file/upload: unexpected answer (HTTP 200, not JSON)",
    ]);
    // Once the gateway answers again, the signing starts.
    expect((await client.fetch("/api/sign/init", { method: "POST" })).status).toBe(200);
  });
});

describe("the Dokobit gateway silent past its timeout (15 s in service; 300 ms here)", () => {
  let fake: FakeDokobitGateway;
  let silent: TestApp;
  let close: () => Promise<void>;
  const TIMEOUT_MS = 300;
  const logged: string[] = [];
  beforeAll(async () => void ({ fake, app: silent, close } = await startAtGateway(logged, TIMEOUT_MS)));
  afterAll(() => close());

  /** A request's answer and how long it took: past the timeout, well short of a second timeout's worth of retries. */
  async function timed(request: () => Promise<Response>) {
    const began = Date.now();
    const response = await request();
    const took = Date.now() - began;
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(5_000);
    return response;
  }

  it("at the start (the upload, its status, the signing's creation; before or after the answer began): 503 signing_unavailable, nothing pending; then it starts", async () => {
    const { client, customer } = await customerReadyToSign(silent);
    expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
    for (const [suffix, fault] of [
      ["/api/file/upload.json", "hang"],
      ["/api/file/upload.json", "stall"],
      ["/status.json", "hang"],
      ["/api/signing/create.json", "hang"],
      ["/api/signing/create.json", "stall"],
    ] as const) {
      fake.breakNext(suffix, fault);
      const init = await timed(() => client.fetch("/api/sign/init", { method: "POST" }));
      expect(init.status, `${suffix} ${fault}`).toBe(503);
      expect(await init.json()).toEqual({ errors: [{ code: "error.signing_unavailable" }] });
    }
    expect(await signingsOf(silent, customer.id)).toEqual([]);
    expect(logged.filter((line) => line.includes('"signing_start_failed"')).map((line) => JSON.parse(line).error)).toHaveLength(5);
    // Without JavaScript the screen says the same, and starts nothing.
    fake.breakNext("/api/file/upload.json", "hang");
    const page = await run<{ signingError: string; signing: unknown }>(() => offerLoader(routeArgs(silent, "/offer?step=signing", { cookie: client.cookieHeader })));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ signing: null, signingError: "error.signing_unavailable" });
    expect((await client.fetch("/api/sign/init", { method: "POST" })).status).toBe(200);
  });

  it("at completion (the status, the signed file's download; before or after the answer began): 503 signing_unconfirmed, the signing kept, no new one; asked again, concluded once", async () => {
    const { client, customer } = await customerReadyToSign(silent);
    const config = await startSigning(client);
    fake.sign(config.signingToken);
    const complete = () => client.fetch("/api/sign/complete", { method: "POST", json: { signingToken: config.signingToken } });
    for (const [suffix, fault] of [
      [`/api/signing/${config.signingToken}/status.json`, "hang"],
      [`/api/signing/${config.signingToken}/status.json`, "stall"],
      ["/download.pdf", "hang"],
      ["/download.pdf", "stall"],
    ] as const) {
      fake.breakNext(suffix, fault);
      const completed = await timed(complete);
      expect(completed.status, `${suffix} ${fault}`).toBe(503);
      expect(await completed.json()).toEqual({ errors: [{ code: "error.signing_unconfirmed" }] });
    }
    expect(await stateOf(customer.id, silent)).toBe("BENEFICIARIES_DEFINED");
    expect((await signingsOf(silent, customer.id)).map((s) => s.status)).toEqual(["pending"]);
    expect(logged.filter((line) => line.includes('"signing_status_failed"'))).toHaveLength(4);
    // Without JavaScript, entering the screen while the gateway is silent asks, says so and starts nothing.
    fake.breakNext("/download.pdf", "stall");
    const screen = () => run<{ signing: unknown; signingError: unknown }>(() => offerLoader(routeArgs(silent, "/offer?step=signing", { cookie: client.cookieHeader })));
    expect((await screen()).data).toMatchObject({ signing: null, signingError: "error.signing_unconfirmed" });
    expect((await signingsOf(silent, customer.id)).map((s) => s.status)).toEqual(["pending"]);
    // Once the gateway answers, the same signing concludes, once.
    expect(await (await complete()).json()).toMatchObject({ result: "SIGNED", state: "AGREEMENT_SIGNED" });
    expect(await (await complete()).json()).toMatchObject({ result: "SIGNED", state: "AGREEMENT_SIGNED" });
    expect(await policiesOf(silent, customer.id)).toHaveLength(1);
    expect((await signingsOf(silent, customer.id)).map((s) => s.status)).toEqual(["signed"]);
  });

  it("a beneficiary change's completion whose signed file stalls: 503, the change's signing kept; asked again, the change is signed once", async () => {
    const { customer, config, complete } = await changeSignedAtGateway(silent, fake);
    fake.breakNext("/download.pdf", "stall");
    const completed = await timed(complete);
    expect(completed.status).toBe(503);
    expect(await completed.json()).toEqual({ errors: [{ code: "error.signing_unconfirmed" }] });
    expect((await signingsOf(silent, customer.id)).map((s) => s.status)).toEqual(["pending"]);
    expect(await (await complete()).json()).toMatchObject({ result: "SIGNED", version: 2 });
    expect((await signingsOf(silent, customer.id)).map((s) => s.status)).toEqual(["signed"]);
  });
});
