/**
 * The Host header never causes a 5xx (docs/decisions/0101), in the production configuration.
 * With PUBLIC_URL every request is served under it, whatever Host or X-Forwarded-Host says
 * (a proxy may rewrite Host; Remix's own Host-against-Origin check used to throw an empty 500);
 * without it, a request that names no usable host is a translated 400. Requests go out on raw
 * sockets (fetch cannot send a Host of its choice, or none).
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";

const PUBLIC_URL = "https://elukaitse.example";
const PRODUCTION = { NODE_ENV: "production", DEMO: "true" };
const FORM = "application/x-www-form-urlencoded";

let served: TestApp;
let unconfigured: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [served, unconfigured, proxied] = await Promise.all([
    startTestApp({ remix: true, env: { ...PRODUCTION, PUBLIC_URL } }),
    startTestApp({ remix: true, env: PRODUCTION }),
    startTestApp({ remix: true, env: { ...PRODUCTION, TRUST_PROXY: "1" } }),
  ]);
});
afterAll(() => Promise.all([served?.close(), unconfigured?.close(), proxied?.close()]));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with exactly these headers: no Host unless given. */
function send(app: TestApp, method: string, path: string, headers: Record<string, string>, body = ""): Promise<Answer> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const signInForm = () => new URLSearchParams({ method: "smart-id", idCode: freshPersonalCode({ age: 30 }), phone: "", redirectTo: "" }).toString();

describe("with PUBLIC_URL", () => {
  it.each([
    ["another host", { Host: "evil.example" }],
    ["the server's own address", { Host: "127.0.0.1" }],
    ["no Host at all", {}],
    ["a Host no URL can be made of", { Host: "bad host!" }],
    ["a forged X-Forwarded-Host", { Host: "elukaitse.example", "X-Forwarded-Host": "evil.example" }],
  ])("serves a sign-in post with %s under PUBLIC_URL", async (_, host) => {
    for (const path of ["/login", "/login.data"]) {
      const answer = await send(served, "POST", path, { ...host, Origin: PUBLIC_URL, "Content-Type": FORM }, signInForm());
      expect(answer.status, `${path}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      if (path === "/login") expect({ status: answer.status, location: answer.headers.location }).toEqual({ status: 302, location: "/account" });
      else expect(answer.status).toBe(202);
    }
  });

  it("answers pages under PUBLIC_URL whatever the Host", async () => {
    for (const host of [{ Host: "evil.example" }, {}] as Array<Record<string, string>>) {
      const page = await send(served, "GET", "/login", host);
      expect(page.status).toBe(200);
      expect(page.body).toContain("<h1");
    }
  });

  it("sends HSTS for a year, subdomains included, in production", async () => {
    const page = await send(served, "GET", "/login", { Host: "elukaitse.example" });
    expect(page.status).toBe(200);
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("refuses an Origin that is the forged Host's, not PUBLIC_URL's: 403, never 500", async () => {
    const answer = await send(served, "POST", "/login", { Host: "evil.example", Origin: "https://evil.example", "Content-Type": FORM }, signInForm());
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("Päring tuli teiselt veebisaidilt ja jäeti täitmata.");
  });

  it("names PUBLIC_URL as the e-ID return address whatever the Host", async () => {
    const answer = await send(served, "POST", "/api/auth/init", { Host: "evil.example", Origin: PUBLIC_URL });
    expect(answer.status).toBe(200);
  });
});

describe("without PUBLIC_URL", () => {
  it.each([
    ["no Host", {}],
    ["a Host no URL can be made of", { Host: "bad host!" }],
    ["a port past 65535", { Host: "elukaitse.example:99999" }],
  ])("answers %s with a translated 400", async (_, host) => {
    const page = await send(unconfigured, "GET", "/login?lng=en", host);
    expect(page.status).toBe(400);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("The request did not name this service&#39;s address.");
    const api = await send(unconfigured, "POST", "/api/auth/init", host);
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ errors: [{ code: "error.host_unknown" }] });
    const post = await send(unconfigured, "POST", "/login", { ...host, "Content-Type": FORM }, signInForm());
    expect(post.status).toBe(400);
  });

  it("serves the request's own host, and a forged X-Forwarded-Host (no trusted proxy) counts for nothing", async () => {
    const own = `127.0.0.1:${new URL(unconfigured.url).port}`;
    const answer = await send(
      unconfigured,
      "POST",
      "/login",
      { Host: own, "X-Forwarded-Host": "evil.example", Origin: `http://${own}`, "Content-Type": FORM },
      signInForm(),
    );
    expect({ status: answer.status, location: answer.headers.location }).toEqual({ status: 302, location: "/account" });
    const foreign = await send(unconfigured, "POST", "/login", { Host: own, Origin: "http://evil.example", "Content-Type": FORM }, signInForm());
    expect(foreign.status).toBe(403);
  });

  it("takes the host of another name as its own (403 for a foreign Origin, never 500)", async () => {
    const ok = await send(unconfigured, "POST", "/login", { Host: "other.example", Origin: "http://other.example", "Content-Type": FORM }, signInForm());
    expect(ok.status).toBe(302);
    const mismatch = await send(unconfigured, "POST", "/login.data", { Host: "other.example", Origin: "http://third.example", "Content-Type": FORM }, signInForm());
    expect(mismatch.status).toBe(403);
  });
});

describe("behind a trusted proxy, without PUBLIC_URL", () => {
  // A proxy that passes the client's X-Forwarded-Proto on (or puts its own after it) lets the
  // client name the scheme: one no origin can be made of is no address of ours.
  it.each([["gopher"], ["javascript"], ["a b"], ["ftp, https"]])("answers X-Forwarded-Proto %j with a translated 400, never 500", async (proto) => {
    const own = `127.0.0.1:${new URL(proxied.url).port}`;
    const page = await send(proxied, "GET", "/login?lng=en", { Host: own, "X-Forwarded-Proto": proto });
    expect(page.status).toBe(400);
    expect(page.body).toContain("The request did not name this service&#39;s address.");
    const api = await send(proxied, "POST", "/api/auth/init", { Host: own, "X-Forwarded-Proto": proto });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ errors: [{ code: "error.host_unknown" }] });
  });

  it("serves the scheme the proxy names: https and http", async () => {
    const own = `127.0.0.1:${new URL(proxied.url).port}`;
    for (const proto of ["https", "http"]) {
      const page = await send(proxied, "GET", "/login?lng=en", { Host: own, "X-Forwarded-Proto": proto });
      expect(page.status).toBe(200);
    }
  });
});
