/**
 * The same typed amount, without JavaScript, on the public quote page and on the package step
 * (same age, same covers) is read the same (SPEC.md section 5 numeric fields, docs/decisions/0311):
 * with spaces, with leading zeros, with more digits than a field holds. And a marketing link's
 * amounts written with spaces start the landing form and, through its sign-in link, the package
 * step. From the audit of 1 December 2026.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/_index";
import { action as packageRouteAction } from "~/routes/package";
import { startTestApp, type TestApp } from "../support/app";
import { BASE, routeArgs, run } from "../support/routes";
import { customerAt } from "../support/reach";

const NOW = "2026-03-02T10:00:00Z";
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: NOW });
});
afterAll(() => app.close());

async function packageStep(cookie: string, death: string, disability: string) {
  const body = new FormData();
  const form = { intent: "recalculate", sumInsuredForDeathCover: death, deathCoverRange: "50000", deathCoverWas: "50000", sumInsuredForDisabilityCover: disability, disabilityCoverRange: "20000", disabilityCoverWas: "20000" };
  for (const [k, v] of Object.entries(form)) body.set(k, v);
  const request = new Request(BASE + "/package", { method: "POST", headers: { Cookie: cookie }, body });
  const out = await run<any>(() => packageRouteAction({ request, params: {}, context: app.context(request) } as never));
  return { status: out.status, values: out.data?.values ?? null, total: out.data?.estimation?.premiumTotal ?? null, errors: out.data?.result?.error ?? null };
}

async function quotePage(age: number, death: string, disability: string) {
  const q = new URLSearchParams({ age: String(age), life: death, lifeRange: "50000", lifeWas: "50000", disability, disabilityRange: "20000", disabilityWas: "20000" });
  const out = await run<any>(() => homeLoader(routeArgs(app, `/?${q}`, { address: "10.9.9.9" }) as never));
  return { status: out.status, values: out.data?.quote?.package ?? null, total: out.data?.quote?.estimation?.premiumTotal ?? null, errors: out.data?.errors ?? null };
}

describe("a typed amount is read alike on the quote page and the package step", () => {
  it.each([
    ["75 000", "20000"],
    ["75000", "020000"],
    ["0100000", "20000"],
    ["1234567890", "20000"],
  ])("life %j, disability %j", async (death, disability) => {
    const { client } = await customerAt(app, "package", { age: 40, today: "2026-03-02", scoreAnswers: { smoking: { value: true } } });
    const step = await packageStep(client.cookieHeader, death, disability);
    const quote = await quotePage(40, death, disability);
    expect({ status: quote.status, values: quote.values && { d: quote.values.sumInsuredForDeathCover, x: quote.values.sumInsuredForDisabilityCover } }).toEqual({
      status: step.status,
      values: step.values && { d: step.values.sumInsuredForDeathCover, x: step.values.sumInsuredForDisabilityCover },
    });
  });
});

import { loader as packageLoader } from "~/routes/package";
import { Client } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { walkTo } from "../support/reach";

describe("a marketing link's amounts with spaces", () => {
  it("the landing page shows them, and the package step after its sign-in link starts from them", async () => {
    const home = await run<any>(() => homeLoader(routeArgs(app, `/?life=100%20000&disability=50%20000`, { address: "10.9.9.8" }) as never));
    const shown = home.data.values;
    const client = new Client(app.url);
    expect((await client.signIn(freshPersonalCode({ age: 40, today: "2026-03-02" }), "smart-id", `?${home.data.loginHref.split("?")[1]}`)).result).toBe("SUCCESS");
    await walkTo(client, "package");
    const page = await run<any>(() => packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never));
    expect({ loginHref: home.data.loginHref, package: { d: page.data.values.sumInsuredForDeathCover, x: page.data.values.sumInsuredForDisabilityCover } }).toEqual({
      loginHref: home.data.loginHref,
      package: { d: shown.sumInsuredForDeathCover, x: shown.sumInsuredForDisabilityCover },
    });
  });
});
