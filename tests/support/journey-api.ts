/**
 * A customer's journey through /api, step by step, as the two-instances test walks it: for
 * tests that stop it partway (a key rotation in the middle) or look at what it left on disk.
 */
import { expect } from "vitest";
import { QUESTION_SETS, type AnswerableType } from "~/lib/questionnaire-sets";
import type { Client } from "./app";
import { REGISTRATION, SCORE_ANSWERS } from "./questionnaire";

async function ok(response: Response): Promise<any> {
  const text = await response.text();
  expect(response.status, `${response.url}: ${text.slice(0, 300)}`).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
}

/** Signed in, registered, scored, a package chosen: on /questionnaire. */
export async function journeyToQuestionnaire(client: Client, personalCode: string): Promise<void> {
  expect((await client.signIn(personalCode)).result).toBe("SUCCESS");
  await ok(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }));
  await ok(await client.fetch("/api/score", { method: "POST", json: { answers: SCORE_ANSWERS } }));
  await ok(
    await client.fetch("/api/onboarding/proposal", {
      method: "POST",
      json: { sumInsuredForDeathCover: 100000, sumInsuredForDisabilityCover: 50000, services: ["MENTAL"] },
    }),
  );
}

/** Saves the questionnaire: a yes to the examination question whose reason is `reason`, every other answer no. */
export async function saveQuestionnaire(client: Client, reason: string, body = { height: 187, weight: 83 }): Promise<void> {
  const { type } = await ok(await client.fetch(`/api/onboarding/questionnaire/required-type?h=${body.height}&w=${body.weight}`));
  const questions = QUESTION_SETS[type as AnswerableType];
  const content: Record<string, unknown> = Object.fromEntries(questions.map((q) => [q.code, false]));
  const asked = questions.find((q) => q.code === "examination" || q.code === "examinationAdditional")!;
  content[asked.code] = true;
  content[`${asked.code}Extra`] = { reason, analyses: "vereanalüüs", period: "2024" };
  await ok(await client.fetch("/api/onboarding/questionnaire", { method: "POST", json: { ...body, content } }));
}

/** The saved questionnaire as the customer reads it back. */
export async function readQuestionnaire(client: Client): Promise<{ height: number; weight: number; content: Record<string, unknown> }> {
  return ok(await client.fetch("/api/onboarding/questionnaire"));
}

/** Beneficiaries, offer consents, the demo signing: AGREEMENT_SIGNED (or EUW). */
export async function signAgreement(client: Client): Promise<string> {
  await ok(
    await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: {
        beneficiaries: [{ type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 100, email: "mari@example.com", phone: "+372 5555 1234" }],
      },
    }),
  );
  await ok(
    await client.fetch("/api/onboarding/offer", {
      method: "POST",
      json: { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true },
    }),
  );
  const signing = await ok(await client.fetch("/api/sign/init", { method: "POST" }));
  const signed = await client.fetch(`${signing.baseUrl}/signing/${signing.signingToken}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({ access_token: signing.accessToken, action: "sign", mode: "js" }).toString(),
  });
  expect(signed.status, await signed.clone().text()).toBeLessThan(400);
  const { state } = await ok(await client.fetch("/api/sign/complete", { method: "POST", json: {} }));
  return state;
}
