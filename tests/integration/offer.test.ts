/**
 * The offer step: /api paths, documents (real PDFs, owner only), the demo signing provider
 * with and without JavaScript, completion (AGREEMENT_SIGNED or EUW) and the operator side.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "~/core/clock";
import { sha256 } from "~/core/documents/index";
import { allNo, KATI_KARU } from "~/core/demo/ready-to-sign";
import { action as offerAction, loader as offerLoader } from "~/routes/offer";
import { loader as confirmationLoader } from "~/routes/confirmation";
import { Client, startTestApp, type TestApp } from "../support/app";
import { expectRedirect, routeArgs, run } from "../support/routes";
import { pdfText } from "../support/pdf-text";
import { openStored } from "../support/documents";
import { ALL_CONSENTS, customerReadyToSign } from "../support/offer-application";
import { languageCookie } from "~/i18n/language.server";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-03-10T10:00:00Z" });
});
afterAll(() => app.close());

const stateOf = async (id: number) => (await app.core.db.query<{ state: string }>(`SELECT state FROM customers WHERE id = $1`, [id]))[0].state;

async function saveOffer(client: Client, body: Record<string, unknown> = ALL_CONSENTS) {
  return client.fetch("/api/onboarding/offer", { method: "POST", json: body });
}

/** Offer saved, signing started: the frame's config. */
async function startSigning(client: Client) {
  expect((await saveOffer(client)).status).toBe(200);
  const init = await client.fetch("/api/sign/init", { method: "POST" });
  expect(init.status).toBe(200);
  return (await init.json()) as { baseUrl: string; signingToken: string; accessToken: string; signingMethod: string };
}

async function demoSign(client: Client, config: { signingToken: string; accessToken: string }) {
  return client.fetch(`/sign/demo/signing/${config.signingToken}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({ access_token: config.accessToken, action: "sign", mode: "js" }).toString(),
  });
}

describe("GET /api/onboarding/offer", () => {
  it("shows my info, the package and the estimation", async () => {
    const { client } = await customerReadyToSign(app, { age: 40 });
    const response = await client.fetch("/api/onboarding/offer");
    expect(response.status).toBe(200);
    const offer = await response.json();
    expect(offer).toMatchObject({
      firstName: "Test",
      lastName: "Kasutaja",
      age: 40,
      sumInsuredForDeathCover: 100_000,
      sumInsuredForDisabilityCover: 50_000,
      services: ["MENTAL", "TELEMED"],
      consents: { applicationConsent: false, insuranceConditionsConsent: false, insurerDataSharingConsent: false },
      hasSupportCode: false,
      startDate: "2026-03-11",
    });
    const e = offer.estimation;
    expect(e.premiumTotal).toBe(e.premiumForDeathCover + e.premiumForDisabilityCover + 490 + 290 + 150 - e.wellnessDiscount);
    // The helper's wellness answers score 87: round((87 − 40) / 60 × 20) = 16 %.
    expect(e.wellnessScore).toBe(87);
    expect(e.wellnessDiscountPercent).toBe(16);
  });

  it("answers 401 without a session and 409 before the beneficiaries step", async () => {
    expect((await new Client(app.url).fetch("/api/onboarding/offer")).status).toBe(401);
    const client = new Client(app.url);
    await client.signIn("49005150229");
    const response = await client.fetch("/api/onboarding/offer");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });
  });

  it("Kati Karu is seeded ready to sign, consistent with her age", async () => {
    const client = new Client(app.url);
    await client.signIn(KATI_KARU);
    const offer = await (await client.fetch("/api/onboarding/offer")).json();
    expect(offer).toMatchObject({ firstName: "Kati", lastName: "Karu", age: 56, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000 });
    expect(offer.estimation.premiumTotal).toBeGreaterThan(0);
    expect(offer.estimation.wellnessScore).toBe(87);
    // Her wellness profile is a real one: the score screen reads her answers.
    const score = await (await client.fetch("/api/score")).json();
    expect(score.score).toBe(87);
    expect(score.answers.steps.value).toBe(8000);
  });
});

describe("POST /api/onboarding/offer", () => {
  it("requires the three consents, each a field error", async () => {
    const { client } = await customerReadyToSign(app);
    const response = await saveOffer(client, { applicationConsent: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { code: "error.consent_required", context: "insuranceConditionsConsent" },
        { code: "error.consent_required", context: "insurerDataSharingConsent" },
      ],
    });
  });

  it("saves the consents and a support code when the customer has none, attaching its partner", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const response = await saveOffer(client, { ...ALL_CONSENTS, supportCode: "PB2026", submissionKey: "k".repeat(32) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ state: "BENEFICIARIES_DEFINED", redirectTo: "/offer?step=signing" });
    const [row] = await app.core.db.query<{ support_code: string; intermediary_source: string }>(
      `SELECT r.support_code, c.intermediary_source FROM registrations r JOIN customers c ON c.id = r.customer_id WHERE c.id = $1`,
      [customer.id],
    );
    expect(row).toEqual({ support_code: "PB2026", intermediary_source: "partnerbank" });
    const offer = await (await client.fetch("/api/onboarding/offer")).json();
    expect(offer.hasSupportCode).toBe(true);
    expect(offer.consents).toEqual(ALL_CONSENTS);
  });

  it("sent again under its key, answers as the first save and reads no health answers again", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const { offerVersion } = await (await client.fetch("/api/onboarding/offer")).json();
    const reads = async () =>
      (await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE customer_id = $1 AND subject = 'questionnaire' AND action = 'read'`, [customer.id])).length;
    const before = await reads();
    const body = { ...ALL_CONSENTS, offerVersion, submissionKey: "offer-resend-key-0001" };
    const first = await (await saveOffer(client, body)).json();
    // The comparison with the offer shown reads the answers (docs/decisions/0305), once.
    expect(await reads()).toBe(before + 1);
    for (let i = 0; i < 3; i++) expect(await (await saveOffer(client, body)).json()).toEqual({ ...first, replayed: true });
    expect(await reads()).toBe(before + 1);
    // Other values under the key are a new save, compared again.
    expect((await saveOffer(client, { ...body, supportCode: "PB2026" })).status).toBe(200);
    expect(await reads()).toBe(before + 2);
  });

  it("never replaces a support code the customer already has", async () => {
    const { client, customer } = await customerReadyToSign(app, { rows: { supportCode: "FIT10" } });
    expect((await saveOffer(client, { ...ALL_CONSENTS, supportCode: "PB2026" })).status).toBe(200);
    const [row] = await app.core.db.query<{ support_code: string }>(`SELECT support_code FROM registrations WHERE customer_id = $1`, [customer.id]);
    expect(row.support_code).toBe("FIT10");
  });
});

