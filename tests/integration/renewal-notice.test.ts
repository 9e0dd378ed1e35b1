/**
 * The new premium told ahead of a renewal (docs/decisions/0090's notice, 0288): in the 30 days
 * before an anniversary on which the contract renews, GET /api/insurance and the insurance tab
 * state its day, the age on it, the cover (lowered to that age's maximum where it was above) and
 * the monthly payment, which is what the renewal's first invoice then bills. Not before those
 * days, not once renewed, not for a contract that ends instead (the last policy year) or was
 * cancelled. The clock moves across the days.
 */
import { describe, expect, it } from "vitest";
import { addDays, addMonths, today } from "~/core/clock";
import { anniversary } from "~/core/contract-term";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import type { Insurance } from "~/core/policyholder/index";
import { packageLimits } from "~/lib/limits";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { appOnAClock, Client } from "../support/app";
import { noon, signedInAgain } from "../support/customers";
import { personalCodeBornOn } from "../support/personal-codes";
import { json } from "../support/reach";
import { routeArgs, run } from "../support/routes";

const file = appOnAClock();

/**
 * A policyholder whose contract's first anniversary (the 10th, a month or so away) finds them
 * `age`, their birthday ten days before it; `cover` in whole euro replaces the seeded one.
 */
async function renewingSoon(age: number, cover?: { death: number; disability: number }) {
  const renewalDay = `${addMonths(today(file.app.clock), 2).slice(0, 7)}-10`;
  const startDate = addMonths(renewalDay, -12);
  const born = addDays(addMonths(renewalDay, -12 * age), -10);
  const code = personalCodeBornOn(born, "M");
  expect((await new Client(file.app.url).signIn(code)).result).toBe("SUCCESS");
  await seedPolicyholder(file.app.core.db, file.app.clock, healthCipher(file.app.config.healthDataKeys), code);
  const customer = (await file.app.core.customers.byPersonalCode(code))!;
  await file.app.core.db.query(`UPDATE policies SET signed_at = $2, start_date = $3 WHERE customer_id = $1`, [customer.id, noon(addDays(startDate, -1)), startDate]);
  if (cover) await file.app.core.db.query(`UPDATE policies SET death_cover = $2, disability_cover = $3 WHERE customer_id = $1`, [customer.id, cover.death, cover.disability]);
  expect(anniversary(startDate, 1)).toBe(renewalDay);
  return { code, customer, renewalDay };
}

/** At noon on `day`: GET /api/insurance and the insurance tab's loader, signed in anew. */
async function on(day: string, code: string) {
  file.app.clock.set(noon(day));
  const client = await signedInAgain(file.app, code);
  const api = (await json(await client.fetch("/api/insurance"))) as Insurance;
  const tab = (await run<{ insurance: Insurance }>(() => insuranceLoader(routeArgs(file.app, "/self-service/insurance", { cookie: client.cookieHeader })))).data!;
  return { client, api, tab };
}

describe("a renewal told ahead", () => {
  it("states the renewal's day, age, cover and monthly payment in its 30 days, and its first invoice bills that payment", async () => {
    const { code, renewalDay } = await renewingSoon(45);
    // Thirty-one days before: nothing yet.
    const early = await on(addDays(renewalDay, -31), code);
    expect(early.api.renewal).toBeNull();
    expect(early.tab.insurance.renewal).toBeNull();
    // Thirty days before (decision 0090's notice) and up to the day before: told, the same on the page and the API.
    const notice = (await on(addDays(renewalDay, -30), code)).api.renewal!;
    expect(notice).toMatchObject({ date: renewalDay, age: 45, sumInsuredForDeathCover: expect.any(Number), coverLowered: false });
    const { api, tab } = await on(addDays(renewalDay, -1), code);
    expect(api.renewal).toEqual(notice);
    expect(tab.insurance.renewal).toEqual(notice);
    expect(api.renewal!.sumInsuredForDeathCover).toBe(api.sumInsuredForDeathCover);
    expect(api.renewal!.sumInsuredForDisabilityCover).toBe(api.sumInsuredForDisabilityCover);
    // On the day it is renewed: no notice, and the renewal's first invoice bills what was told.
    const renewed = await on(renewalDay, code);
    expect(renewed.api.renewal).toBeNull();
    const invoices = (await json(await renewed.client.fetch("/api/invoices"))) as Array<{ date: string; sum: number }>;
    const first = invoices.find((i) => i.date === renewalDay);
    expect(first?.sum).toBe(notice.monthlyPayment);
    // Older, dearer: the first year's invoices billed less.
    const before = invoices.find((i) => i.date === addMonths(renewalDay, -1));
    expect(before!.sum).toBeLessThan(notice.monthlyPayment);
  });

  it("says the cover is lowered to the new age's maximum where it was above it", async () => {
    const at59 = packageLimits(59)!;
    const at60 = packageLimits(60)!;
    const { code, renewalDay } = await renewingSoon(60, { death: at59.sumLimitsForDeathCover.max, disability: at59.sumLimitsForDisabilityCover.max });
    const { api } = await on(addDays(renewalDay, -10), code);
    expect(api.renewal).toMatchObject({
      date: renewalDay,
      age: 60,
      sumInsuredForDeathCover: at60.sumLimitsForDeathCover.max,
      sumInsuredForDisabilityCover: at60.sumLimitsForDisabilityCover.max,
      coverLowered: true,
    });
  });

  it("is not told for a contract that ends instead (65 on the anniversary) nor for one cancelled", async () => {
    const last = await renewingSoon(65);
    const ending = await on(addDays(last.renewalDay, -10), last.code);
    expect(ending.api.renewal).toBeNull();
    expect(ending.api.endDate).toBe(addDays(last.renewalDay, -1));

    const cancelled = await renewingSoon(45);
    await file.app.core.db.query(`UPDATE policies SET status = 'CANCELLED', ended_at = $2, ending_sent_at = $2, end_date = $3 WHERE customer_id = $1`, [
      cancelled.customer.id,
      noon(addDays(cancelled.renewalDay, -40)),
      addDays(cancelled.renewalDay, 20),
    ]);
    const { api } = await on(addDays(cancelled.renewalDay, -10), cancelled.code);
    expect(api.status).toBe("CANCELLED");
    expect(api.renewal).toBeNull();
  });
});
