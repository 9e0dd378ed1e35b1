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
import { ageOn, makePersonalCode } from "~/lib/personal-code";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";

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
    const code = makePersonalCode(born, "F", Math.floor(Math.random() * 1000));
    const { policy, invoices } = await policyholderPastAnniversary(code);
    expect(invoices).toHaveLength(12);
    expect(invoices.at(-1)!.date).toBe(addMonths(policy.start_date, 11));
  });

  it("ends the health services with the cover of the last policy year of a policyholder not renewed at 65", async () => {
    // The cover ended on the day before the anniversary (docs/decisions/0090); services come
    // only with cover (docs/decisions/0269). They were once offered on as if it ran on.
    const born = addMonths(addMonths(today(app.clock), 1), -65 * 12);
    const code = makePersonalCode(born, "M", Math.floor(Math.random() * 1000));
    const { customer, policy } = await policyholderPastAnniversary(code);
    const lastDay = addDays(addMonths(policy.start_date, 12), -1);
    const client = new Client(app.url);
    expect((await client.signIn(code)).result).toBe("SUCCESS");
    expect(await (await client.fetch("/api/services")).json()).toEqual([]);
    expect(await app.core.policyholder.services(customer, "et")).toMatchObject({ services: [], cover: { kind: "ended", endDate: lastDay } });
    // The day before, the last day of cover, they are still there.
    app.clock.set(new Date(`${lastDay}T10:00:00Z`));
    expect(await app.core.policyholder.services(customer, "et")).toMatchObject({ cover: { kind: "in-force" } });
    expect((await app.core.policyholder.services(customer, "et"))!.services.length).toBeGreaterThan(0);
  });
});