describe("documents", () => {
  it("the application is a PDF in the customer's language with the name's diacritics", async () => {
    const { client } = await customerReadyToSign(app, { firstName: "Šõäöüž", lastName: "Õunapuu-Žäär" });
    const response = await client.fetch("/api/onboarding/documents/application");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('inline; filename="taotlus.pdf"');
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("Kindlustustaotlus");
    expect(text).toContain("Šõäöüž Õunapuu-Žäär");
    expect(text).toContain("100 000 €");
    expect(text).toContain("Vaimse tervise nõustamine");
    expect(text).toContain("Mari Maasikas");
    expect(text).toContain("Kõikidele küsimustele vastati „ei“.");
  });

  it("in Russian with Cyrillic text", async () => {
    const { client } = await customerReadyToSign(app, { firstName: "Юлия", lastName: "Šmidt" });
    const response = await client.fetch("/api/onboarding/documents/application?lang=ru");
    expect(response.headers.get("content-disposition")).toContain("zayavlenie.pdf");
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("Заявление на страхование");
    expect(text).toContain("Юлия Šmidt");
    expect(text).toContain("Выгодоприобретатели");
  });

  it("in the language the /api decides everywhere: ?lng= (before the older ?lang=), the cookie, Accept-Language", async () => {
    const { client } = await customerReadyToSign(app);
    const fileName = async (path: string, headers: Record<string, string> = {}) =>
      (await client.fetch(`/api/onboarding/documents/${path}`, { headers })).headers.get("content-disposition");
    expect(await fileName("application?lng=en")).toContain("application.pdf");
    expect(await fileName("application?lng=ru&lang=en")).toContain("zayavlenie.pdf");
    expect(await fileName("application", { "Accept-Language": "en-GB,en;q=0.9" })).toContain("application.pdf");
    // The pages' language cookie comes before the header.
    const lng = (await languageCookie.serialize("ru")).split(";")[0];
    const withCookie = await fetch(`${app.url}/api/onboarding/documents/application`, { headers: { Cookie: `${client.cookieHeader}; ${lng}`, "Accept-Language": "en-GB" } });
    expect(withCookie.headers.get("content-disposition")).toContain("zayavlenie.pdf");
    expect(await fileName("application")).toContain("taotlus.pdf");
  });

  it("the payment schedule has 12 monthly rows from tomorrow", async () => {
    const { client } = await customerReadyToSign(app);
    const response = await client.fetch("/api/onboarding/documents/payment-schedule?lang=en");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('inline; filename="payment-schedule.pdf"');
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("Payment schedule");
    expect(text).toContain("11.03.2026");
    expect(text).toContain("11.02.2027");
    // Twelve payments: no thirteenth on the anniversary (which opens the age table's second year after them).
    const [payments, ageTable] = text.split("How the premium changes with age");
    expect(payments).not.toContain("11.03.2027");
    expect(ageTable).toContain("11.03.2027");
  });

  it("only to their owner: another customer's session gets 404, no session 401", async () => {
    await customerReadyToSign(app, { firstName: "Omanik" });
    const other = new Client(app.url);
    await other.signIn("49005150229");
    for (const path of ["/api/onboarding/documents/application", "/api/onboarding/documents/payment-schedule"]) {
      const response = await other.fetch(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ errors: [{ code: "error.not_found" }] });
      expect((await new Client(app.url).fetch(path)).status).toBe(401);
    }
  });
});

