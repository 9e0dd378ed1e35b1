/**
 * Moves a fresh customer along the onboarding steps through the /api contract (the same use
 * cases as the screens), so a test of a later step starts where it needs to. `page.request`
 * shares the page's cookies: the browser is signed in afterwards.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { freshPersonalCode } from "../support/personal-codes";
import { QUESTION_SETS, type AnswerableType } from "~/lib/questionnaire-sets";

async function api(page: Page, method: "GET" | "POST" | "PUT", path: string, data?: unknown) {
  // `page.request` is no browser: it names no origin by itself, and the server refuses a write
  // that names none (docs/decisions/0101). It sends what the browser's own fetch would.
  const origin = String(test.info().project.use.baseURL);
  const headers: Record<string, string> = method === "GET" ? {} : { Origin: new URL(origin).origin };
  if (data !== undefined) headers["Content-Type"] = "application/json";
  const response = await page.request.fetch(path, { method, data, headers });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.status() === 204 ? null : response.json();
}

/** Signs a new customer in through /api (demo provider); returns their personal code. */
export async function signInViaApi(page: Page, personalCode = freshPersonalCode()): Promise<string> {
  await api(page, "POST", "/api/auth/init");
  const completion = await api(page, "POST", "/api/auth/complete", { returnToken: `smart-id:${personalCode}` });
  expect(completion.result).toBe("SUCCESS");
  return personalCode;
}

/** NEW → ACCOUNT_REGISTERED. */
export async function registerViaApi(page: Page): Promise<void> {
  await api(page, "POST", "/api/onboarding/registration", {
    email: "teekond@example.com",
    phone: "+372 5123 4567",
    occupation: "Õpetaja",
    sourceOfFunds: "WAGE",
    conditionsAgreement: true,
    healthDataAgreement: true,
    newsletterAgreement: false,
    wlAgreement: false,
  });
}

/** ACCOUNT_REGISTERED → WELLNESS_PROFILE_COMPLETE, with a score that earns a discount. */
export async function saveScoreViaApi(page: Page): Promise<void> {
  await api(page, "POST", "/api/score", {
    answers: {
      steps: { value: 9000, manual: true },
      activeDays: { value: 5 },
      exerciseMinutes: { value: 180 },
      smoking: { value: false },
      sleepHours: { value: 8 },
      stress: { value: 3 },
    },
  });
}

/** A new customer, signed in, registered and with a saved wellness profile: may open /package. */
export async function customerOnPackage(page: Page): Promise<string> {
  const code = await signInViaApi(page);
  await registerViaApi(page);
  await saveScoreViaApi(page);
  return code;
}

/** WELLNESS_PROFILE_COMPLETE → SERVICE_SELECTED (docs/api.md "Package"). */
export async function savePackageViaApi(
  page: Page,
  proposal: { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number; services: string[] } = {
    sumInsuredForDeathCover: 100_000,
    sumInsuredForDisabilityCover: 50_000,
    services: ["MENTAL"],
  },
): Promise<void> {
  await api(page, "POST", "/api/onboarding/proposal", proposal);
}

/**
 * SERVICE_SELECTED → QUESTIONNAIRE_COMPLETE (docs/api.md "Questionnaire"). Without answers:
 * the set the server requires for this customer (180 cm, 80 kg) answered all "no".
 */
export async function saveQuestionnaireViaApi(page: Page, answers?: unknown): Promise<void> {
  if (answers === undefined) {
    const { type } = await api(page, "GET", "/api/onboarding/questionnaire/required-type?h=180&w=80");
    const questions = QUESTION_SETS[type as AnswerableType];
    expect(questions, `required type ${type}`).toBeDefined();
    answers = { height: 180, weight: 80, content: Object.fromEntries(questions.map((q) => [q.code, false])) };
  }
  await api(page, "POST", "/api/onboarding/questionnaire", answers);
}

/** QUESTIONNAIRE_COMPLETE → BENEFICIARIES_DEFINED: one person with the whole share. */
export async function saveBeneficiariesViaApi(page: Page, beneficiaries?: unknown[]): Promise<void> {
  await api(page, "POST", "/api/onboarding/beneficiaries", {
    beneficiaries: beneficiaries ?? [
      { type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 100, email: "mari@example.com", phone: "+372 5555 1234" },
    ],
  });
}

/** A new customer on /questionnaire (SERVICE_SELECTED). */
export async function customerOnQuestionnaire(page: Page): Promise<string> {
  const code = await customerOnPackage(page);
  await savePackageViaApi(page);
  return code;
}

/** A new customer on /beneficiaries (QUESTIONNAIRE_COMPLETE). */
export async function customerOnBeneficiaries(page: Page): Promise<string> {
  const code = await customerOnQuestionnaire(page);
  await saveQuestionnaireViaApi(page);
  return code;
}

/** A new customer on /offer (BENEFICIARIES_DEFINED), ready to sign. */
export async function customerOnOffer(page: Page): Promise<string> {
  const code = await customerOnBeneficiaries(page);
  await saveBeneficiariesViaApi(page);
  return code;
}

/**
 * A fresh customer's offer, its three confirmations ticked and saved: the confirmation that
 * follows (a modal with JavaScript, a page state without).
 */
export async function offerConfirmation(page: Page): Promise<Locator> {
  await customerOnOffer(page);
  await page.goto("/offer");
  await page.getByLabel("Kinnitan, et taotluses esitatud andmed on õiged ja täielikud.").check();
  await page.getByLabel("Olen tutvunud kindlustustingimustega ja nõustun nendega.").check();
  await page.getByLabel(/Nõustun, et kindlustusandja küsib ja jagab minu andmeid/).check();
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  const name = "Kinnita pakkumine";
  return jsEnabled() ? page.getByRole("dialog", { name }) : page.getByRole("region", { name });
}

export { api };
