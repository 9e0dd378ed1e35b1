/**
 * A fresh policyholder for a test of its own, through the /api contract and the operator's
 * door (no shared demo person is changed): signed in (optionally through a partner's link),
 * `age` (35 unless given), registered, every step saved, the offer signed with the demo signing;
 * with `inForce` an answer that needs extended underwriting, which the operator then accepts
 * (SELF_SERVICE at once, as for Helle Hein); with `underwriting` the same answer, left waiting
 * for the underwriter (EUW).
 */
import type { Page } from "@playwright/test";
import { expect, freshPersonalCode, test } from "./fixtures";
import { api, saveBeneficiariesViaApi, savePackageViaApi, saveQuestionnaireViaApi, saveScoreViaApi } from "./journey";
import { E2E_OPS_TOKEN } from "./ops-token";
import { QUESTION_SETS, type AnswerableType } from "~/lib/questionnaire-sets";

const origin = () => new URL(String(test.info().project.use.baseURL)).origin;

export async function freshSignedCustomer(page: Page, options: { src?: string; inForce?: boolean; underwriting?: boolean; newsletter?: boolean; age?: number } = {}): Promise<string> {
  const code = freshPersonalCode({ age: options.age ?? 35 });
  await api(page, "POST", `/api/auth/init${options.src ? `?src=${options.src}` : ""}`);
  expect((await api(page, "POST", "/api/auth/complete", { returnToken: `smart-id:${code}` })).result).toBe("SUCCESS");
  await api(page, "POST", "/api/onboarding/registration", {
    email: "muutja@example.com",
    phone: "+372 5123 4567",
    occupation: "Õpetaja",
    sourceOfFunds: "WAGE",
    conditionsAgreement: true,
    healthDataAgreement: true,
    newsletterAgreement: options.newsletter ?? false,
    wlAgreement: Boolean(options.src),
  });
  await saveScoreViaApi(page);
  await savePackageViaApi(page);
  // The set the package and age require (the long one from 50 on), every answer no but one the underwriter must see.
  const { type } = await api(page, "GET", "/api/onboarding/questionnaire/required-type?h=180&w=80");
  const content = Object.fromEntries(QUESTION_SETS[type as AnswerableType].map((q) => [q.code, false]));
  const underwritten =
    type === "UW_L1"
      ? { hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik", whenDiagnosed: "2024" } }
      : { disability: true, disabilityExtra: { disease: "Seljavalu", whenDiagnosed: "2020", degree: "osaline" } };
  await saveQuestionnaireViaApi(page, { height: 180, weight: 80, content: options.inForce || options.underwriting ? { ...content, ...underwritten } : content });
  await saveBeneficiariesViaApi(page);
  await api(page, "POST", "/api/onboarding/offer", { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true });
  const signing = await api(page, "POST", "/api/sign/init");
  // The demo page's sign, or the fake Dokobit gateway's page's (the server on Dokobit, E2E_SIGNING=dokobit).
  const signed =
    signing.signingMethod === "dokobit"
      ? await page.request.post(`${signing.baseUrl}/signing/${signing.signingToken}/sign`, { form: { access_token: signing.accessToken } })
      : await page.request.post(`${signing.baseUrl}/signing/${signing.signingToken}`, {
          headers: { Origin: origin(), Accept: "application/json" },
          form: { access_token: signing.accessToken, action: "sign", mode: "js" },
        });
  expect(signed.status(), await signed.text()).toBeLessThan(400);
  const { state } = await api(page, "POST", "/api/sign/complete", {});
  expect(state).toBe(options.inForce || options.underwriting ? "EUW" : "AGREEMENT_SIGNED");
  if (options.inForce) {
    const accepted = await page.request.post(`/ops/euw/${code}/accept`, {
      headers: { Origin: origin(), Authorization: `Bearer ${E2E_OPS_TOKEN}`, "Ops-Reason": encodeURIComponent("e2e: a policyholder of the test's own") },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }
  return code;
}

/** The ending's confirmation and the demo e-ID's fields (the withdraw page), then the submit button named `submit`. */
export async function confirmWithEid(page: Page, code: string, submit: string) {
  await page.getByRole("checkbox", { name: /^Kinnitan, et/ }).check();
  await page.getByRole("radio", { name: "Smart-ID", exact: true }).check();
  await page.getByLabel("Isikukood").fill(code);
  await page.getByRole("button", { name: submit }).click();
}
