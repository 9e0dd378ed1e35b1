/**
 * The one way an integration test puts a customer at a point of the onboarding: walk the
 * onboarding table as the customer would (tests/support/walk.ts, the walk every client shares),
 * through the /api of the test's app. No state is written by name.
 */
import { expect } from "vitest";
import type { OnboardingState, StepId } from "~/lib/onboarding";
import { Client, type TestApp } from "./app";
import { freshPersonalCode } from "./personal-codes";
import { saveStep as saveStepThrough, walkTo as walkThrough, type ApiDoor, type Point, type WalkOptions } from "./walk";

export type { Point, WalkOptions } from "./walk";

export async function ok(response: Response): Promise<any> {
  const text = await response.text();
  expect(response.status, `${response.url}: ${text.slice(0, 300)}`).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
}

/** A response's JSON, after checking its status (the body's start is the failure's message). */
export async function json(response: Response, status = 200): Promise<any> {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  return JSON.parse(text);
}

/** A test client as the walk's door to the /api. */
export const door = (client: Client): ApiDoor => ({
  get: async (path) => ok(await client.fetch(path)),
  post: async (path, json) => ok(await client.fetch(path, { method: "POST", json })),
  async postForm(url, fields) {
    const posted = await client.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams(fields).toString(),
    });
    expect(posted.status, await posted.clone().text()).toBeLessThan(400);
  },
});

/** Saves `step` as the walk does (a test that changes an earlier step, or makes the same save again). */
export const saveStep = (client: Client, step: StepId, options: WalkOptions = {}) => saveStepThrough(door(client), step, options);

/** Walks a signed-in customer from where they are to `place`; returns the state they are in there. */
export const walkTo = (client: Client, place: Point, options: WalkOptions = {}): Promise<OnboardingState> => walkThrough(door(client), place, options);

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
  await saveStep(at.client, "package", { ...options, deathCover: 200_000 });
  return { ...at, customer: (await app.core.customers.byPersonalCode(at.code))! };
}
