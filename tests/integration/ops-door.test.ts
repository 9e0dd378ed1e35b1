/**
 * The operator's door (app/http/ops.server.ts, docs/security.md "An operator reading
 * customers' data"): without OPS_TOKEN (or OPS_TOKENS) there is none, whatever a request
 * carries; with it, it answers only requests whose connection comes from the loopback
 * interface. The server listens on every interface as the deployment does (HOST's default
 * 0.0.0.0, and `::`, where IPv4 peers are IPv4-mapped) and is called through a non-loopback
 * address of this machine: its connection comes from that address, as a remote one would, so
 * what is tested is the check of the socket's peer, not of anything the request says.
 */
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";

const TOKEN = "ops-token-for-tests-0123456789abcdef0123";
const REASON = encodeURIComponent("Checking who the operator's door answers");
const NOT_FOUND = { errors: [{ code: "error.not_found" }] };

/** Every /ops command, and the one that asks no reason. */
const COMMANDS = [
  ["GET", "/ops/euw"],
  ["GET", "/ops/keys"],
  ["POST", "/ops/activate"],
  ["POST", "/ops/reseal"],
  ["POST", "/ops/euw/38001085718/accept"],
  ["POST", "/ops/backup"],
] as const;

async function call(base: string, method: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { method, headers: { "Ops-Reason": REASON, ...headers } });
  return { status: response.status, body: await response.json().catch(() => null) };
}

describe("without OPS_TOKEN", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { OPS_TOKEN: undefined, OPS_TOKENS: undefined } });
  });
  afterAll(() => app?.close());

  it("has no /ops door: every command is 404 from the loopback interface, whatever token is sent", async () => {
    expect(app.config.opsTokens).toEqual([]);
    for (const authorization of [undefined, "Bearer ", "Bearer undefined", "Bearer null", `Bearer ${TOKEN}`]) {
      for (const [method, path] of COMMANDS) {
        const answer = await call(app.url, method, path, authorization === undefined ? {} : { Authorization: authorization });
        expect(answer, `${method} ${path} with ${authorization}`).toEqual({ status: 404, body: NOT_FOUND });
      }
    }
    // Nothing the door would show or change was reached: no operator's audit row.
    expect(await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE actor = 'operator'`)).toHaveLength(0);
  });
});

/** This machine's first address of the family that is not loopback (nor IPv6 link-local, which needs a zone). */
function externalAddress(family: "IPv4" | "IPv6"): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === family && !a.address.startsWith("fe80:"))?.address;
}
const IPV4 = externalAddress("IPv4");
const IPV6 = externalAddress("IPv6");
const NO_ADDRESS = (family: string) => `this machine has no non-loopback ${family} address to call the server through`;

// On ::, an IPv4 peer is IPv4-mapped: the loopback one is ::ffff:127.0.0.1, a remote one ::ffff:<address>.
describe.each(["0.0.0.0", "::"])("with OPS_TOKEN, listening on %s", (host) => {
  let app: TestApp;
  beforeAll(async () => {
    // A trusted proxy in front, so X-Forwarded-For is believed wherever the app reads the client's address.
    app = await startTestApp({ host, env: { OPS_TOKEN: TOKEN, TRUST_PROXY: "1" } });
  });
  afterAll(() => app?.close());
  const port = () => new URL(app.url).port;
  const auth = { Authorization: `Bearer ${TOKEN}` };

  it("answers from the loopback interface (IPv4, IPv4-mapped on ::, and ::1)", async () => {
    const bases = [`http://127.0.0.1:${port()}`, ...(host === "::" ? [`http://[::1]:${port()}`] : [])];
    for (const base of bases) {
      const answer = await call(base, "GET", "/ops/euw", auth);
      expect(answer.status, base).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
      expect((await call(base, "GET", "/ops/keys", auth)).status, base).toBe(200);
    }
  });

  it("refuses what a proxy on this machine forwards (it connects from the loopback interface, and says it forwards)", async () => {
    const base = `http://127.0.0.1:${port()}`;
    const audited = async () => (await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE actor = 'operator'`)).length;
    const before = await audited();
    const forwards: Array<Record<string, string>> = [{ "X-Forwarded-For": "203.0.113.7" }, { Forwarded: "for=203.0.113.7" }, { "X-Real-IP": "203.0.113.7" }, { "X-Forwarded-For": "" }];
    for (const forwarded of forwards) {
      for (const [method, path] of COMMANDS) {
        const answer = await call(base, method, path, { ...auth, ...forwarded });
        expect(answer, `${method} ${path} ${JSON.stringify(forwarded)}`).toEqual({ status: 404, body: NOT_FOUND });
      }
    }
    // Nothing was reached: no operator's audit row more.
    expect(await audited()).toBe(before);
  });

  it("refuses a peer that is not loopback (IPv4), even when X-Forwarded-For or Forwarded says 127.0.0.1", async ({ skip }) => {
    skip(!IPV4, NO_ADDRESS("IPv4"));
    const base = `http://${IPV4}:${port()}`;
    // The server is reached at that address, and the token is good there: /metrics takes it from anywhere.
    expect((await fetch(`${base}/metrics`, { headers: auth })).status).toBe(200);
    const forgeries: Array<Record<string, string>> = [{}, { "X-Forwarded-For": "127.0.0.1" }, { "X-Forwarded-For": "::1, 127.0.0.1" }, { Forwarded: "for=127.0.0.1" }, { "X-Real-IP": "127.0.0.1" }];
    for (const forged of forgeries) {
      for (const [method, path] of COMMANDS) {
        const answer = await call(base, method, path, { ...auth, ...forged });
        expect(answer, `${method} ${path} ${JSON.stringify(forged)}`).toEqual({ status: 404, body: NOT_FOUND });
      }
    }
  });

  // Listening on 0.0.0.0 takes no IPv6 connection.
  if (host === "::") {
    it("refuses a peer that is not loopback (IPv6)", async ({ skip }) => {
      skip(!IPV6, NO_ADDRESS("IPv6"));
      const base = `http://[${IPV6}]:${port()}`;
      expect((await fetch(`${base}/metrics`, { headers: auth })).status).toBe(200);
      for (const [method, path] of COMMANDS) {
        expect(await call(base, method, path, { ...auth, "X-Forwarded-For": "::1" }), `${method} ${path}`).toEqual({ status: 404, body: NOT_FOUND });
      }
    });
  }
});
