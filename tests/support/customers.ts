/**
 * A fresh customer signed in through /api (the real sign-in), then put in `state` with SQL as
 * the earlier steps would leave them.
 */
import { expect } from "vitest";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
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

/** A fresh customer made a policyholder exactly as the seed makes Jaan Tamm, signed in through /api. */
export async function freshPolicyholder(app: TestApp, options: { age?: number } = {}) {
  const code = freshPersonalCode({ age: options.age ?? 35 });
  const client = new Client(app.url);
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), code);
  const customer = (await app.core.customers.byPersonalCode(code))!;
  expect(customer.state).toBe("SELF_SERVICE");
  return { client, customer, code };
}
