/**
 * A policy is in force from Tallinn's midnight on its start day (PRODUCT.md section 3: "on that
 * day AGREEMENT_SIGNED becomes SELF_SERVICE"), not from the hourly housekeeping round after it:
 * every read of the state activates a policy whose start day has come (app/core/index.ts
 * `stateOnRead`), the round activates the others, and either way once, with one audit row.
 * Signed at 23:50 on 30 December (a start on the year's last day).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { today } from "~/core/clock";
import { loader as confirmationLoader } from "~/routes/confirmation";
import { Client, startTestApp, type TestApp } from "../support/app";
import { customerAt, json } from "../support/reach";
import { expectRedirect, routeArgs, run } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-12-30T21:50:00Z" });
});
afterAll(() => app.close());

const activations = async (customerId: number) =>
  (await app.core.db.query(`SELECT actor FROM health_data_audit WHERE customer_id = $1 AND subject = 'policy:activate'`, [customerId])).length;

describe("the start day begins at Tallinn's midnight", () => {
  it("every read of the state finds the policy in force from 00:00 on its start day, before any round, and activates it once", async () => {
    app.clock.set("2026-12-30T21:50:00Z");
    const { client, customer, code } = await customerAt(app, "confirmation", { today: today(app.clock) });
    expect(await json(await client.fetch("/api/insurance"))).toMatchObject({ startDate: "2026-12-31", status: "SIGNED" });

    // 23:59:59 in Tallinn: still the day of signing.
    app.clock.set("2026-12-30T21:59:59Z");
    expect(await json(await client.fetch("/api/onboarding/state"))).toMatchObject({ state: "AGREEMENT_SIGNED" });
    expect(await activations(customer.id)).toBe(0);

    // 00:05 on 31 December in Tallinn (22:05 UTC on the 30th), no round run since.
    app.clock.set("2026-12-30T22:05:00Z");
    expect(await json(await client.fetch("/api/onboarding/state"))).toMatchObject({ state: "SELF_SERVICE" });
    expect(await json(await client.fetch("/api/insurance"))).toMatchObject({ startDate: "2026-12-31", status: "ACTIVE" });
    // The score's current period is open to save, as it is in self-service.
    expect((await json(await client.fetch("/api/score/periods"))).items[0]).toMatchObject({ startDate: "2026-12-31", enabled: true });
    expectRedirect(await run(() => confirmationLoader(routeArgs(app, "/confirmation", { cookie: client.cookieHeader }))), "/self-service");
    expect((await new Client(app.url).signIn(code)).redirectTo).toBe("/self-service/insurance");

    // The round finds nothing left to do, however often it runs: one activation, one audit row.
    expect((await app.core.housekeeping()).activated).toBe(0);
    expect((await app.core.housekeeping()).activated).toBe(0);
    expect(await activations(customer.id)).toBe(1);
    expect((await app.core.db.query<{ status: string }>(`SELECT status FROM policies WHERE customer_id = $1`, [customer.id]))[0].status).toBe("ACTIVE");
  });

  it("a sign-in on the start day lands in self-service, the policy activated by the sign-in's read", async () => {
    app.clock.set("2026-12-30T21:50:00Z");
    const { customer, code } = await customerAt(app, "confirmation", { today: today(app.clock) });
    app.clock.set("2026-12-30T22:00:00Z");
    expect((await new Client(app.url).signIn(code)).redirectTo).toBe("/self-service/insurance");
    expect((await app.core.customers.byPersonalCode(code))!.state).toBe("SELF_SERVICE");
    expect(await activations(customer.id)).toBe(1);
  });

  it("the round at midnight activates the policies due, and run again activates none twice", async () => {
    app.clock.set("2026-12-30T21:50:00Z");
    const { customer } = await customerAt(app, "confirmation", { today: today(app.clock) });
    app.clock.set("2026-12-30T21:59:59.999Z");
    await app.core.housekeeping();
    expect(await activations(customer.id)).toBe(0);
    app.clock.set("2026-12-30T22:00:00Z");
    expect((await app.core.housekeeping()).activated).toBeGreaterThanOrEqual(1);
    expect((await app.core.housekeeping()).activated).toBe(0);
    expect(await activations(customer.id)).toBe(1);
  });
});
