/**
 * The bench (`npm run bench`) is not run by `npm test`, so a module of it that no longer links
 * (an import of an export someone removed as unused) would only show when someone benchmarks.
 * Node's own ESM loader links every bench module here, in a child process: vitest's transform
 * would turn a missing named import into `undefined` instead of the SyntaxError Node throws.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { expect, it } from "vitest";

// Modules whose top level only defines things (compare.mjs and preload.mjs act on import).
const ACTING_ON_IMPORT = new Set(["compare.mjs", "preload.mjs"]);

it("every bench module links under Node's ESM loader", () => {
  const modules = readdirSync("scripts/bench").filter((file) => file.endsWith(".mjs") && !ACTING_ON_IMPORT.has(file));
  expect(modules.length).toBeGreaterThan(5);
  const imports = modules.map((file) => `await import("./scripts/bench/${file}");`).join("\n");
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", imports], { encoding: "utf8", timeout: 60_000 });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
}, 90_000);

it("a page's form size, as the bare reference form is sized: its usable controls in <main> less the submit", async () => {
  const { formFieldsOf } = (await import("../../scripts/bench/reference.mjs")) as { formFieldsOf: (html: string) => number };
  const page = (main: string) => `<header><button>Menu</button></header><main id="main">${main}</main><footer><input name="q"></footer>`;
  expect(formFieldsOf(page('<input type="hidden" name="k"><input name="a"><input type="radio" name="b"><select name="c"></select><textarea name="d"></textarea><button>Save</button>'))).toBe(4);
  expect(formFieldsOf(page("<h1>Done</h1>"))).toBe(1);
});

it("a page's own markup for the bare page to render: its body before Remix's scripts", async () => {
  const { bodyMarkupOf } = (await import("../../scripts/bench/reference.mjs")) as { bodyMarkupOf: (html: string) => string };
  const markup = '<header class="site-header">Logo</header><main id="main"><form method="post"><input name="a"/></form></main><footer>©</footer>';
  const html = (tail: string) => `<!DOCTYPE html><html lang="et"><head><title>T</title></head><body class="x">${markup}${tail}`;
  expect(bodyMarkupOf(html('<link rel="modulepreload" href="/build/entry.js"/><script>window.__remixContext = {};</script></body></html><script>more</script>'))).toBe(markup);
  expect(bodyMarkupOf(html("<script nonce=\"n\">x</script></body></html>"))).toBe(markup);
  expect(bodyMarkupOf(html("</body></html>"))).toBe(markup);
});

it("a cached file still fresh for a customer back the next day: immutable, or kept a day or more", async () => {
  const { freshForADay } = (await import("../../scripts/bench/slow3g.mjs")) as { freshForADay: (cacheControl: string | undefined) => boolean };
  expect(freshForADay("public, max-age=31536000, immutable")).toBe(true);
  expect(freshForADay("public, max-age=86400")).toBe(true);
  expect(freshForADay("public, max-age=3600")).toBe(false);
  expect(freshForADay("no-store")).toBe(false);
  expect(freshForADay(undefined)).toBe(false);
});

it("a page against its references round by round: each round's page over that round's references, the rounds' median and range", async () => {
  const { median, timesPerRound } = (await import("../../scripts/bench/util.mjs")) as {
    median: (values: number[]) => number;
    timesPerRound: (page: number[], ...references: number[][]) => { median: number; min: number; max: number };
  };
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  // A machine twice as slow in the second round: each round's own references say the page is 1.5 times them.
  const rounds = timesPerRound([3, 6, 3.3], [1, 2, 1], [1, 2, 1.2]);
  expect(rounds.median).toBeCloseTo(1.5);
  expect(rounds.min).toBeCloseTo(1.5);
  expect(rounds.max).toBeCloseTo(1.5);
  // One round far off moves the range, not the median.
  const skewed = timesPerRound([2, 4, 9], [1, 1, 1], [1, 1, 1]);
  expect(skewed.median).toBe(2);
  expect([skewed.min, skewed.max]).toEqual([1, 4.5]);
});

it("each of the bench's customers has connections of their own, as a browser does, kept between their requests", async () => {
  const { Client } = (await import("../../scripts/bench/customers.mjs")) as {
    Client: new (base: string) => { request: (method: string, path: string) => Promise<unknown>; close: () => Promise<void> };
  };
  const { createServer } = await import("node:http");
  const ports: Record<string, number[]> = {};
  const server = createServer((req, res) => {
    (ports[req.url!] ??= []).push(req.socket.remotePort!);
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const [first, second] = [new Client(base), new Client(base)];
  try {
    // Each request once the one before has let go of its connection, as a customer's next step comes.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    await first.request("GET", "/first");
    await pause();
    await second.request("GET", "/second");
    await pause();
    await first.request("GET", "/first");
    expect(ports["/first"]).toHaveLength(2);
    expect(ports["/first"][1]).toBe(ports["/first"][0]);
    expect(ports["/second"]).toHaveLength(1);
    expect(ports["/second"][0]).not.toBe(ports["/first"][0]);
  } finally {
    await Promise.all([first.close(), second.close()]);
    await new Promise((resolve) => server.close(resolve));
  }
});

it("a bench customer fetches what its first page prefetches, as Chromium does, and sends the cookie that answer set (docs/decisions/0324)", async () => {
  const { Client } = (await import("../../scripts/bench/customers.mjs")) as {
    Client: new (base: string) => { page: (path: string) => Promise<string>; close: () => Promise<void> };
  };
  const { createServer } = await import("node:http");
  const seen: Array<{ url: string; cookie: string }> = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url!, cookie: req.headers.cookie ?? "" });
    if (req.url === "/build/_assets/app-X.css") return void res.setHeader("Set-Cookie", "css=app-X.css; Path=/; HttpOnly").end("body{}");
    const has = /(^|; )css=app-X\.css/.test(req.headers.cookie ?? "");
    res.setHeader("Content-Type", "text/html").end(has ? '<link rel="stylesheet" href="/build/_assets/app-X.css"/>' : '<style>body{}</style><link rel="prefetch" href="/build/_assets/app-X.css"/>');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const client = new Client(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
  try {
    expect(await client.page("/login")).toContain("prefetch");
    expect(await client.page("/account")).toContain('rel="stylesheet"');
    expect(seen.map((s) => s.url)).toEqual(["/login", "/build/_assets/app-X.css", "/account"]);
    expect(seen[2].cookie).toBe("css=app-X.css");
  } finally {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

it("a page's document alone: its HTML less what it loads, runs or styles", async () => {
  const { documentAlone } = (await import("../../scripts/bench/slow3g.mjs")) as { documentAlone: (html: string) => string };
  const head = '<head><meta charset="utf-8"><title>T</title><link rel="stylesheet" href="/a.css"><link rel="modulepreload" href="/e.js"/><style nonce="n">p{}</style></head>';
  const body = '<body><main><img src="/l.svg" alt="Logo"><form><input name="a"></form></main><script nonce="n">window.x = "</p>";</script><script type="module" src="/e.js"></script></body>';
  expect(documentAlone(`<!DOCTYPE html><html lang="en">${head}${body}</html>`)).toBe(
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>T</title></head><body><main><form><input name="a"></form></main></body></html>',
  );
});
