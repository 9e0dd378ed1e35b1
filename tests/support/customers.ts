/** Policyholders made for a test, signed in through /api (the real sign-in). */
import { expect } from "vitest";
import { addDays, today } from "~/core/clock";
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

/** Noon UTC of a Tallinn date: a moment well inside that day. */
export const noon = (date: string) => new Date(`${date}T10:00:00Z`);

/** A fresh policyholder who signed `daysAgo` days ago (the policy starting the day after), signed in through /api. */
export async function policyholderSince(app: TestApp, daysAgo: number) {
  const holder = await freshPolicyholder(app);
  const signedOn = addDays(today(app.clock), -daysAgo);
  await app.core.db.query(`UPDATE policies SET signed_at = $2, start_date = $3 WHERE customer_id = $1`, [holder.customer.id, noon(signedOn), addDays(signedOn, 1)]);
  return { ...holder, signedOn };
}

/** A new sign-in of `code` (a session does not outlive a move of the clock by months). */
export async function signedInAgain(app: TestApp, code: string) {
  const client = new Client(app.url);
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  return client;
}
