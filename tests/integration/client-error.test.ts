/**
 * A browser's error after hydration, said to the server (app/routes/client-error.tsx,
 * docs/decisions/0386): counted by its kind, one log line with the route and the message's
 * first words, redacted; anything else of the post believed only in its shape; the lines capped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ERROR_LINES_A_MINUTE } from "~/http/observability.server";
import { startTestApp, type TestApp } from "../support/app";
import { sample } from "../support/metrics";

const TOKEN = "ops-token-for-tests-0123456789abcdef0123";
let app: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  app = await startTestApp({ remix: true, env: { OPS_TOKEN: TOKEN }, log: { write: (line) => void lines.push(line) } });
});
afterAll(() => app?.close());

const report = (fields: Record<string, string>) => fetch(`${app.url}/client-error`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: app.url } });
const metrics = async () => (await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
const reported = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.event === "client_error");

describe("POST /client-error", () => {
  it("counts the error by its kind and logs its route and first words, without a code, an e-mail or a phone", async () => {
    const before = await metrics();
    const from = reported().length;
    const answer = await report({
      route: "routes/package",
      name: "TypeError",
      message: "Cannot read properties of undefined (reading 'format') for 38001085718 mari@example.com +372 5123 4567\n    at Estimate (x.js:1:2)",
    });
    expect(answer.status).toBe(204);
    const [line] = reported().slice(from);
    expect(line).toMatchObject({ level: "warn", event: "client_error", route: "routes/package", name: "TypeError" });
    expect(line.error).toBe("Cannot read properties of undefined (reading 'format') for [number] [e-mail] [number] at Estimate (x.js:1:2)");
    expect(sample(await metrics(), "client_errors_total", { name: "TypeError" }) - sample(before, "client_errors_total", { name: "TypeError" })).toBe(1);
  });

  it("believes only the shape: an unknown route or kind is named as such, a long message cut", async () => {
    const from = reported().length;
    expect((await report({ route: "../../etc/passwd", name: "<script>", message: "x".repeat(5000) })).status).toBe(204);
    expect((await report({})).status).toBe(204);
    const [odd, empty] = reported().slice(from);
    expect(odd).toMatchObject({ route: "unknown", name: "Error", error: "x".repeat(200) });
    expect(empty).toMatchObject({ route: "unknown", name: "Error", error: "" });
  });

  it("redacts a message that opens as a stack frame would (whitespace, then 'at'): one line of a message is no frame of ours", async () => {
    const from = reported().length;
    expect((await report({ route: "root", name: "Error", message: "\n  at 38001085718 mari@example.com +372 5123 4567" })).status).toBe(204);
    const [line] = reported().slice(from);
    expect(line.error).toBe("at [number] [e-mail] [number]");
  });

  it("logs a flood's first lines only (tests/unit/client-error-report.test.ts: the cap a minute), and counts every one", async () => {
    const before = await metrics();
    const from = reported().length;
    // Three minutes' lines, sent within a second: at most two minutes' can be logged.
    const sent = 3 * CLIENT_ERROR_LINES_A_MINUTE;
    for (let i = 0; i < sent; i++) expect((await report({ route: "root", name: "RangeError", message: `flood ${i}` })).status).toBe(204);
    expect(reported().length - from).toBeLessThanOrEqual(2 * CLIENT_ERROR_LINES_A_MINUTE);
    expect(reported().length - from).toBeGreaterThan(0);
    expect(sample(await metrics(), "client_errors_total", { name: "RangeError" }) - sample(before, "client_errors_total", { name: "RangeError" })).toBe(sent);
  });

  it("takes only POST, from the page's own origin", async () => {
    const get = await fetch(`${app.url}/client-error`);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const foreign = await fetch(`${app.url}/client-error`, { method: "POST", body: new URLSearchParams({ name: "Error" }), headers: { Origin: "https://elsewhere.example" } });
    expect(foreign.status).toBe(403);
  });
});
