/**
 * A nested query name (`life[x]`, `h[]`, `page.a`) on any /api path is 400 `error.invalid` on
 * the parameter it nests under, before the path's handler reads the query (docs/decisions/0267,
 * docs/api.md "Errors"): Express's qs would make it an object, conform's parse would drop it or
 * make it a list, and a handler would then answer as if it were absent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRouter } from "~/http/api.server";
import { startTestApp, type TestApp } from "../support/app";
import { customerAt } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Every path of the /api router with each of its methods, path parameters filled in. */
function apiRoutes(): Array<{ method: string; path: string }> {
  const router = apiRouter({ core: app.core, config: app.config }) as unknown as {
    stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
  };
  return router.stack.flatMap((layer) =>
    layer.route ? Object.keys(layer.route.methods).map((method) => ({ method: method.toUpperCase(), path: layer.route!.path.replace(/:[a-zA-Z]+/g, "1") })) : [],
  );
}

describe("a nested query name on the /api", () => {
  const routes = () => apiRoutes();

  it("is refused on every path and method, signed in or not, before the path's own answer", async () => {
    const { client } = await customerAt(app, "package");
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    for (const { method, path } of all) {
      for (const cookie of ["", client.cookieHeader]) {
        const response = await fetch(`${app.url}/api${path}?lng[x]=en`, {
          method,
          headers: { Origin: app.url, Cookie: cookie, ...(method === "GET" ? {} : { "Content-Type": "application/json" }) },
          body: method === "GET" ? undefined : "{}",
        });
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(await response.json(), `${method} ${path}`).toEqual({ errors: [{ code: "error.invalid", context: "lng" }] });
        expect(response.headers.get("cache-control")).toBe("no-store");
      }
    }
  });

  it.each([
    ["/onboarding/questionnaire/required-type?h[x]=180&w=80", "h"],
    ["/onboarding/questionnaire/required-type?h=180&w[]=80", "w"],
    ["/self-service/access-log?page[0]=1", "page"],
    ["/quote?age=40&life[x]=100000", "life"],
    ["/quote?age.a=40", "age"],
  ])("%s: on the parameter it nests under (%s)", async (path, context) => {
    const { client } = await customerAt(app, "questionnaire");
    const response = await client.fetch(`/api${path}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ code: "error.invalid", context }] });
  });

  it("a name with nothing before its bracket is refused without a context; plain names pass on as before", async () => {
    const bare = await fetch(`${app.url}/api/quote?age=40&[x]=1`);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ errors: [{ code: "error.invalid" }] });
    // Unknown plain names are not ours to refuse (a marketing site's utm_source, say).
    const plain = await fetch(`${app.url}/api/quote?age=40&utm_source=news&x-y=1`);
    expect(plain.status).toBe(200);
  });
});
