/**
 * PRODUCT.md section 3: eligible ages 18–64 on the day of sign-up, a customer outside them
 * SERVICE_UNAVAILABLE. One who signed in at 64 and comes back on or after the 65th birthday with
 * no package saved yet is turned away as a first sign-in at 65 is, not asked to register and
 * fill the wellness profile (health data) for a package step that refuses them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, addMonths, today } from "~/core/clock";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { loader as accountLoader } from "~/routes/account";
import { landingPath } from "~/lib/route-access";
import { Client, startTestApp, type TestApp } from "../support/app";
import { noon, policyholderInLastPolicyYear, signedInAgain } from "../support/customers";
import { expectRedirect, routeArgs, run } from "../support/routes";
import { personalCodeBornOn } from "../support/personal-codes";
import { customerAt } from "../support/reach";
import { REGISTRATION } from "../support/walk";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-05-19T10:00:00Z" });
});
afterAll(() => app.close());

const stateOf = async (client: Client) => (await (await client.fetch("/api/onboarding/state")).json()).state;

describe("a customer who turns 65 before saving a package", () => {
  it("is turned away at Tallinn's midnight on the birthday, in the same session and at the next sign-in", async () => {
    // 64 until 19 May 2026, 65 from 20 May (00:00 in Tallinn is 21:00 UTC the day before).
    app.clock.set("2026-05-19T20:45:00Z");
    const fresh = new Client(app.url);
    const freshCode = personalCodeBornOn("1961-05-20", "F");
    expect((await fresh.signIn(freshCode)).redirectTo).toBe("/account");
    const scored = await customerAt(app, "package", { code: personalCodeBornOn("1961-05-20", "M") });
    expect(await stateOf(fresh)).toBe("NEW");
    expect(await stateOf(scored.client)).toBe("WELLNESS_PROFILE_COMPLETE");

    app.clock.set("2026-05-19T20:59:00Z");
    expect(await stateOf(fresh)).toBe("NEW");

    // A minute later, in the same session (no sign-in between):
    app.clock.set("2026-05-19T21:00:00Z");
    expect(await stateOf(fresh)).toBe("SERVICE_UNAVAILABLE");
    // The account step is no longer offered: its save is refused.
    const registered = await fresh.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION });
    expect(registered.status).toBe(409);

    app.clock.set("2026-05-20T10:00:00Z");
    expect((await scored.client.signIn(scored.code)).redirectTo).toBe("/unavailable");
    expect(await stateOf(scored.client)).toBe("SERVICE_UNAVAILABLE");
  });
});

describe("a policyholder whose contract ended, past 64", () => {
  const signUpAgain = async (client: Client) =>
    (await run<{ ending: { maySignUpAgain: boolean } }>(() => insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie: client.cookieHeader })))).data!.ending.maySignUpAgain;

  it("is not offered a new sign-up, and the account step's save refuses one: the ended contract's pages stay theirs", async () => {
    app.clock.set("2026-05-19T10:00:00Z");
    const { code } = await policyholderInLastPolicyYear(app);
    const client = await signedInAgain(app, code);
    const ended = await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } });
    expect(ended.status).toBe(200);
    expect(await stateOf(client)).toBe("CANCELLED");
    // At 64 a new application is open.
    expect(await signUpAgain(client)).toBe(true);

    // Past the 65th birthday (a month on): none, and the account step's save is refused.
    app.clock.set(noon(addDays(addMonths(today(app.clock), 1), 1)));
    const later = await signedInAgain(app, code);
    expect(await stateOf(later)).toBe("CANCELLED");
    expect(await signUpAgain(later)).toBe(false);
    const registered = await later.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION });
    expect(registered.status).toBe(409);
    expect(await registered.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });
    expect(await stateOf(later)).toBe("CANCELLED");
    // Nor is the account step's page open to them: back where their state lands.
    expectRedirect(await run(() => accountLoader(routeArgs(app, "/account", { cookie: later.cookieHeader }))), landingPath("CANCELLED"));
  });
});
