/**
 * What the router hands to React is never changed afterwards (docs/decisions/0333). React may
 * render a state the router handed over well after it was handed (a transition waits), and a
 * render that read a fetcher changed in place since could be dropped by React as unchanged,
 * with the fetcher's effects in it: the live estimate then stayed at "Updating the estimate…"
 * (decision 0332). Two patches hold it: @remix-run/router keeps its own copy of the fetchers
 * after each update, and React Router's RouterProvider makes a new map of the fetchers' data
 * for each change instead of changing the one its context hands out.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

type Fetcher = { state: string; data?: unknown };
type RouterState = { fetchers: Map<string, Fetcher> };
type Route = { id: string; path?: string; index?: boolean; loader?: () => unknown; children?: Route[] };
const require = createRequire(import.meta.url);
const routerModule = require("@remix-run/router") as {
  createMemoryHistory(options: { initialEntries: string[] }): unknown;
  createRouter(init: {
    routes: Route[];
    history: unknown;
    window: unknown;
    future: { v7_fetcherPersist: boolean };
    hydrationData: { loaderData: Record<string, unknown> };
  }): {
    initialize(): unknown;
    subscribe(fn: (state: RouterState) => void): () => void;
    fetch(key: string, routeId: string, href: string): void;
    getFetcher(key: string): unknown;
    deleteFetcher(key: string): void;
    revalidate(): void;
    dispose(): void;
  };
};

/** Each state handed to a subscriber, with its fetchers as they were when handed. */
function handedStates() {
  let answer!: (value: unknown) => void;
  const routes: Route[] = [
    { id: "root", path: "/", loader: () => null, children: [{ id: "estimate", path: "estimate", loader: () => new Promise((resolve) => (answer = resolve)) }] },
  ];
  const router = routerModule.createRouter({
    routes,
    history: routerModule.createMemoryHistory({ initialEntries: ["/"] }),
    // What the router reads of a browser's window (it refuses fetchers without one, as on a server).
    window: { document: { createElement: () => ({}) }, addEventListener() {}, removeEventListener() {}, sessionStorage: { getItem: () => null, setItem() {} } },
    future: { v7_fetcherPersist: true },
    hydrationData: { loaderData: { root: null } },
  });
  router.initialize();
  const handed: Array<{ state: RouterState; then: Array<[string, Fetcher]> }> = [];
  router.subscribe((state) => handed.push({ state, then: [...state.fetchers.entries()] }));
  return { router, handed, answer: (value: unknown) => answer(value) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Every state handed over still holds the fetchers it held when handed. */
function expectUnchanged(handed: ReturnType<typeof handedStates>["handed"]) {
  for (const { state, then } of handed) expect([...state.fetchers.entries()]).toEqual(then);
}

describe("the fetchers the router hands over", () => {
  it("are not changed by the answer or by the clean-up after it", async () => {
    const { router, handed, answer } = handedStates();
    router.fetch("quote", "root", "/estimate");
    await settle();
    expect(handed.map((h) => h.state.fetchers.get("quote")?.state)).toEqual(["loading"]);
    answer({ seq: 1 });
    await settle();
    // The loading state, then the answer (idle, with its data).
    expect(handed.map((h) => h.then.map(([key, f]) => `${key}:${f.state}`))).toEqual([["quote:loading"], ["quote:idle"]]);
    expect(handed[1].then[0][1].data).toEqual({ seq: 1 });
    // What was handed is still what it was: the answer did not turn the loading state's
    // fetcher idle, and the done fetcher was not taken out of the answer's state.
    expectUnchanged(handed);
    router.dispose();
  });

  it("are not changed when the fetcher unmounts or the page revalidates", async () => {
    const { router, handed, answer } = handedStates();
    router.getFetcher("quote");
    router.fetch("quote", "root", "/estimate");
    await settle();
    router.revalidate();
    await settle();
    answer({ seq: 2 });
    await settle();
    router.deleteFetcher("quote");
    await settle();
    expect(handed.length).toBeGreaterThan(2);
    expectUnchanged(handed);
    router.dispose();
  });

  it("start afresh for the next load, while the router still forgets a done fetcher", async () => {
    const { router, handed, answer } = handedStates();
    router.fetch("quote", "root", "/estimate");
    await settle();
    answer({ seq: 1 });
    await settle();
    router.fetch("quote", "root", "/estimate");
    await settle();
    const last = handed[handed.length - 1].state;
    expect([...last.fetchers.keys()]).toEqual(["quote"]);
    expect(last.fetchers.get("quote")?.state).toBe("loading");
    expectUnchanged(handed);
    router.dispose();
  });
});

describe("the builds the browser runs", () => {
  // The browser loads the ECMAScript module builds, which Node cannot load from these packages:
  // the same patched lines are looked for in them.
  const source = (path: string) => readFileSync(require.resolve(path), "utf8");

  it("@remix-run/router goes on with its own copy of the fetchers after handing them over", () => {
    const updateState = (text: string) => text.slice(text.indexOf("function updateState("), text.indexOf("function completeNavigation("));
    for (const build of ["@remix-run/router/dist/router.js", "@remix-run/router/dist/router.cjs.js"]) {
      const body = updateState(source(build));
      const handing = body.indexOf("subscriber(state,");
      const copy = body.indexOf("state = _extends({}, state, {\n      fetchers: new Map(state.fetchers)\n    });");
      const cleanUp = body.indexOf("completedFetchers.forEach(key => state.fetchers.delete(key))");
      expect(handing, build).toBeGreaterThan(0);
      expect(copy, build).toBeGreaterThan(handing);
      expect(cleanUp, build).toBeGreaterThan(copy);
    }
  });

  it("React Router's RouterProvider makes a new map of the fetchers' data before it fills it", () => {
    const text = source("react-router-dom/dist/index.js");
    const setState = text.slice(text.indexOf("let setState = React.useCallback("), text.indexOf("let isViewTransitionUnavailable"));
    const fresh = setState.indexOf("fetcherData.current = new Map(fetcherData.current);");
    const changes = [...setState.matchAll(/fetcherData\.current\.(set|delete|clear)\(/g)].map((m) => m.index);
    expect(fresh).toBeGreaterThan(0);
    expect(changes).toHaveLength(2);
    for (const at of changes) expect(at).toBeGreaterThan(fresh);
    // Nowhere else is the map changed: what the context handed out stays as it was.
    const provider = text.slice(text.indexOf("function RouterProvider("), text.indexOf("function DataRoutes("));
    expect([...provider.matchAll(/fetcherData\.current\.(set|delete|clear)\(/g)]).toHaveLength(2);
  });
});
