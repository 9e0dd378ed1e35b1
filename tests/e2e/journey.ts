/**
 * Moves a fresh customer along the onboarding steps through the /api contract (the same use
 * cases as the screens), so a test of a later step starts where it needs to: the walk of the
 * onboarding table every client shares (tests/support/walk.ts). `page.request`
 * shares the page's cookies: the browser is signed in afterwards.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, jsEnabled, stepFormReady, test } from "./fixtures";
import { freshPersonalCode } from "../support/personal-codes";
import { REGISTRATION, saveAt, walkTo, walkUpTo, type ApiDoor, type Point } from "../support/walk";

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

/** The quote's price of `query` through the /api. */
export async function quoteTotal(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/quote?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { estimation: { premiumTotal: number } }).estimation.premiumTotal;
}

/** Signs a new customer in through /api (demo provider); returns their personal code. */
export async function signInViaApi(page: Page, personalCode = freshPersonalCode()): Promise<string> {
  await api(page, "POST", "/api/auth/init");
  const completion = await api(page, "POST", "/api/auth/complete", { returnToken: `smart-id:${personalCode}` });
  expect(completion.result).toBe("SUCCESS");
  return personalCode;
}

/** The page's request context as the walk's door to the /api (tests/support/walk.ts). */
const door = (page: Page): ApiDoor => ({
  get: (path) => api(page, "GET", path),
  post: (path, json) => api(page, "POST", path, json),
  async postForm(url, fields) {
    // A form post names its origin as the browser's would (the demo signing desk refuses one that names none).
    const origin = new URL(String(test.info().project.use.baseURL)).origin;
    const response = await page.request.fetch(url, { method: "POST", form: fields, headers: { Accept: "application/json", Origin: origin } });
    expect(response.status(), `POST ${url}: ${await response.text()}`).toBeLessThan(400);
  },
});

// Each save below first walks a customer who lands on an earlier step up to it (walk.ts
// saveAt): a test saving the steps one by one keeps working when a step is added between them.

/** The account step (NEW → ACCOUNT_REGISTERED). */
export async function registerViaApi(page: Page): Promise<void> {
  await saveAt(door(page), "account", { registration: { ...REGISTRATION, email: "teekond@example.com", phone: "+372 5123 4567", occupation: "Õpetaja" } });
}

/** The wellness profile, with a score that earns a discount. */
export async function saveScoreViaApi(page: Page): Promise<void> {
  await saveAt(door(page), "score");
}

/** A new customer (`code` if given), signed in and walked to `step` of the onboarding table (or signed: the confirmation). */
export async function customerOn(page: Page, step: Point, code?: string): Promise<string> {
  const signedIn = await signInViaApi(page, code);
  await walkTo(door(page), step);
  return signedIn;
}

/** The signed-in customer walked on from where they are to a signed offer (the confirmation), as another tab of theirs would. */
export async function signViaApi(page: Page): Promise<void> {
  await walkTo(door(page), "confirmation");
}

/** A new customer, signed in and walked to /package. */
export const customerOnPackage = (page: Page) => customerOn(page, "package");

/** The package (docs/api.md "Package"); 100 000 / 50 000 and MENTAL unless given. */
export async function savePackageViaApi(
  page: Page,
  proposal: { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number; services: string[] } = {
    sumInsuredForDeathCover: 100_000,
    sumInsuredForDisabilityCover: 50_000,
    services: ["MENTAL"],
  },
): Promise<void> {
  await saveAt(door(page), "package", {
    deathCover: proposal.sumInsuredForDeathCover,
    disabilityCover: proposal.sumInsuredForDisabilityCover,
    services: proposal.services,
  });
}

/**
 * The health questionnaire (docs/api.md "Questionnaire"). Without answers: the set the server
 * requires for this customer (180 cm, 80 kg) answered all "no".
 */
export async function saveQuestionnaireViaApi(page: Page, answers?: unknown): Promise<void> {
  if (answers === undefined) return saveAt(door(page), "questionnaire");
  await walkUpTo(door(page), "questionnaire");
  await api(page, "POST", "/api/onboarding/questionnaire", answers);
}

/** The beneficiaries: one person with the whole share unless given. */
export async function saveBeneficiariesViaApi(page: Page, beneficiaries?: unknown[]): Promise<void> {
  await saveAt(door(page), "beneficiaries", { beneficiaries });
}

/** A new customer, walked to /questionnaire. */
export const customerOnQuestionnaire = (page: Page) => customerOn(page, "questionnaire");

/** A new customer, walked to /beneficiaries. */
export const customerOnBeneficiaries = (page: Page) => customerOn(page, "beneficiaries");

/** A new customer, walked to /offer: ready to sign. */
export const customerOnOffer = (page: Page) => customerOn(page, "offer");

/**
 * A fresh customer's offer, its three confirmations ticked and saved: the confirmation that
 * follows (a modal with JavaScript, a page state without).
 */
export async function offerConfirmation(page: Page): Promise<Locator> {
  await customerOnOffer(page);
  await page.goto("/offer");
  // With JavaScript the press opens the confirmation as a dialog: before hydration and the
  // offer's schema it would be the server's page.
  if (jsEnabled()) await stepFormReady(page);
  await page.getByLabel("Kinnitan, et taotluses esitatud andmed on õiged ja täielikud.").check();
  await page.getByLabel("Olen tutvunud kindlustustingimustega ja nõustun nendega.").check();
  await page.getByLabel(/Nõustun, et kindlustusandja küsib ja jagab minu andmeid/).check();
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  const name = "Kinnita pakkumine";
  return jsEnabled() ? page.getByRole("dialog", { name }) : page.getByRole("region", { name });
}

export { api };
