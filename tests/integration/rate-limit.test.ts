/**
 * Failed sign-ins are limited per personal code (5 in 15 minutes) and per client address
 * (20 in 15 minutes) (docs/decisions/0024-sign-in-limits.md); starts are not limited, they
 * store nothing (docs/decisions/0120, tests/integration/sign-in-neighbours.test.ts).
 * The app runs behind one trusted proxy here, so each test gives its requests an address of
 * its own with X-Forwarded-For (what the proxy appends); codes are made to fail with a
 * provider that refuses the codes a test puts in `refused`.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedSignIns } from "~/core/pending-sign-in";
import { signInService } from "~/core/sign-in";
import { action as loginAction } from "~/routes/login";
import type { EidProvider } from "~/core/auth/provider";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { refusingDemoProvider } from "../support/providers";
import { routeArgs, run } from "../support/routes";

const refused = new Set<string>();
/** How long the provider takes to answer (0 but where a test says). */
let answerAfterMs = 0;
let app: TestApp;
beforeAll(async () => {
  const provider = refusingDemoProvider(refused);
  // A real e-ID answers after the person has confirmed on their phone: seconds, not at once.
  const slowed: EidProvider = { ...provider, complete: async (input) => (await new Promise((r) => setTimeout(r, answerAfterMs)), provider.complete(input)) };
  app = await startTestApp({ eid: slowed, env: { TRUST_PROXY: "true" } });
});
afterAll(() => app.close());

