/** Policyholders made for a test, signed in through /api (the real sign-in). */
import { expect } from "vitest";
import { today } from "~/core/clock";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import type { Sex } from "~/lib/personal-code";
import { Client, type TestApp } from "./app";
import { freshPersonalCode } from "./personal-codes";

/** A fresh customer (`age` on the app's clock) made a policyholder exactly as the seed makes Jaan Tamm, signed in through /api. */
export async function freshPolicyholder(app: TestApp, options: { age?: number } = {}) {
  const code = freshPersonalCode({ age: options.age ?? 35, today: today(app.clock) });
  const client = new Client(app.url);
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), code);
  const customer = (await app.core.customers.byPersonalCode(code))!;
  expect(customer.state).toBe("SELF_SERVICE");
  return { client, customer, code, cookie: client.cookieHeader };
}
