/**
 * A customer's journey through /api, step by step, as the two-instances test walks it: for
 * tests that stop it partway (a key rotation in the middle) or look at what it left on disk.
 */
import { expect } from "vitest";
import { QUESTION_SETS, type AnswerableType } from "~/lib/questionnaire-sets";
import type { Client } from "./app";
import { ok, walkTo } from "./reach";

/** Signed in, registered, scored, a package chosen: on /questionnaire (tests/support/reach.ts walks there). */
export async function journeyToQuestionnaire(client: Client, personalCode: string): Promise<void> {
  expect((await client.signIn(personalCode)).result).toBe("SUCCESS");
  await walkTo(client, "questionnaire");
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
export function signAgreement(client: Client): Promise<string> {
  return walkTo(client, "confirmation");
}
