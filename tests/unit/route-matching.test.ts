/**
 * The server's route matching is memoised by a patch of @remix-run/router
 * (patches/@remix-run+router+*.patch, docs/decisions/0070): the ranked branches per routes
 * array, the compiled regexp per path, and (docs/decisions/0238) each path's answer per ranked
 * table. These tests load the copy the server loads (the CommonJS
 * build) and show that matching answers as before, that the caches are really there, and that
 * the router's own in-place change of a table (lazy route discovery) is seen.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { route: { id: string }; params: Record<string, string | undefined>; pathname: string };
const router = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes(routes: Route[], location: string): Match[] | null;
  matchPath(pattern: { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string): { params: Record<string, string> } | null;
  createMemoryHistory(options: { initialEntries: string[] }): unknown;
  createRouter(init: { routes: Route[]; history: unknown }): {
    routes: Route[];
    patchRoutes(routeId: string | null, children: Route[]): void;
  };
};

/** A table shaped like ours: a root layout, an index, static pages, a param page, a splat. */
const table = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "login", path: "login" },
      { id: "account", path: "account" },
      {
        id: "self-service",
        path: "self-service",
        children: [
          { id: "self-service/index", index: true },
          { id: "self-service/score", path: "score" },
          { id: "self-service/score/id", path: "score/:id" },
        ],
      },
      { id: "documents", path: "documents/:kind?" },
      { id: "splat", path: "*" },
    ],
  },
];

const ids = (matches: Match[] | null) => matches?.map((m) => m.route.id) ?? null;

describe("route matching (patched @remix-run/router)", () => {
  it("matches and ranks as the router always did, however often it is asked", () => {
    const routes = table();
    for (let round = 0; round < 3; round++) {
      expect(ids(router.matchRoutes(routes, "/"))).toEqual(["root", "index"]);
      expect(ids(router.matchRoutes(routes, "/account"))).toEqual(["root", "account"]);
      expect(ids(router.matchRoutes(routes, "/ACCOUNT/"))).toEqual(["root", "account"]);
      expect(ids(router.matchRoutes(routes, "/self-service"))).toEqual(["root", "self-service", "self-service/index"]);
      expect(ids(router.matchRoutes(routes, "/self-service/score"))).toEqual(["root", "self-service", "self-service/score"]);
      const period = router.matchRoutes(routes, "/self-service/score/p%2F1")!;
      expect(ids(period)).toEqual(["root", "self-service", "self-service/score/id"]);
      expect(period.at(-1)!.params).toEqual({ id: "p/1" });
      expect(router.matchRoutes(routes, "/documents")!.at(-1)!.params).toEqual({ kind: undefined });
      expect(router.matchRoutes(routes, "/documents/offer")!.at(-1)!.params).toEqual({ kind: "offer" });
      expect(ids(router.matchRoutes(routes, "/no/such/page"))).toEqual(["root", "splat"]);
      expect(router.matchRoutes(routes, "/no/such/page")!.at(-1)!.params).toEqual({ "*": "no/such/page" });
    }
  });

  it("keeps the ranked branches per routes array (a table is not changed in place)", () => {
    const routes = table();
    expect(ids(router.matchRoutes(routes, "/bills"))).toEqual(["root", "splat"]);
    // Changed behind the router's back: the same array answers from what it ranked first. A
    // table built afresh (another array) is flattened afresh.
    routes[0].children!.push({ id: "bills", path: "bills" });
    expect(ids(router.matchRoutes(routes, "/bills"))).toEqual(["root", "splat"]);
    const rebuilt = [{ ...routes[0], children: [...routes[0].children!] }];
    expect(ids(router.matchRoutes(rebuilt, "/bills"))).toEqual(["root", "bills"]);
  });

  it("answers a path asked again without matching it again, as fresh objects (0238)", () => {
    const routes = table();
    const first = router.matchRoutes(routes, "/self-service/score/7")!;
    // Every path test of a match is a RegExp's [Symbol.match] (String#match): none the second time.
    const original = RegExp.prototype[Symbol.match];
    let tests = 0;
    RegExp.prototype[Symbol.match] = function (this: RegExp, text: string) {
      tests++;
      return original.call(this, text);
    };
    let second: Match[];
    try {
      second = router.matchRoutes(routes, "/self-service/score/7")!;
      expect(tests).toBe(0);
      router.matchRoutes(table(), "/self-service/score/7");
      expect(tests).toBeGreaterThan(0);
    } finally {
      RegExp.prototype[Symbol.match] = original;
    }
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second[2]).not.toBe(first[2]);
    // One params object per answer, shared by its matches, as the router makes them; a caller
    // changing it changes no later answer.
    expect(second[0].params).toBe(second[2].params);
    expect(second[2].params).not.toBe(first[2].params);
    second[2].params.id = "changed";
    expect(router.matchRoutes(routes, "/self-service/score/7")!.at(-1)!.params).toEqual({ id: "7" });
    expect(router.matchRoutes(routes, "/nowhere")).toEqual(router.matchRoutes(table(), "/nowhere"));
    // Any path may be asked for: the kept answers are bounded and still right.
    for (let i = 0; i < 2500; i++) expect(router.matchRoutes(routes, `/self-service/score/${i}`)!.at(-1)!.params).toEqual({ id: String(i) });
  });

  it("sees the routes the router itself adds in place (lazy route discovery)", () => {
    const created = router.createRouter({ routes: table(), history: router.createMemoryHistory({ initialEntries: ["/"] }) });
    expect(ids(router.matchRoutes(created.routes, "/bills"))).toEqual(["root", "splat"]);
    created.patchRoutes("root", [{ id: "bills", path: "bills" }]);
    expect(ids(router.matchRoutes(created.routes, "/bills"))).toEqual(["root", "bills"]);
  });

  it("compiles a path once per pattern: case sensitivity and the end flag are part of the key", () => {
    expect(router.matchPath({ path: "/Score/:id", caseSensitive: true }, "/score/1")).toBeNull();
    expect(router.matchPath({ path: "/Score/:id", caseSensitive: false }, "/score/1")?.params).toEqual({ id: "1" });
    expect(router.matchPath({ path: "/score", end: true }, "/score/1")).toBeNull();
    expect(router.matchPath({ path: "/score", end: false }, "/score/1")).not.toBeNull();
    // Many distinct patterns (matchPath is public): the cache is bounded and still answers right.
    for (let i = 0; i < 2500; i++) expect(router.matchPath({ path: `/p${i}/:x` }, `/p${i}/v`)?.params).toEqual({ x: "v" });
  });
});