let addresses = 0;
/** An address no other test uses. */
function freshAddress(): string {
  addresses += 1;
  return `10.${Math.floor(Math.random() * 200)}.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** A code that fails until `refused.delete(code)`. */
function failingCode(): string {
  const code = freshPersonalCode({ age: 30 });
  refused.add(code);
  return code;
}

/** One whole sign-in attempt through /api from `address`: init, then complete (on `server`, this file's app unless given). */
async function attempt(code: string, address: string, server: Pick<TestApp, "url"> = app): Promise<Response> {
  const client = new Client(server.url);
  const headers = { "X-Forwarded-For": address };
  const init = await client.fetch("/api/auth/init", { method: "POST", headers });
  expect(init.status).toBe(200);
  return client.fetch("/api/auth/complete", { method: "POST", headers, json: { returnToken: `smart-id:${code}` } });
}

async function expectResult(response: Response, result: string): Promise<void> {
  expect(response.status).toBe(200);
  expect((await response.json()).result).toBe(result);
}

async function expectLimited(response: Response, minutes: number): Promise<void> {
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After")).toBe(String(minutes * 60));
  expect(await response.json()).toEqual({ errors: [{ code: "error.rate_limited", params: { minutes } }] });
}

const minutes = (n: number) => n * 60_000;

/** The sign-in use cases on this file's app, to be given another provider. */
const signInDeps = () => ({
  clock: app.clock,
  eid: refusingDemoProvider(refused),
  sessions: app.core.sessions,
  customers: app.core.customers,
  intermediaries: app.core.intermediaries,
  limiter: app.core.limiter,
  pending: app.core.pendingSignIn,
  completed: completedSignIns(app.core.db, app.clock),
  stateOnRead: (customer: Parameters<TestApp["core"]["stateOnRead"]>[0]) => app.core.stateOnRead(customer),
});

describe("per personal code", () => {
  it("blocks the sixth attempt for a code after 5 failures, from any address", async () => {
    const code = failingCode();
    const address = freshAddress();
    for (let i = 0; i < 5; i++) await expectResult(await attempt(code, address), "UNAUTHORIZED");
    await expectLimited(await attempt(code, address), 15);
    await expectLimited(await attempt(code, freshAddress()), 15);
    // The limit is checked before the provider is asked: even a now-good code waits.
    refused.delete(code);
    await expectLimited(await attempt(code, freshAddress()), 15);
    // Nobody else is affected: another code, from the same or another address.
    await expectResult(await attempt(freshPersonalCode({ age: 30 }), address), "SUCCESS");
    await expectResult(await attempt(freshPersonalCode({ age: 30 }), freshAddress()), "SUCCESS");
  });

  it("counts the seeded LOCKED code's failures too", async () => {
    // The only test in this file that uses 39001010447.
    const address = freshAddress();
    for (let i = 0; i < 5; i++) await expectResult(await attempt("39001010447", address), "LOCKED");
    await expectLimited(await attempt("39001010447", freshAddress()), 15);
  });

  it("lifts the limit once the failures are older than 15 minutes", async () => {
    const code = failingCode();
    const address = freshAddress();
    const start = app.clock.now().getTime();
    for (let i = 0; i < 5; i++) await expectResult(await attempt(code, address), "UNAUTHORIZED");
    await expectLimited(await attempt(code, address), 15);

    app.clock.set(new Date(start + minutes(10)));
    await expectLimited(await attempt(code, address), 5);
    // Blocked attempts are not failures: they do not make the wait longer.
    await expectLimited(await attempt(code, address), 5);

    app.clock.set(new Date(start + minutes(15) + 1000));
    refused.delete(code);
    await expectResult(await attempt(code, address), "SUCCESS");
  });

  it("uses a sliding window: only failures in the last 15 minutes count", async () => {
    const code = failingCode();
    const address = freshAddress();
    const start = app.clock.now().getTime();
    for (let i = 0; i < 5; i++) {
      app.clock.set(new Date(start + minutes(i)));
      await expectResult(await attempt(code, address), "UNAUTHORIZED");
    }
    // Oldest failure at start: free again at start + 15 min, i.e. in 11 minutes.
    await expectLimited(await attempt(code, address), 11);
    // At start + 15 min + 1 s the first failure has left the window: four remain.
    app.clock.set(new Date(start + minutes(15) + 1000));
    await expectResult(await attempt(code, address), "UNAUTHORIZED");
    // Five again (start+1 … start+4 and now): blocked until start + 16 min.
    await expectLimited(await attempt(code, address), 1);
  });

  it("forgets the code's failures after a successful sign-in", async () => {
    const code = failingCode();
    const address = freshAddress();
    for (let i = 0; i < 4; i++) await expectResult(await attempt(code, address), "UNAUTHORIZED");
    refused.delete(code);
    await expectResult(await attempt(code, address), "SUCCESS");
    refused.add(code);
    // Without the success clearing them this would be the fifth failure, and the next
    // attempt would be blocked.
    await expectResult(await attempt(code, address), "UNAUTHORIZED");
    refused.delete(code);
    await expectResult(await attempt(code, address), "SUCCESS");
  });
});

describe("attempts at the same moment", () => {
  beforeAll(() => void (answerAfterMs = 300));
  afterAll(() => void (answerAfterMs = 0));
  // An attempt counts as a failure from before the provider is asked until its answer: checked
  // first and recorded after, twenty at once for one code all passed the check (docs/decisions/0380).
  it("let no more than five of twenty at once for one code reach the provider", async () => {
    const code = failingCode();
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt(code, freshAddress())));
    const statuses = results.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    await expectLimited(await attempt(code, freshAddress()), 15);
  });

  it("still let new customers behind one address sign in at the same moment: the address counts failures as they end", async () => {
    const address = freshAddress();
    const results = await Promise.all(Array.from({ length: 30 }, () => attempt(freshPersonalCode({ age: 30 }), address)));
    expect(results.map((response) => response.status)).toEqual(Array(30).fill(200));
    await expectResult(await attempt(freshPersonalCode({ age: 30 }), address), "SUCCESS");
  });

  it("count an attempt whose answer never came as nothing", async () => {
    const code = failingCode();
    const address = freshAddress();
    const before = await app.core.limiter.codeWait(code);
    const broken = signInService({
      ...signInDeps(),
      eid: { ...refusingDemoProvider(refused), complete: () => Promise.reject(new Error("the provider did not answer")) },
    });
    const { token } = app.core.pendingSignIn.seal({ eidSessionToken: randomUUID() });
    for (let i = 0; i < 6; i++) {
      await expect(broken.complete({ pendingToken: token, returnToken: `smart-id:${code}`, clientAddress: address, personalCodeHint: code })).rejects.toThrow(
        "the provider did not answer",
      );
    }
    expect(before).toBe(0);
    expect(await app.core.limiter.codeWait(code)).toBe(0);
    for (let i = 0; i < 5; i++) await expectResult(await attempt(code, address), "UNAUTHORIZED");
    await expectLimited(await attempt(code, address), 15);
  });
});

describe("per client address", () => {
  /** The demo form, from `address`: the action's outcome (the sign-in starts with the post). */
  async function formAttempt(code: string, address: string) {
    return run<{ result: { error?: Record<string, string[]> }; minutes: number }>(() =>
      loginAction(routeArgs(app, "/login", { address, form: { method: "smart-id", idCode: code, phone: "", redirectTo: "" } })),
    );
  }

  it("blocks an address after 20 failures with different codes, and only that address", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      const outcome = await formAttempt(failingCode(), address);
      expect({ status: outcome.status, location: outcome.location }).toEqual({ status: 302, location: "/login-failed/unauthorized" });
    }
    const good = freshPersonalCode({ age: 30 });
    const blocked = await formAttempt(good, address);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toBe("900");
    expect(blocked.data?.minutes).toBe(15);
    expect(blocked.data?.result.error?.[""]).toEqual(["error.rate_limited"]);
    expect(await app.core.customers.byPersonalCode(good)).toBeNull();

    const elsewhere = await formAttempt(good, freshAddress());
    expect({ status: elsewhere.status, location: elsewhere.location }).toEqual({ status: 302, location: "/account" });
    // A success from elsewhere clears the code, not the address.
    expect((await formAttempt(freshPersonalCode({ age: 30 }), address)).status).toBe(429);
  });

  it("never locks a known customer out because of others' failures from the same address", async () => {
    const address = freshAddress();
    const customer = freshPersonalCode({ age: 30 });
    expect((await formAttempt(customer, freshAddress())).location).toBe("/account");
    for (let i = 0; i < 25; i++) await formAttempt(failingCode(), address);
    expect((await formAttempt(freshPersonalCode({ age: 30 }), address)).status).toBe(429);
    const known = await formAttempt(customer, address);
    expect({ status: known.status, location: known.location }).toEqual({ status: 302, location: "/account" });
  });

  it("limits an address even when the provider does not tell the code in advance", async () => {
    const address = freshAddress();
    const complete = async (code: string, from = address) => {
      const { pendingToken } = await app.core.signIn.start({ returnUrl: "http://localhost/login/return", locale: "et" });
      return app.core.signIn.complete({ pendingToken, returnToken: `smart-id:${code}`, clientAddress: from });
    };
    for (let i = 0; i < 20; i++) expect((await complete(failingCode())).kind).toBe("failed");
    expect(await complete(freshPersonalCode({ age: 30 }))).toEqual({ kind: "rate-limited", retryAfterMinutes: 15 });
    // 19 failures from another address are still allowed.
    const other = freshAddress();
    for (let i = 0; i < 19; i++) await complete(failingCode(), other);
    expect((await complete(freshPersonalCode({ age: 30 }), other)).kind).toBe("signed-in");
  });

  it("takes the address from X-Forwarded-For only behind a trusted proxy (here: yes)", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) await expectResult(await attempt(failingCode(), address), "UNAUTHORIZED");
    await expectLimited(await attempt(freshPersonalCode({ age: 30 }), address), 15);
    await expectResult(await attempt(freshPersonalCode({ age: 30 }), freshAddress()), "SUCCESS");
  });

  it("trusts only what the proxy appended: addresses the client writes in front change nothing", async () => {
    const real = freshAddress();
    // 25 attempts, each claiming another address before the one the proxy saw.
    const results = [];
    for (let i = 0; i < 25; i++) results.push((await attempt(failingCode(), `${freshAddress()}, ${real}`)).status);
    expect(results.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(results.slice(20).every((status) => status === 429)).toBe(true);
  });
});

describe("providers whose success proves the person", () => {
  /** The demo provider as a real e-ID would behave: no typed code, the person named in the answer. */
  const proving = (): EidProvider => ({ ...refusingDemoProvider(refused), provesIdentity: true });

  async function complete(code: string, address: string) {
    const pending = app.core.pendingSignIn;
    const { token } = pending.seal({ eidSessionToken: randomUUID() });
    const signIn = signInService({ ...signInDeps(), eid: proving() });
    return signIn.complete({ pendingToken: token, returnToken: `smart-id:${code}`, clientAddress: address });
  }

  it("a success is never refused by the address's failures; failures past the limit are told to wait", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) expect((await complete(failingCode(), address)).kind).toBe("failed");
    expect(await complete(failingCode(), address)).toEqual({ kind: "rate-limited", retryAfterMinutes: 15 });
    expect((await complete(freshPersonalCode({ age: 30 }), address)).kind).toBe("signed-in");
  });

  it("the person's limit applies from the code the provider names", async () => {
    const code = failingCode();
    for (let i = 0; i < 5; i++) expect((await complete(code, freshAddress())).kind).toBe("failed");
    refused.delete(code);
    expect(await complete(code, freshAddress())).toEqual({ kind: "rate-limited", retryAfterMinutes: 15 });
  });
});

describe("what the limits store", () => {
  it("keeps keyed HMACs only: no row holds the personal code or the address", async () => {
    const code = failingCode();
    const address = freshAddress();
    const keys = async () => (await app.core.db.query<{ key: string }>(`SELECT key FROM login_failures`)).map((row) => row.key);
    const before = new Set(await keys());
    await expectResult(await attempt(code, address), "UNAUTHORIZED");
    const after = await keys();
    // The code's failure and the address's failure (the start stores nothing).
    expect(after.filter((key) => !before.has(key)).length).toBe(2);
    for (const key of after) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(key).not.toContain(code);
      expect(key).not.toContain(address);
    }
  });
});

describe("app servers in the middle of a rotation of the session secrets", () => {
  // docs/operations.md "Rotating keys": the new secret second on every instance, then first,
  // restarting them one by one, then the old one removed. The first secret keys the counters.
  const OLD = "old-session-secret-old-session-secret-0123";
  const NEW = "new-session-secret-new-session-secret-4567";
  const servers: TestApp[] = [];
  const withRing = async (ring: string) => {
    const server = await startTestApp({ db: app.core.db, eid: refusingDemoProvider(refused), env: { TRUST_PROXY: "true", SESSION_SECRET: undefined, SESSION_SECRETS: ring } });
    servers.push(server);
    return server;
  };
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it("count a person's failures together, on every server and after the old secret is gone", async () => {
    const [restarted, notYet] = [await withRing(`${NEW},${OLD}`), await withRing(`${OLD},${NEW}`)];
    const code = failingCode();
    // Five failures spread over the two servers (a load balancer's turns): the sixth waits on both.
    for (let i = 0; i < 5; i++) await expectResult(await attempt(code, freshAddress(), i % 2 ? notYet : restarted), "UNAUTHORIZED");
    await expectLimited(await attempt(code, freshAddress(), restarted), 15);
    await expectLimited(await attempt(code, freshAddress(), notYet), 15);
    // The rotation finished: a server with the new secret alone still counts them.
    await expectLimited(await attempt(code, freshAddress(), await withRing(NEW)), 15);
  });
});