describe("signing with the demo provider", () => {
  it("needs the saved offer first", async () => {
    const { client } = await customerReadyToSign(app);
    const response = await client.fetch("/api/sign/init", { method: "POST" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ errors: [{ code: "error.no_offer" }] });
  });

  it("the frame shows the document and its SHA-256; it may be framed by our origin only", async () => {
    const { client } = await customerReadyToSign(app);
    const config = await startSigning(client);
    expect(config).toMatchObject({ baseUrl: "/sign/demo", signingMethod: "demo" });
    const page = await client.fetch(`/sign/demo/signing/${config.signingToken}?access_token=${config.accessToken}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const html = await page.text();
    const [signing] = await app.core.db.query<{ document_sha256: string; document: Uint8Array; document_sealed: boolean; customer_id: string }>(
      `SELECT document_sha256, document, document_sealed, customer_id FROM signings WHERE token = $1`,
      [config.signingToken],
    );
    expect(signing.document_sealed).toBe(true);
    expect(signing.document_sha256).toBe(sha256(openStored(app, "signing", signing)));
    expect(html).toContain(signing.document_sha256);
    const document = await client.fetch(`/sign/demo/signing/${config.signingToken}/document?access_token=${config.accessToken}`);
    expect(sha256(new Uint8Array(await document.arrayBuffer()))).toBe(signing.document_sha256);
    // The rest of the application is never framed.
    expect((await client.fetch("/api/onboarding/offer")).headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const wrong = await client.fetch(`/sign/demo/signing/${config.signingToken}?access_token=wrong`);
    expect(await wrong.text()).not.toContain(signing.document_sha256);
  });

  it("a signing link that names no signing speaks the customer's language (the cookie, or ?lng=), not Estonian", async () => {
    const cookie = (value: string) => `lng=${Buffer.from(JSON.stringify(value)).toString("base64")}`;
    const russian = await fetch(`${app.url}/sign/demo/signing/no-such-token?access_token=wrong`, { headers: { Cookie: cookie("ru") } });
    const html = await russian.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain("Ссылка для подписания неверна или устарела.");
    const english = await (await fetch(`${app.url}/sign/demo/signing/no-such-token?access_token=wrong&lng=en`)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("The signing link is invalid or has expired.");
    const estonian = await (await fetch(`${app.url}/sign/demo/signing/no-such-token?access_token=wrong`)).text();
    expect(estonian).toContain("Allkirjastamise link on vigane või aegunud.");
  });

  it("completion before signing is refused; an error is recorded and the customer may start again", async () => {
    const { client, customer } = await customerReadyToSign(app);
    expect((await client.fetch("/api/sign/complete", { method: "POST", json: {} })).status).toBe(409);
    const config = await startSigning(client);
    const notYet = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(notYet.status).toBe(409);
    expect(await notYet.json()).toEqual({ errors: [{ code: "error.signing_not_done" }] });
    const failed = await client.fetch("/api/sign/complete", { method: "POST", json: { errors: "cancelled by the signer; timeout" } });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toMatchObject({ result: "FAILED", state: "BENEFICIARIES_DEFINED", replayed: false });
    const [row] = await app.core.db.query<{ status: string; errors: string }>(`SELECT status, errors FROM signings WHERE token = $1`, [config.signingToken]);
    expect(row).toEqual({ status: "failed", errors: "cancelled by the signer; timeout" });
    // The same failure again: the first outcome, recorded once (its words as the first said them).
    const failedAgain = await client.fetch("/api/sign/complete", { method: "POST", json: { errors: "cancelled by the signer", signingToken: config.signingToken } });
    expect(await failedAgain.json()).toMatchObject({ result: "FAILED", state: "BENEFICIARIES_DEFINED", replayed: true });
    expect((await app.core.db.query(`SELECT errors FROM signings WHERE token = $1`, [config.signingToken]))[0]).toEqual({ errors: "cancelled by the signer; timeout" });
    // A failed signing cannot be signed any more; a new one can.
    expect((await demoSign(client, config)).status).toBe(409);
    const again = await client.fetch("/api/sign/init", { method: "POST" });
    const second = await again.json();
    expect(second.signingToken).not.toBe(config.signingToken);
    expect((await demoSign(client, second)).status).toBe(200);
    const done = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(await done.json()).toMatchObject({ result: "SIGNED", state: "AGREEMENT_SIGNED", redirectTo: "/confirmation", replayed: false });
    expect(await stateOf(customer.id)).toBe("AGREEMENT_SIGNED");
  });

  it("signing completes: AGREEMENT_SIGNED, the signed document and its hash stored, the policy starting tomorrow", async () => {
    const { client, customer } = await customerReadyToSign(app, { rows: { supportCode: "FIT20" } });
    const config = await startSigning(client);
    expect((await demoSign(client, config)).status).toBe(200);
    const answersRead = () =>
      app.core.db.query<{ actor: string }>(`SELECT actor FROM health_data_audit WHERE customer_id = $1 AND subject = 'questionnaire' AND action = 'read' ORDER BY id`, [
        customer.id,
      ]);
    const readBefore = (await answersRead()).length;
    const response = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(response.status).toBe(200);
    // The completion reads the answers for the underwriting (extended or not), and says so.
    expect((await answersRead()).slice(readBefore)).toEqual([{ actor: "system:pricing" }]);
    const signed = { state: "AGREEMENT_SIGNED", result: "SIGNED", supportCode: "FIT20", phone: "+372 5555 1234", email: "test@example.ee", redirectTo: "/confirmation" };
    expect(await response.json()).toEqual({ ...signed, replayed: false });
    const [policy] = await app.core.db.query<{
      status: string;
      start_date: string;
      document_sha256: string;
      signed_document: Uint8Array;
      document_sealed: boolean;
      customer_id: string;
      death_cover: number;
    }>(`SELECT status, start_date, document_sha256, signed_document, document_sealed, customer_id, death_cover FROM policies WHERE customer_id = $1`, [
      customer.id,
    ]);
    expect(policy.status).toBe("SIGNED");
    expect(String(policy.start_date)).toBe(addDays(today(app.clock), 1));
    expect(policy.document_sealed).toBe(true);
    expect(policy.document_sha256).toBe(sha256(openStored(app, "policy", { ...policy, document: policy.signed_document })));
    expect(policy.death_cover).toBe(100_000);
    // Again: the same answer, said to be a replay, no second policy.
    const again = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...signed, replayed: true });
    expect((await app.core.db.query(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id])).length).toBe(1);
    // The application document is now what was signed.
    const document = await client.fetch("/api/onboarding/documents/application");
    expect(sha256(new Uint8Array(await document.arrayBuffer()))).toBe(policy.document_sha256);
    // The policy PDF for self-service.
    const policyPdf = await client.fetch("/api/documents/policy?lng=et");
    expect(policyPdf.status).toBe(200);
    expect(await pdfText(new Uint8Array(await policyPdf.arrayBuffer()))).toContain("Kindlustuspoliis");
  });

  it("without JavaScript the top-level post signs, completes and goes to /confirmation", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const config = await startSigning(client);
    const response = await client.fetch(`/sign/demo/signing/${config.signingToken}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ access_token: config.accessToken, action: "sign" }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/confirmation");
    expect(await stateOf(customer.id)).toBe("AGREEMENT_SIGNED");
  });

  it("a yes on a serious question goes to EUW; the operator accepts or declines", async () => {
    const euw = await customerReadyToSign(app, { rows: { questionnaire: { type: "UW_L1", height: 175, weight: 70, content: { ...allNo("UW_L1"), hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik" } } } } });
    await demoSign(euw.client, await startSigning(euw.client));
    expect(await (await euw.client.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).toMatchObject({ state: "EUW", result: "SIGNED" });
    expect(await app.core.offer.operations.euwCases()).toEqual(expect.arrayContaining([expect.objectContaining({ personalCode: euw.code })]));
    expect(await app.core.offer.operations.accept(euw.code)).toEqual({ ok: true, value: { state: "SELF_SERVICE" } });
    expect(await stateOf(euw.customer.id)).toBe("SELF_SERVICE");
    expect(await app.core.offer.operations.accept(euw.code)).toEqual({ ok: false, failure: [{ code: "error.wrong_state" }] });

    const declined = await customerReadyToSign(app, { rows: { questionnaire: { type: "UW_L2", height: 175, weight: 70, content: { ...allNo("UW_L2"), smoking: true, smokingExtra: { howMany: 25 } } } } });
    await demoSign(declined.client, await startSigning(declined.client));
    expect(await (await declined.client.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).toMatchObject({ state: "EUW" });
    expect(await app.core.offer.operations.decline(declined.code)).toEqual({ ok: true, value: { state: "SERVICE_UNAVAILABLE" } });
    const [policy] = await app.core.db.query<{ status: string }>(`SELECT status FROM policies WHERE customer_id = $1`, [declined.customer.id]);
    expect(policy.status).toBe("DECLINED");
  });

  it("the operator activates policies on their start day", async () => {
    const { client, customer, code } = await customerReadyToSign(app);
    await demoSign(client, await startSigning(client));
    await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect((await app.core.offer.operations.activateDue()).activated).not.toContain(code);
    const before = app.clock.now();
    app.clock.set(new Date(before.getTime() + 86_400_000));
    try {
      expect((await app.core.offer.operations.activateDue()).activated).toContain(code);
      expect(await stateOf(customer.id)).toBe("SELF_SERVICE");
    } finally {
      app.clock.set(before);
    }
  });
});

describe("the /offer route (HTML forms, JavaScript off)", () => {
  const CONSENT_FIELDS = { applicationConsent: "on", insuranceConditionsConsent: "on", insurerDataSharingConsent: "on" };

  it("review shows the confirmation state; save stores the offer and goes to the signing screen", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const cookie = client.cookieHeader;
    const review = await run<{ data: { confirm: boolean } }>(() => offerAction(routeArgs(app, "/offer", { cookie, form: { ...CONSENT_FIELDS, intent: "review" } })));
    expect(review.status).toBe(200);
    expect(JSON.stringify(review.data)).toContain('"confirm":true');
    const missing = await run(() => offerAction(routeArgs(app, "/offer", { cookie, form: { applicationConsent: "on", intent: "review" } })));
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.data)).toContain("error.consent_required");
    const saved = await run(() => offerAction(routeArgs(app, "/offer", { cookie, form: { ...CONSENT_FIELDS, supportCode: "FIT10", intent: "save" } })));
    expectRedirect(saved, "/offer?step=signing");
    const [row] = await app.core.db.query<{ support_code: string }>(`SELECT support_code FROM registrations WHERE customer_id = $1`, [customer.id]);
    expect(row.support_code).toBe("FIT10");
    // The signing screen starts a signing and renders the demo frame.
    const page = await run<{ signing: { frameUrl: string } }>(() => offerLoader(routeArgs(app, "/offer?step=signing", { cookie })));
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).toMatch(/"frameUrl":"\/sign\/demo\/signing\/[^"?]+\?access_token=/);
  });

  it("the signing screen before the offer is saved goes back to the offer", async () => {
    const { client } = await customerReadyToSign(app);
    expectRedirect(await run(() => offerLoader(routeArgs(app, "/offer?step=signing", { cookie: client.cookieHeader }))), "/offer");
  });

  it("/confirmation: the signed text with the start date, or the EUW text", async () => {
    const { client } = await customerReadyToSign(app);
    await demoSign(client, await startSigning(client));
    await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    const page = await run(() => confirmationLoader(routeArgs(app, "/confirmation", { cookie: client.cookieHeader })));
    expect(JSON.stringify(page.data)).toContain('"euw":false');
    expect(JSON.stringify(page.data)).toContain('"startDate":"2026-03-11"');
  });
});
