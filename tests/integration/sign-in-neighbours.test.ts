/**
 * Sign-in limits no neighbour can abuse (docs/decisions/0102, 0120): 500 different customers
 * sign in from one address within 15 minutes, with the default limits, and every one succeeds,
 * while repeated failures from that address (the demo's LOCKED and refused codes, input that
 * is no personal code) and for one person are still refused; a neighbour who opens and
 * abandons 200 sign-ins from the address stores nothing and stops nobody. The demo e-ID,
 * through /api as a program or the pages' script would, and through the demo form; one
 * address for everybody, as behind the default TRUST_PROXY=0 or a carrier's NAT (here the
 * proxy's X-Forwarded-For, so that other tests' addresses stay apart).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OUTCOMES } from "~/core/auth/demo";
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_CODE } from "~/core/rate-limit";
import { action as loginAction } from "~/routes/login";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { routeArgs, run } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: "1" } });
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

describe("a neighbour who opens sign-ins and abandons them", () => {
  /** Rows of every table a sign-in start could have written to. */
  async function signInRows(): Promise<Record<string, number>> {
    const count = async (table: string) => Number((await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
    return { sessions: await count("sessions"), login_failures: await count("login_failures"), sign_ins_completed: await count("sign_ins_completed") };
  }

  it("stores nothing with 200 starts from one address, and another customer there starts and signs in", async () => {
    const address = "192.0.2.77";
    const headers = { "X-Forwarded-For": address };
    const before = await signInRows();
    // 200 starts, each from a new client (cookies dropped), and none completed.
    for (let batch = 0; batch < 200; batch += 20) {
      const started = await Promise.all(
        Array.from({ length: 20 }, () => new Client(app.url).fetch("/api/auth/init", { method: "POST", headers })),
      );
      expect(started.map((response) => response.status)).toEqual(Array(20).fill(200));
    }
    // Nothing of them is on the server: no pending session, no counted start.
    expect(await signInRows()).toEqual(before);

    // Another customer behind the same address: starts and completes through /api…
    const customer = new Client(app.url);
    expect((await customer.fetch("/api/auth/init", { method: "POST", headers })).status).toBe(200);
    const completed = await customer.fetch("/api/auth/complete", { method: "POST", headers, json: { returnToken: `smart-id:${freshPersonalCode()}` } });
    expect(await completed.json()).toMatchObject({ result: "SUCCESS" });
    expect((await customer.fetch("/api/onboarding/state", { headers })).status).toBe(200);
    // …and another through the demo form, from the same address.
    const form = await run(() =>
      loginAction(routeArgs(app, "/login", { address, form: { method: "smart-id", idCode: freshPersonalCode({ age: 30 }), phone: "", redirectTo: "" } })),
    );
    expect({ status: form.status, location: form.location }).toEqual({ status: 302, location: "/account" });
    // What the two successes left: their sessions and a completion each, nothing else.
    expect(await signInRows()).toEqual({ ...before, sessions: before.sessions + 2, sign_ins_completed: before.sign_ins_completed + 2 });
  }, 120_000);

  it("whose starts end in failures runs the address's failure limit out, never a known customer's sign-in", async () => {
    const address = "192.0.2.78";
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) expect(await signIn(`smart-id:no-code-${i}`, address)).toMatchObject({ result: "UNAUTHORIZED" });
    expect(await signIn(`smart-id:${freshPersonalCode()}`, address)).toMatchObject({ status: 429, code: "error.rate_limited" });
    const known = freshPersonalCode();
    expect((await signIn(`smart-id:${known}`, "203.0.113.77")).result).toBe("SUCCESS");
    expect((await signIn(`smart-id:${known}`, address)).result).toBe("SUCCESS");
  }, 120_000);
});
