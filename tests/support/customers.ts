/**
 * A fresh customer signed in through /api (the real sign-in), then put in `state` with SQL as
 * the earlier steps would leave them.
 */
import { expect } from "vitest";
import type { Sex } from "~/lib/personal-code";
import type { OnboardingState } from "~/lib/onboarding";
import { Client, type TestApp } from "./app";
import { freshPersonalCode } from "./personal-codes";

export async function apiCustomerIn(app: TestApp, state: OnboardingState, options: { age?: number; sex?: Sex; today?: string; code?: string } = {}) {
  const client = new Client(app.url);
  const code = options.code ?? freshPersonalCode({ age: options.age ?? 35, sex: options.sex, today: options.today });
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  await app.core.db.query(`UPDATE customers SET state = $2 WHERE personal_code = $1`, [code, state]);
  const customer = (await app.core.customers.byPersonalCode(code))!;
  return { client, customer, code };
}
