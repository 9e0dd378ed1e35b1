/**
 * Slow clients hold a connection for seconds, not minutes (docs/decisions/0103): a client that
 * drips its headers is cut after SERVER_TIMEOUTS.headersMs; one that drips its body is answered
 * 408 (translated) after REQUEST_BODY_READ_MS and its connection closed; while hundreds of them
 * drip, /healthz stays fast; a request still sending at the whole-request backstop
 * (SERVER_TIMEOUTS.requestMs, shortened here: a test cannot wait 30 s) is answered the same 408.
 * Raw sockets, one byte at a time, against the server the deployment runs
 * (app/http/http-server.server.ts).
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer, SERVER_TIMEOUTS } from "~/http/http-server.server";
import { REQUEST_BODY_READ_MS } from "~/http/request-limits.server";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

/** How late, past a timeout, the server may act: its timeout check runs every second, and this machine is shared. */
const SLACK_MS = SERVER_TIMEOUTS.checkIntervalMs + 2_000;

interface Dripped {
  /** From the first byte sent until the server closed the connection. */
  ms: number;
  answer: string;
}

/** Sends `head` at once, then `drip` one byte every `everyMs` until the server closes the connection. */
function drip(head: string, everyMs = 250, drip = "a", url = app.url): Promise<Dripped> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answer = "";
    const socket = connect(Number(port), hostname, () => socket.write(head));
    const timer = setInterval(() => socket.writable && socket.write(drip), everyMs);
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - started, answer });
    });
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after 60 s; got: ${answer.slice(0, 200)}`));
    }, 60_000).unref();
  });
}

const host = (url = app.url) => new URL(url).host;
const bodyHead = (path: string, type: string, url = app.url) =>
  `POST ${path} HTTP/1.1\r\nHost: ${host(url)}\r\nOrigin: ${url}\r\nContent-Type: ${type}\r\nContent-Length: 5000\r\n\r\n`;

describe("slow clients", () => {
  it.concurrent("dripping headers: cut within the header timeout", async () => {
    const cut = await drip(`GET /login HTTP/1.1\r\nHost: ${host()}\r\nX-Slow: `);
    expect(cut.ms).toBeLessThan(SERVER_TIMEOUTS.headersMs + SLACK_MS);
    // Node answers 408 before it closes (or only closes, when the answer cannot be written).
    expect(cut.answer === "" || cut.answer.startsWith("HTTP/1.1 408")).toBe(true);
  });

  it.concurrent("dripping a page form: a translated 408 within the body timeout, and the connection closed", async () => {
    const cut = await drip(bodyHead("/login?lng=en", "application/x-www-form-urlencoded"));
    expect(cut.ms).toBeGreaterThanOrEqual(REQUEST_BODY_READ_MS - 100);
    expect(cut.ms).toBeLessThan(REQUEST_BODY_READ_MS + SLACK_MS);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(cut.answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(cut.answer).toContain("Sending the request took too long");
  });

  it.concurrent("dripping an /api body: 408 in /api's error shape", async () => {
    const cut = await drip(bodyHead("/api/auth/complete", "application/json"));
    expect(cut.ms).toBeLessThan(REQUEST_BODY_READ_MS + SLACK_MS);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(cut.answer).toContain(JSON.stringify({ errors: [{ code: "error.request_timeout" }] }));
  });

  it.concurrent("while 300 clients drip headers and bodies, /healthz stays fast", async () => {
    const dripping = Array.from({ length: 300 }, (_, i) =>
      drip(i % 2 ? bodyHead("/login", "application/x-www-form-urlencoded") : `GET / HTTP/1.1\r\nHost: ${host()}\r\nX-Slow: `, 500),
    );
    const times: number[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const res = await fetch(`${app.url}/healthz`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      // Every dripping connection ends (the server cuts them) before the app may close.
      await Promise.allSettled(dripping);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const figures = `healthz times: ${times.map(Math.round).join(", ")}`;
    expect(sorted[10], figures).toBeLessThan(100);
    expect(sorted[19], figures).toBeLessThan(1_500);
    const cut = await Promise.all(dripping);
    expect(Math.max(...cut.map((c) => c.ms))).toBeLessThan(Math.max(SERVER_TIMEOUTS.headersMs, REQUEST_BODY_READ_MS) + SLACK_MS);
  });
});

describe("the whole-request backstop", () => {
  // Shorter than the body's own time (REQUEST_BODY_READ_MS), so that the backstop is what cuts.
  const timeouts = { headersMs: 1_000, requestMs: 2_000, checkIntervalMs: 250 };
  let short: TestApp;
  beforeAll(async () => {
    short = await startTestApp({ remix: true, timeouts });
  });
  afterAll(() => short?.close());

  it("a request still sending at the whole-request limit: a translated 408 (or /api's JSON), closed, while others are served", async () => {
    // The deployment's server (no timeouts given) has the documented 30 s backstop.
    const deployed = createHttpServer(() => {});
    expect(deployed.requestTimeout).toBe(30_000);
    expect(deployed.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(timeouts.requestMs).toBeLessThan(REQUEST_BODY_READ_MS);

    const page = drip(bodyHead("/login?lng=en", "application/x-www-form-urlencoded", short.url), 100, "a", short.url);
    const api = drip(bodyHead("/api/auth/complete", "application/json", short.url), 100, "a", short.url);
    const served: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${short.url}/healthz`);
      served.push(res.status);
      await res.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(served).toEqual(Array(6).fill(200));

    for (const cut of [await page, await api]) {
      expect(cut.ms).toBeGreaterThanOrEqual(timeouts.requestMs - 100);
      expect(cut.ms).toBeLessThan(Math.min(timeouts.requestMs + timeouts.checkIntervalMs + 2_000, REQUEST_BODY_READ_MS));
      expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(cut.answer).toMatch(/\r\nconnection: close\r\n/i);
    }
    expect((await page).answer).toContain("Sending the request took too long");
    expect((await api).answer).toContain(JSON.stringify({ errors: [{ code: "error.request_timeout" }] }));
  });
});
