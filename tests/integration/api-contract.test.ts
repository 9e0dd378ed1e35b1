/**
 * The /api contract as a partner's program meets it (docs/api.md): a method a path does not
 * take, and the language of the texts an answer carries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRouter } from "~/http/api.server";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { QUESTION_SETS } from "~/lib/questionnaire-sets";
import { customerAt, json } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Every path of the /api router with the methods it takes, path parameters filled in. */
function apiPaths(): Map<string, Set<string>> {
  const router = apiRouter({ core: app.core, config: app.config }) as unknown as {
    stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
  };
  const paths = new Map<string, Set<string>>();
  for (const layer of router.stack) {
    if (!layer.route) continue;
    const path = layer.route.path.replace(/:[a-zA-Z]+/g, "1");
    const methods = paths.get(path) ?? new Set<string>();
    for (const method of Object.keys(layer.route.methods)) methods.add(method.toUpperCase());
    paths.set(path, methods);
  }
  return paths;
}

describe("a method an /api path does not take", () => {
  it("is 405 error.method_not_allowed with Allow naming the path's methods, not 404 as if the path did not exist", async () => {
    const { client } = await freshPolicyholder(app);
    const paths = apiPaths();
    expect(paths.size).toBeGreaterThan(50);
    for (const [path, methods] of paths) {
      const expected = [...methods, ...(methods.has("GET") ? ["HEAD"] : [])].sort().join(", ");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].filter((m) => !methods.has(m))) {
        const response = await client.fetch(`/api${path}`, {
          method,
          headers: { Origin: app.url, ...(method === "GET" || method === "OPTIONS" ? {} : { "Content-Type": "application/json" }) },
          body: method === "GET" || method === "OPTIONS" ? undefined : "{}",
        });
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 405 });
        expect(response.headers.get("allow"), `${method} ${path}`).toBe(expected);
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.json()).toEqual({ errors: [{ code: "error.method_not_allowed" }] });
      }
    }
  }, 120_000);

  it("a HEAD with a session names in Allow the methods the path takes: POST where it only writes, not GET", async () => {
    const { client } = await freshPolicyholder(app);
    for (const [path, allow] of [["/api/insurance", "GET"], ["/api/logout", "POST"], ["/api/onboarding/proposal", "GET, POST, PUT"], ["/api/score/periods/1", "GET, POST"]]) {
      const response = await client.fetch(path!, { method: "HEAD" });
      expect([path, response.status, response.headers.get("allow")]).toEqual([path, 405, allow]);
    }
    expect((await client.fetch("/api/nope", { method: "HEAD" })).status).toBe(404);
    // Nothing ran: the session is still there.
    expect((await client.fetch("/api/onboarding/state")).status).toBe(200);
  });

  it("leaves a path the /api does not have 404, whatever the method", async () => {
    for (const method of ["GET", "DELETE", "OPTIONS"]) {
      const response = await fetch(`${app.url}/api/nope`, { method, headers: { Origin: app.url } });
      expect(response.status).toBe(404);
      expect(response.headers.get("allow")).toBeNull();
      expect(await response.json()).toEqual({ errors: [{ code: "error.not_found" }] });
    }
  });
});

describe("the language of an /api answer's texts (docs/api.md \"Language\")", () => {
  let client: Client;
  beforeAll(async () => {
    client = (await freshPolicyholder(app)).client;
  });
  const serviceName = async (path: string, acceptLanguage: string) => {
    const response = await client.fetch(path, { headers: { "Accept-Language": acceptLanguage } });
    expect(response.status).toBe(200);
    const services = (await response.json()) as Array<{ code: string; name: string }>;
    return services.find((service) => service.code === "HEALTH_CHECK")!.name;
  };

  it("takes the first language of Accept-Language the product speaks, by the header's preferences", async () => {
    for (const path of ["/api/services", "/api/onboarding/services"]) {
      // A Finnish or Latvian system with English or Russian as its next choice.
      expect(await serviceName(path, "fi-FI,fi;q=0.9,en;q=0.8")).toBe("Annual health check");
      expect(await serviceName(path, "lv, ru;q=0.7")).toBe("Ежегодный медосмотр");
      expect(await serviceName(path, "de;q=1, et;q=0.2, en;q=0.5")).toBe("Annual health check");
      expect(await serviceName(path, "en-GB,en;q=0.9")).toBe("Annual health check");
      expect(await serviceName(path, "ru-RU")).toBe("Ежегодный медосмотр");
      // None the product speaks: Estonian.
      expect(await serviceName(path, "fi, de;q=0.5")).toBe("Iga-aastane tervisekontroll");
      // ?lng= before the header.
      expect(await serviceName(`${path}?lng=ru`, "fi, en;q=0.5")).toBe("Ежегодный медосмотр");
    }
  });
});

describe("a questionnaire's text sub-answer the signed application cannot print", () => {
  it("is 400 error.text_characters on its field, as docs/api.md says", async () => {
    const { client } = await customerAt(app, "questionnaire");
    const content: Record<string, unknown> = Object.fromEntries(QUESTION_SETS.UW_L1.map((q) => [q.code, false]));
    content.examination = true;
    content.examinationExtra = { reason: "Põlv 🦵", analyses: "vereanalüüs", period: "2024" };
    const response = await client.fetch("/api/onboarding/questionnaire", { method: "POST", json: { height: 180, weight: 80, content } });
    expect(await json(response, 400)).toEqual({ errors: [{ code: "error.text_characters", context: "content.examinationExtra.reason" }] });
  });
});
