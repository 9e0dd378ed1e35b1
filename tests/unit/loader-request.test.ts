/**
 * Each loader gets the page's request as it came when it has no query (patch of
 * @remix-run/server-runtime, docs/decisions/0250): Remix copied it twice per loader to strip
 * `?index` and `?_routes`, which a request without a query cannot hold. With a query the
 * copies are made as before. The test loads the copy the server loads (the CommonJS build).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const runtime = path.dirname(require.resolve("@remix-run/server-runtime"));
const { callRouteLoader } = require(path.join(runtime, "data.js")) as {
  callRouteLoader(args: {
    loadContext: unknown;
    loader: (args: { request: Request }) => unknown;
    params: Record<string, string>;
    request: Request;
    routeId: string;
    singleFetch: boolean;
  }): Promise<unknown>;
};

/** The request the loader of `routeId` is handed for `request`. */
async function handed(request: Request): Promise<Request> {
  let seen: Request | undefined;
  await callRouteLoader({
    loadContext: {},
    loader: ({ request: given }) => {
      seen = given;
      return null;
    },
    params: {},
    request,
    routeId: "routes/page",
    singleFetch: true,
  });
  return seen!;
}

describe("the request a loader is handed", () => {
  it("is the page's own request when it has no query: same headers, same signal", async () => {
    const controller = new AbortController();
    const request = new Request("http://localhost/self-service/user", { headers: { Cookie: "s=1" }, signal: controller.signal });
    const given = await handed(request);
    expect(given).toBe(request);
    controller.abort();
    expect(given.signal.aborted).toBe(true);
  });

  it("has ?index without a value and ?_routes stripped, the rest of the query kept, as before", async () => {
    const given = await handed(new Request("http://localhost/score?index&_routes=routes%2Fscore&lng=en", { headers: { Cookie: "s=1" } }));
    expect(given.url).toBe("http://localhost/score?lng=en");
    expect(given.headers.get("Cookie")).toBe("s=1");
  });

  it("keeps an ?index that has a value", async () => {
    const given = await handed(new Request("http://localhost/score?index=1"));
    expect(new URL(given.url).searchParams.get("index")).toBe("1");
  });
});
