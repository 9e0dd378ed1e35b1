/**
 * The one way a test puts a customer at a point of the onboarding: walk the onboarding table
 * (app/lib/onboarding.ts) as the customer would. From where the customer lands, save that step
 * through the /api with valid answers, read where they land now, and again, until they land on
 * `place`; "confirmation" signs the offer with the demo provider (TRANSITIONS.signed). No state
 * is written by name, so a step added to the table is walked through here as well: `SAVES`
 * does not compile without a save for it.
 */
import { expect } from "vitest";
import { isStepId, landing, TRANSITIONS, type OnboardingState, type StepId } from "~/lib/onboarding";
import { QUESTION_SETS, type AnswerableType } from "~/lib/questionnaire-sets";
import { Client, type TestApp } from "./app";
import { freshPersonalCode } from "./personal-codes";
import { REGISTRATION, SCORE_ANSWERS } from "./questionnaire";

/** Where a walk may stop: a step (the customer may save it next), signed, or unavailable (only where the sign-in put them: an age outside the limits). */
export type Point = StepId | "confirmation" | "unavailable";

export interface WalkOptions {
  /** The package saved on the way (whole euro); 100 000 / 50 000 and MENTAL unless given. */
  deathCover?: number;
  disabilityCover?: number;
  services?: string[];
  /** The wellness score's answers (a full set earning a discount unless given). */
  scoreAnswers?: Record<string, { value: unknown; manual?: boolean }>;
  /** The questionnaire's height and weight (every answer no). */
  body?: { height: number; weight: number };
}

export async function ok(response: Response): Promise<any> {
  const text = await response.text();
  expect(response.status, `${response.url}: ${text.slice(0, 300)}`).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
}

const post = async (client: Client, path: string, json: unknown) => void (await ok(await client.fetch(path, { method: "POST", json })));

const ONE_BENEFICIARY = {
  beneficiaries: [{ type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 100, email: "mari@example.com", phone: "+372 5555 1234" }],
};

const ALL_CONSENTS = { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true };

/** Every answer of the set the package and body now require, no (the questionnaire's /api tells the set). */
async function answerEveryQuestionNo(client: Client, body = { height: 180, weight: 80 }): Promise<void> {
  const { type } = await ok(await client.fetch(`/api/onboarding/questionnaire/required-type?h=${body.height}&w=${body.weight}`));
  const content = Object.fromEntries(QUESTION_SETS[type as AnswerableType].map((q) => [q.code, false]));
  await post(client, "/api/onboarding/questionnaire", { ...body, content });
}

/** Each step's save with valid answers, as a customer makes it through the /api. */
const SAVES: Record<StepId, (client: Client, options: WalkOptions) => Promise<void>> = {
  account: (client) => post(client, "/api/onboarding/registration", REGISTRATION),
  score: (client, options) => post(client, "/api/score", { answers: options.scoreAnswers ?? SCORE_ANSWERS }),
  package: (client, options) =>
    post(client, "/api/onboarding/proposal", {
      sumInsuredForDeathCover: options.deathCover ?? 100_000,
      sumInsuredForDisabilityCover: options.disabilityCover ?? 50_000,
      services: options.services ?? ["MENTAL"],
    }),
  questionnaire: (client, options) => answerEveryQuestionNo(client, options.body),
  beneficiaries: (client) => post(client, "/api/onboarding/beneficiaries", ONE_BENEFICIARY),
  offer: (client) => post(client, "/api/onboarding/offer", ALL_CONSENTS),
};

/** Saves `step` as the walk does (a test that changes an earlier step, or makes the same save again). */
export const saveStep = (client: Client, step: StepId, options: WalkOptions = {}) => SAVES[step](client, options);

/** The signing (TRANSITIONS.signed) in the demo provider's frame, confirmed. */
async function sign(client: Client): Promise<void> {
  const signing = await ok(await client.fetch("/api/sign/init", { method: "POST" }));
  const signed = await client.fetch(`${signing.baseUrl}/signing/${signing.signingToken}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({ access_token: signing.accessToken, action: "sign", mode: "js" }).toString(),
  });
  expect(signed.status, await signed.clone().text()).toBeLessThan(400);
  await post(client, "/api/sign/complete", {});
}

/** The customer's state as the /api reads it (with the age re-check). */
async function stateOf(client: Client): Promise<OnboardingState> {
  return (await ok(await client.fetch("/api/onboarding/state"))).state;
}

/** Walks a signed-in customer from where they are to `place`; returns the state they are in there. */
export async function walkTo(client: Client, place: Point, options: WalkOptions = {}): Promise<OnboardingState> {
  let state = await stateOf(client);
  for (let moves = 0; landing(state) !== place; moves++) {
    const step = landing(state);
    if (!isStepId(step) || moves > 20) throw new Error(`No way from ${state} to ${place}`);
    await SAVES[step](client, options);
    const after = await stateOf(client);
    // A save that keeps the state (the offer's) leaves the next move to the signing.
    if (after === state) {
      if (state !== TRANSITIONS.signed.from) throw new Error(`Saving ${step} left the customer in ${state}`);
      await sign(client);
      state = await stateOf(client);
    } else state = after;
  }
  return state;
}

export interface CustomerOptions extends WalkOptions {
  age?: number;
  sex?: "M" | "F";
  today?: string;
  code?: string;
}

/** A fresh customer signed in through /api (the real sign-in) and walked to `place`. */
export async function customerAt(app: TestApp, place: Point, options: CustomerOptions = {}) {
  const client = new Client(app.url);
  const code = options.code ?? freshPersonalCode({ age: options.age ?? (place === "unavailable" ? 70 : 35), sex: options.sex, today: options.today });
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  await walkTo(client, place, options);
  const customer = (await app.core.customers.byPersonalCode(code))!;
  return { client, customer, code };
}

/**
 * A customer asked to answer the questionnaire again (CHANGE_REQUIRED.questionnaire), as a
 * customer gets there: the shorter set answered (and beneficiaries saved, unless `from` the
 * beneficiaries' step), then a package whose
 * death cover needs the longer set (over 150 000).
 */
export async function customerAskedAgain(app: TestApp, options: CustomerOptions & { from?: "beneficiaries" | "offer" } = {}) {
  const at = await customerAt(app, options.from ?? "offer", options);
  await SAVES.package(at.client, { ...options, deathCover: 200_000 });
  return { ...at, customer: (await app.core.customers.byPersonalCode(at.code))! };
}
