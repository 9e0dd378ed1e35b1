/**
 * A complete application (registration, wellness score, proposal, sealed questionnaire,
 * beneficiaries; state BENEFICIARIES_DEFINED) for the offer's tests, written with the same
 * rows the earlier steps write (app/core/demo/ready-to-sign.ts).
 */
import { today } from "~/core/clock";
import { allNo, writeApplication, type ApplicationRows } from "~/core/demo/ready-to-sign";
import { healthCipher } from "~/core/health-data";
import type { TestApp } from "./app";
import { Client } from "./app";
import { freshPersonalCode } from "./personal-codes";

export async function customerReadyToSign(
  app: TestApp,
  options: { age?: number; code?: string; firstName?: string; lastName?: string; rows?: Partial<ApplicationRows> } = {},
) {
  const client = new Client(app.url);
  const code = options.code ?? freshPersonalCode({ age: options.age ?? 40, today: today(app.clock) });
  const signedIn = await client.signIn(code);
  if (signedIn.result !== "SUCCESS") throw new Error(`sign-in: ${signedIn.result}`);
  if (options.firstName || options.lastName) {
    await app.core.db.query(`UPDATE customers SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name) WHERE personal_code = $1`, [
      code,
      options.firstName ?? null,
      options.lastName ?? null,
    ]);
  }
  const customer = (await app.core.customers.byPersonalCode(code))!;
  await writeApplication(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), customer.id, {
    email: "test@example.ee",
    phone: "+372 5555 1234",
    sumInsuredForDeathCover: 100_000,
    sumInsuredForDisabilityCover: 50_000,
    services: ["MENTAL", "TELEMED"],
    questionnaire: { type: "UW_L1", height: 180, weight: 80, content: allNo("UW_L1") },
    beneficiaries: [{ type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 100, email: "mari@example.ee", phone: "+372 5000 0000" }],
    ...options.rows,
  });
  return { client, code, customer: (await app.core.customers.byPersonalCode(code))! };
}

/** Health answers that send the signing to extended underwriting (a hospital stay): `rows` of `customerReadyToSign`. */
export const NEEDS_UNDERWRITING = {
  questionnaire: { type: "UW_L1" as const, height: 175, weight: 70, content: { ...allNo("UW_L1"), hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik" } } },
};

export const ALL_CONSENTS = { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true };

/**
 * A press of the demo signing page's button (`action` sign or cancel): the top-level form post
 * without JavaScript (a redirect), or with `js` as the page's script sends it (JSON).
 */
export const demoSigningPost = (client: Client, config: { signingToken: string; accessToken: string }, action = "sign", js = false) =>
  client.fetch(`/sign/demo/signing/${config.signingToken}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(js ? { Accept: "application/json" } : {}) },
    body: new URLSearchParams({ access_token: config.accessToken, action, ...(js ? { mode: "js" } : {}) }).toString(),
  });

/**
 * A customer whose signing went to extended underwriting (EUW), a case for the operator: ready
 * to sign with `rows` (a hospital stay unless given), the offer's consents given, signed in the
 * demo provider's frame and completed.
 */
export async function customerInUnderwriting(app: TestApp, rows: Partial<ApplicationRows> = NEEDS_UNDERWRITING) {
  const applicant = await customerReadyToSign(app, { rows });
  await applicant.client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS });
  const signing = await (await applicant.client.fetch("/api/sign/init", { method: "POST" })).json();
  await demoSigningPost(applicant.client, signing, "sign", true);
  const done = await (await applicant.client.fetch("/api/sign/complete", { method: "POST", json: {} })).json();
  if (done.state !== "EUW") throw new Error(`the signing ended in ${JSON.stringify(done)}, not EUW`);
  return applicant;
}
