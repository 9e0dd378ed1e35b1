/** /healthz (the process is alive) and /readyz (it can reach its database). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("probes", () => {
  it("GET /healthz answers 200 {status: ok}, never cached", async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("GET /readyz answers 200 while the database answers, 503 once it is closed; /healthz stays 200", async () => {
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("Cache-Control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ok" });

    await app.closeDatabase();

    const notReady = await fetch(`${app.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: "unavailable" });
    const alive = await fetch(`${app.url}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "ok" });
  });
});
