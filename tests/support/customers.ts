/** Policyholders made for a test, signed in through /api (the real sign-in). */
import { expect } from "vitest";
import { addDays, addMonths, today } from "~/core/clock";
import { anniversary, lastPolicyYear } from "~/core/contract-term";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import type { Sex } from "~/lib/personal-code";
import { Client, type TestApp } from "./app";
import { freshPersonalCode, personalCodeBornOn } from "./personal-codes";

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

/**
 * A policyholder 64 today and 65 in a month, whose policy started on the 10th of the month six
 * months ago (signed the day before, at 64): its first policy year is the last (not renewed at
 * 65, docs/decisions/0282), and its last day (the 9th) is not a month's end.
 */
export async function policyholderInLastPolicyYear(app: TestApp) {
  const born = addMonths(addMonths(today(app.clock), 1), -65 * 12);
  const code = personalCodeBornOn(born, "F");
  expect((await new Client(app.url).signIn(code)).result).toBe("SUCCESS");
  await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), code);
  const customer = (await app.core.customers.byPersonalCode(code))!;
  const startDate = `${addMonths(today(app.clock), -6).slice(0, 7)}-10`;
  await app.core.db.query(`UPDATE policies SET signed_at = $2, start_date = $3 WHERE customer_id = $1`, [customer.id, noon(addDays(startDate, -1)), startDate]);
  const lastDay = addDays(anniversary(startDate, 1), -1);
  expect(lastPolicyYear(customer.dateOfBirth, startDate)).toEqual({ policyYear: 1, from: startDate, lastDay });
  return { code, customer, startDate, lastDay };
}
