/**
 * The consents are given for the offer the page showed (docs/decisions/0305: the amount confirmed
 * is the amount signed). A step saved after the confirmation changes the offer: the signing screen
 * (`/offer?step=signing`, reached again by the browser's history) and POST /api/sign/init must not
 * start a signing of the changed offer on the earlier confirmation, and the offer page must not
 * show the consents ticked for it (docs/decisions/0256).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { customerAt, saveStep, walkTo } from "../support/reach";
import { policyholderSince } from "../support/customers";
import { REGISTRATION } from "../support/walk";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-05-19T10:00:00Z" });
});
afterAll(() => app.close());

const CONSENTS = { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true };

describe("consents given for one offer", () => {
  it("do not start the signing of an offer changed since", async () => {
    const { client } = await customerAt(app, "offer", { services: ["MENTAL"] });
    const shown = await (await client.fetch("/api/onboarding/offer")).json();
    const confirmed = await client.fetch("/api/onboarding/offer", { method: "POST", json: { ...CONSENTS, offerVersion: shown.offerVersion } });
    expect(confirmed.status).toBe(200);

    // Another service added afterwards (the package step stays open in BENEFICIARIES_DEFINED): a dearer offer.
    await saveStep(client, "package", { services: ["MENTAL", "HEALTH_CHECK"] });
    const now = await (await client.fetch("/api/onboarding/offer")).json();
    expect(now.offerVersion).not.toBe(shown.offerVersion);
    expect(now.estimation.premiumTotal).toBeGreaterThan(shown.estimation.premiumTotal);
    expect(now.consents).toEqual({ applicationConsent: false, insuranceConditionsConsent: false, insurerDataSharingConsent: false });
    // The offer says why they are unticked again (decision 0400).
    expect(shown.confirmedEarlierOffer).toBe(false);
    expect(now.confirmedEarlierOffer).toBe(true);

    const signing = await client.fetch("/api/sign/init", { method: "POST" });
    expect(signing.status).toBe(409);
    expect((await signing.json()).errors).toEqual([{ code: "error.no_offer" }]);

    // Confirmed again for the offer as it is now: the signing starts.
    expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: { ...CONSENTS, offerVersion: now.offerVersion } })).status).toBe(200);
    expect((await (await client.fetch("/api/onboarding/offer")).json()).confirmedEarlierOffer).toBe(false);
    expect((await client.fetch("/api/sign/init", { method: "POST" })).status).toBe(200);
  });

  it("given without naming an offer, are kept with the offer as it was then", async () => {
    const { client } = await customerAt(app, "offer", { services: ["MENTAL"] });
    expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: CONSENTS })).status).toBe(200);
    await saveStep(client, "package", { services: ["MENTAL", "PHYSIO"] });
    const signing = await client.fetch("/api/sign/init", { method: "POST" });
    expect(signing.status).toBe(409);
    expect((await signing.json()).errors).toEqual([{ code: "error.no_offer" }]);
  });

  it("given for a contract that ended do not count for the application after it (a sign-up again)", async () => {
    const { client, code } = await policyholderSince(app, 3);
    const withdrawn = await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } });
    expect(withdrawn.status).toBe(200);
    expect((await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION })).status).toBe(200);
    await walkTo(client, "offer");
    const offer = await (await client.fetch("/api/onboarding/offer")).json();
    expect(offer.consents).toEqual({ applicationConsent: false, insuranceConditionsConsent: false, insurerDataSharingConsent: false });
    expect(offer.confirmedEarlierOffer).toBe(false);
    const signing = await client.fetch("/api/sign/init", { method: "POST" });
    expect(signing.status).toBe(409);
    expect((await signing.json()).errors).toEqual([{ code: "error.no_offer" }]);
  });
});
