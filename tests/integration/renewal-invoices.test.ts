/**
 * Billing after the first policy year (docs/decisions/0090): the 13th invoice bills the first
 * renewal's premium, the payment schedule's age table's second row; a policyholder 65 on the
 * anniversary gets no invoice from it on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, addMonths, today } from "~/core/clock";
import { premiumByAge } from "~/core/contract-term";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import { invoiceAmount, invoiceLines, type Invoice } from "~/core/invoices";
import { isServiceCode } from "~/lib/limits";
import type { Estimation } from "~/core/pricing";
import { ageOn } from "~/lib/personal-code";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode, personalCodeBornOn } from "../support/personal-codes";
import { json } from "../support/reach";
import { routeArgs, run } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Seeds a policyholder (start six months ago), then moves the clock seven months on and signs in again. */
async function policyholderPastAnniversary(code: string) {
  expect((await new Client(app.url).signIn(code)).result).toBe("SUCCESS");
  await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), code);
  const customer = (await app.core.customers.byPersonalCode(code))!;
  const [policy] = await app.core.db.query<{ start_date: string; signed_at: Date | string; death_cover: number; disability_cover: number; services: string[]; estimation: Estimation }>(
    `SELECT start_date, signed_at, death_cover, disability_cover, services, estimation FROM policies WHERE customer_id = $1`,
    [customer.id],
  );
  app.clock.set(new Date(`${addMonths(today(app.clock), 7)}T10:00:00Z`));
  const client = new Client(app.url);
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  const invoices: Invoice[] = await (await client.fetch("/api/invoices")).json();
  return { customer, policy, invoices: invoices.sort((a, b) => a.date.localeCompare(b.date)) };
}

/** A policyholder 64 at signing and 65 on the first anniversary (not renewed: docs/decisions/0090), the clock past it, signed in. */
async function notRenewedPastLastYear() {
  const born = addMonths(addMonths(today(app.clock), 1), -65 * 12);
  const code = personalCodeBornOn(born, "M");
  const { customer, policy } = await policyholderPastAnniversary(code);
  const client = new Client(app.url);
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  return { code, customer, client, lastDay: addDays(addMonths(policy.start_date, 12), -1) };
}

describe("an invoice after the first policy year", () => {
  it("bills the renewal premium: the age table's second row", async () => {
    const { customer, policy, invoices } = await policyholderPastAnniversary(freshPersonalCode({ age: 35 }));
    expect(invoices.length).toBeGreaterThanOrEqual(13);
    const table = premiumByAge({
      dateOfBirth: customer.dateOfBirth,
      startDate: policy.start_date,
      current: policy.estimation,
      age: ageOn(customer.dateOfBirth, today({ now: () => new Date(policy.signed_at) })),
      cover: {
        sumInsuredForDeathCover: Number(policy.death_cover),
        sumInsuredForDisabilityCover: Number(policy.disability_cover),
        services: policy.services.filter(isServiceCode),
      },
      wellnessScore: policy.estimation.wellnessScore,
      smoker: false,
    });
    const [twelfth, thirteenth] = [invoices[11], invoices[12]];
    expect(thirteenth.date).toBe(table[1].from);
    expect(twelfth.lines).toEqual(invoiceLines(policy.estimation, twelfth.discountPercent));
    const renewed = table[1].estimation!;
    expect(thirteenth.lines).toEqual(invoiceLines(renewed, thirteenth.discountPercent));
    expect(thirteenth.sum).toBe(invoiceAmount(renewed, thirteenth.discountPercent).total);
    if (thirteenth.discountPercent === renewed.wellnessDiscountPercent) expect(thirteenth.sum).toBe(renewed.premiumTotal);
    expect(renewed.premiumForDeathCover).toBeGreaterThan(policy.estimation.premiumForDeathCover);
  });

  it("is not issued from the anniversary on which a policyholder of 65 is not renewed", async () => {
    // 64 today, 65 in a month: 64 at signing (six months ago), 65 on the anniversary (in six months).
    const born = addMonths(addMonths(today(app.clock), 1), -65 * 12);
    const code = personalCodeBornOn(born, "F");
    const { policy, invoices } = await policyholderPastAnniversary(code);
    expect(invoices).toHaveLength(12);
    expect(invoices.at(-1)!.date).toBe(addMonths(policy.start_date, 11));
  });

  it("ends the health services with the cover of the last policy year of a policyholder not renewed at 65", async () => {
    // The cover ended on the day before the anniversary (docs/decisions/0090); services come
    // only with cover (docs/decisions/0269). They were once offered on as if it ran on.
    const { customer, client, lastDay } = await notRenewedPastLastYear();
    expect(await (await client.fetch("/api/services")).json()).toEqual([]);
    expect(await app.core.policyholder.services(customer, "et")).toMatchObject({ services: [], cover: { kind: "ended", endDate: lastDay, by: "age" } });
    // The day before, the last day of cover, they are still there.
    app.clock.set(new Date(`${lastDay}T10:00:00Z`));
    expect(await app.core.policyholder.services(customer, "et")).toMatchObject({ cover: { kind: "in-force" } });
    expect((await app.core.policyholder.services(customer, "et"))!.services.length).toBeGreaterThan(0);
  });

  it("leaves nothing to end once the last policy year of a contract not renewed at 65 is over, and the insurance tab says it ended (docs/decisions/0278)", async () => {
    const { code, customer, client, lastDay } = await notRenewedPastLastYear();
    // Its withdraw-or-cancel door was still open, and a cancellation "to the month's end" after the cover had ended.
    expect(await json(await client.fetch("/api/self-service/withdrawal"), 404)).toEqual({ errors: [{ code: "error.not_found" }] });
    const cancelled = await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } });
    expect(cancelled.status).toBeGreaterThanOrEqual(400);
    expect(cancelled.status).toBeLessThan(500);
    const insurance = await run<{ cover: unknown; ending: { mayEnd: boolean } }>(() => insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie: client.cookieHeader })));
    expect(insurance.data).toMatchObject({ cover: { kind: "ended", endDate: lastDay, by: "age" }, ending: { mayEnd: false, maySignUpAgain: false } });
    expect((await app.core.customers.byId(customer.id))!.state).toBe("SELF_SERVICE");

    // On its last day of cover the contract may still be cancelled.
    app.clock.set(new Date(`${lastDay}T10:00:00Z`));
    const lastDayClient = new Client(app.url);
    expect((await lastDayClient.signIn(code)).result).toBe("SUCCESS");
    expect(await json(await lastDayClient.fetch("/api/self-service/withdrawal"))).toMatchObject({ ending: { kind: "cancellation" } });
  });
});
