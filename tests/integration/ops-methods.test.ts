/**
 * What the operator's door (app/http/ops.server.ts) answers to a method its command does not send.
 * Express runs a GET's handler for a HEAD and drops the body: an operator's `HEAD /ops/euw` listed
 * the EUW cases and wrote an audited read ("euw:list", with the stated reason) into every listed
 * customer's access log, for a list nobody was shown (as decisions 0312 and 0385 found on the
 * customers' own doors). A HEAD runs no command now: 405 with `Allow`, the methods the path takes
 * other than HEAD, read from the door's router as the /api and the demo signing do; a path the door
 * has, asked with a method it does not take (OPTIONS too), is 405 with the same `Allow`. To anyone
 * but an operator the door is still not there, whatever the method: 404, no `Allow`, signed in
 * as a customer or not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { customerInUnderwriting } from "../support/offer-application";

const TOKEN = "ops-token-for-tests-0123456789abcdef0123";
const OPERATOR = { Authorization: `Bearer ${TOKEN}`, "Ops-Reason": encodeURIComponent("Weekly review of the open EUW cases") };

let app: TestApp;
beforeAll(async () => {
  // The pages too: a path the door does not take would otherwise fall through to them.
  app = await startTestApp({ remix: true, env: { OPS_TOKEN: TOKEN } });
});
afterAll(() => app?.close());

/** The operator's audit rows of a customer: what their access log shows. */
const operatorRows = async (customerId: number) =>
  (await app.core.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM health_data_audit WHERE customer_id = $1 AND actor LIKE 'operator%'`, [customerId]))[0]
    .count;

const ask = async (method: string, path: string, headers: Record<string, string> = OPERATOR) => {
  const res = await fetch(`${app.url}${path}`, { method, headers, redirect: "manual" });
  return { method, path, status: res.status, allow: res.headers.get("allow"), cache: res.headers.get("cache-control") };
};

describe("an operator's HEAD at /ops", () => {
  it("runs no command: 405 with the methods the path takes, and no read is recorded in the listed customer's access log", async () => {
    const { customer } = await customerInUnderwriting(app);
    for (const path of ["/ops/euw", "/ops/keys"]) expect(await ask("HEAD", path)).toEqual({ method: "HEAD", path, status: 405, allow: "GET", cache: "no-store" });
    expect(await operatorRows(customer.id)).toBe(0);
    // The same operator's GET lists the case and records it: the rows above would have been seen.
    const list = await fetch(`${app.url}/ops/euw`, { headers: OPERATOR });
    expect(list.status).toBe(200);
    expect(await operatorRows(customer.id)).toBe(1);
  });

  it("a path the door has, asked with a method it does not take, is 405 with what it takes (OPTIONS too); a path it has not is 404", async () => {
    for (const [method, path, allow] of [
      ["GET", "/ops/activate", "POST"],
      ["HEAD", "/ops/activate", "POST"],
      ["GET", "/ops/reseal", "POST"],
      ["GET", "/ops/euw/38001085718/accept", "POST"],
      ["OPTIONS", "/ops/euw", "GET"],
      ["POST", "/ops/keys", "GET"],
    ]) {
      expect(await ask(method, path)).toEqual({ method, path, status: 405, allow, cache: "no-store" });
    }
    for (const method of ["GET", "HEAD"]) expect(await ask(method, "/ops/nothing-here")).toMatchObject({ status: 404, allow: null });
  });
});

describe("to anyone but an operator", () => {
  it("the door is not there, whatever the method: 404 without Allow, signed in as a customer or not", async () => {
    const { client } = await customerInUnderwriting(app);
    const askers: Array<[who: string, ask: (method: string, path: string) => Promise<Response>]> = [
      ["anonymous", (method, path) => fetch(`${app.url}${path}`, { method, redirect: "manual" })],
      ["a wrong token", (method, path) => fetch(`${app.url}${path}`, { method, headers: { ...OPERATOR, Authorization: "Bearer wrong" }, redirect: "manual" })],
      ["a signed-in customer", (method, path) => client.fetch(path, { method, redirect: "manual" })],
    ];
    for (const [who, asked] of askers) {
      for (const path of ["/ops/euw", "/ops/keys", "/ops/activate", "/ops/nothing-here"]) {
        for (const method of ["GET", "HEAD", "OPTIONS", "POST"]) {
          const res = await asked(method, path);
          expect({ who, method, path, status: res.status, allow: res.headers.get("allow") }).toEqual({ who, method, path, status: 404, allow: null });
        }
      }
    }
  });
});
