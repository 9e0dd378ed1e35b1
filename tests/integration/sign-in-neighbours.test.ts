/**
 * Sign-in limits no neighbour can abuse (docs/decisions/0102): 500 different customers sign in
 * from one address within 15 minutes, with the default limits, and every one succeeds, while
 * repeated failures from that address (the demo's LOCKED and refused codes, input that is no
 * personal code) and for one person are still refused. The demo e-ID, through /api as a
 * program or the pages' script would; one address for everybody, as behind the default
 * TRUST_PROXY=0 or a carrier's NAT (here the proxy's X-Forwarded-For, so that other tests'
 * addresses stay apart).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OUTCOMES } from "~/core/auth/demo";
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_CODE, MAX_STARTS_PER_ADDRESS } from "~/core/rate-limit";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";

let app: TestApp;
beforeAll(async () => {
  // The default start limit: not the tests' raised one (tests/support/app.ts).
  app = await startTestApp({ env: { TRUST_PROXY: "1", SIGN_IN_STARTS_PER_ADDRESS: String(MAX_STARTS_PER_ADDRESS) } });
});
afterAll(() => app.close());

const NAT = "198.51.100.23";

/** One whole sign-in through /api from `address`: init, then complete; the answer's status and result or error code. */
async function signIn(returnToken: string, address = NAT): Promise<{ status: number; result?: string; code?: string }> {
  const client = new Client(app.url);
  const headers = { "X-Forwarded-For": address };
  const init = await client.fetch("/api/auth/init", { method: "POST", headers });
  if (init.status !== 200) return { status: init.status, code: (await init.json()).errors[0].code };
  const complete = await client.fetch("/api/auth/complete", { method: "POST", headers, json: { returnToken } });
  const body = await complete.json();
  return { status: complete.status, result: body.result, code: body.errors?.[0].code };
}

const [LOCKED] = Object.entries(DEMO_OUTCOMES).find(([, outcome]) => outcome === "LOCKED")!;
const UNAUTHORIZED = Object.entries(DEMO_OUTCOMES).filter(([, outcome]) => outcome === "UNAUTHORIZED").map(([code]) => code);

describe("500 customers behind one address", () => {
  it("all sign in within 15 minutes, while failures from that address and for one person are still refused", async () => {
    const start = app.clock.now().getTime();
    const customers = Array.from({ length: 500 }, () => freshPersonalCode());
    const outcomes: Array<{ status: number; result?: string }> = [];
    let failures = 0;
    for (let batch = 0; batch < customers.length; batch += 10) {
      // Ten at a time, a second apart on the clock: 500 in under nine minutes.
      app.clock.set(new Date(start + (batch / 10) * 1_000));
      outcomes.push(...(await Promise.all(customers.slice(batch, batch + 10).map((code) => signIn(`smart-id:${code}`)))));
      // Among them, one person failing again and again: the locked e-ID.
      if (batch % 50 === 0 && failures < MAX_FAILURES_PER_CODE + 2) {
        const locked = await signIn(`mobile-id:${LOCKED}`);
        failures += 1;
        if (failures <= MAX_FAILURES_PER_CODE) expect(locked).toEqual({ status: 200, result: "LOCKED" });
        // Past five failures the person waits, whatever the address's good traffic.
        else expect(locked).toMatchObject({ status: 429, code: "error.rate_limited" });
      }
    }
    expect(outcomes.filter((o) => o.result === "SUCCESS").length).toBe(500);
    expect(app.clock.now().getTime() - start).toBeLessThan(15 * 60_000);
    expect(failures).toBe(MAX_FAILURES_PER_CODE + 2);

    // Failures from the address, up to its limit: refused codes and input that is no personal code.
    const failing = [...UNAUTHORIZED.map((code) => `smart-id:${code}`), "smart-id:not-a-code", "id-card:12345678901", "nonsense"];
    let sent = MAX_FAILURES_PER_CODE; // the locked code's five
    for (let i = 0; sent < MAX_FAILURES_PER_ADDRESS; i++, sent++) {
      const failed = await signIn(failing[i % failing.length]);
      expect(failed).toEqual({ status: 200, result: "UNAUTHORIZED" });
    }
    // Now the address is over its limit: an unknown code from it waits, a fresh address does not.
    expect(await signIn(`smart-id:${freshPersonalCode()}`)).toMatchObject({ status: 429, code: "error.rate_limited" });
    expect(await signIn("smart-id:not-a-code")).toMatchObject({ status: 429, code: "error.rate_limited" });
    expect((await signIn(`smart-id:${freshPersonalCode()}`, "203.0.113.9")).result).toBe("SUCCESS");
    // A customer with no failures of their own is never refused because of the address.
    for (const code of customers.slice(0, 20)) expect((await signIn(`smart-id:${code}`)).result).toBe("SUCCESS");
    // The locked person stays refused from any address.
    expect(await signIn(`mobile-id:${LOCKED}`, "203.0.113.10")).toMatchObject({ status: 429, code: "error.rate_limited" });
  }, 600_000);
});

describe("unfinished starts", () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ env: { TRUST_PROXY: "1", SIGN_IN_STARTS_PER_ADDRESS: "4" } });
  });
  afterAll(() => small.close());

  it("are still limited per address: abandoned and failed starts run it out, signed-in ones do not", async () => {
    const address = "192.0.2.77";
    const headers = { "X-Forwarded-For": address };
    const init = (client = new Client(small.url)) => client.fetch("/api/auth/init", { method: "POST", headers });
    const complete = (client: Client, returnToken: string) => client.fetch("/api/auth/complete", { method: "POST", headers, json: { returnToken } });
    // Twenty customers sign in one after another: each takes their start back.
    for (let i = 0; i < 20; i++) {
      const client = new Client(small.url);
      expect((await init(client)).status).toBe(200);
      expect((await (await complete(client, `smart-id:${freshPersonalCode()}`)).json()).result).toBe("SUCCESS");
    }
    // Two abandoned starts and two failed ones reach the limit of four.
    expect((await init()).status).toBe(200);
    expect((await init()).status).toBe(200);
    for (const token of ["smart-id:not-a-code", `smart-id:${UNAUTHORIZED[0]}`]) {
      const client = new Client(small.url);
      expect((await init(client)).status).toBe(200);
      expect((await (await complete(client, token)).json()).result).toBe("UNAUTHORIZED");
    }
    const refused = await init();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ errors: [{ code: "error.sign_in_starts_limited", params: { minutes: 15 } }] });
    // Another address is not affected.
    expect((await new Client(small.url).fetch("/api/auth/init", { method: "POST", headers: { "X-Forwarded-For": "192.0.2.78" } })).status).toBe(200);
  }, 120_000);
});
