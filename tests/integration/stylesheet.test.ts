/**
 * The stylesheet inline on a browser's first page, linked once the browser has the file
 * (docs/decisions/0324): the first paint on Slow 3G waits for no second round trip, and a
 * returning browser's pages stay within their HTML budget, the file from its cache.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../support/app";
import { customerAt } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const INLINE = /<style nonce="([^"]+)">([^<]+)<\/style>/;
const PREFETCH = /<link rel="prefetch" href="(\/build\/_assets\/app-\w+\.css)"\/>/;
const LINKED = /<link rel="stylesheet" href="(\/build\/_assets\/app-\w+\.css)"\/>/;

const cookieOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("css="));

describe("a browser's first page", () => {
  it("carries the whole stylesheet inline, under the page's CSP nonce, and prefetches the file; no linked stylesheet", async () => {
    const response = await new Client(app.url).fetch("/login?lng=en");
    const html = await response.text();
    const [, nonce, text] = INLINE.exec(html) ?? [];
    const href = PREFETCH.exec(html)?.[1];
    expect(href).toBeDefined();
    expect(text).toBe(readFileSync(path.join("public", href!), "utf8"));
    expect(response.headers.get("content-security-policy")).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(html).not.toMatch(LINKED);
    // The page sets no cookie of its own for it: only the file's answer says the browser has it.
    expect(cookieOf(response)).toBeUndefined();
  });
});

describe("the stylesheet's answer", () => {
  it("sets the `css` cookie to the file's name, whichever copy is sent; a file that is not there sets none", async () => {
    const html = await (await new Client(app.url).fetch("/login")).text();
    const href = PREFETCH.exec(html)![1];
    for (const encoding of ["br", "gzip", "identity"]) {
      const response = await fetch(app.url + href, { headers: { "Accept-Encoding": encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/immutable/);
      expect(cookieOf(response)).toBe(`css=${path.posix.basename(href)}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax`);
    }
    for (const other of ["/build/_assets/app-NOSUCHFILE.css", "/build/_assets/logo-NOSUCHFILE.svg"]) {
      const response = await fetch(app.url + other);
      expect(response.status).toBe(404);
      expect(cookieOf(response)).toBeUndefined();
    }
    const logo = /<link rel="icon" href="(\/build\/_assets\/logo-\w+\.svg)"/.exec(html)![1];
    expect(cookieOf(await fetch(app.url + logo))).toBeUndefined();
  });
});

describe("a returning browser", () => {
  it("has every page after the stylesheet link it, signed in or not, within the HTML budget", async () => {
    const { client } = await customerAt(app, "account");
    const first = await (await client.fetch("/account")).text();
    expect(first).toMatch(INLINE);
    await client.fetchStylesheet();
    for (const page of ["/account", "/accessibility", "/login-failed/locked"]) {
      const html = await (await client.fetch(page)).text();
      expect(html, page).toMatch(LINKED);
      expect(html, page).not.toMatch(INLINE);
      expect(html, page).not.toMatch(PREFETCH);
      // In its place an empty one, which the CSP allows by its hash, and nothing else.
      expect(html, page).toContain("<style></style>");
    }
    const csp = (await client.fetch("/account")).headers.get("content-security-policy");
    expect(csp).toContain("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    const account = await (await client.fetch("/account")).text();
    expect(gzipSync(account).length).toBeLessThanOrEqual(6144);
    // The first page's budget is that and the stylesheet's own bytes, moved into it.
    const stylesheet = readFileSync(path.join("public", LINKED.exec(account)![1]));
    expect(gzipSync(first).length).toBeLessThanOrEqual(6144 + gzipSync(stylesheet).length);
    // The first page is the later one with the stylesheet inline in place of its link: nothing else moves.
    // (Each render has its own nonce and its form's own submission key.)
    const perRender = (html: string) => {
      const key = /name="_submission" value="([^"]+)"/.exec(html)![1];
      return html.replace(/nonce="[^"]+"/g, "").replaceAll(key, "");
    };
    expect(perRender(first.replace(INLINE, "").replace(PREFETCH, ""))).toBe(perRender(account.replace("<style></style>", "").replace(LINKED, "")));
  });

  it("is sent the stylesheet inline again once the build's stylesheet is another than the one it has", async () => {
    const client = new Client(app.url);
    client.setCookie("css", "app-OLDBUILD.css");
    expect(await (await client.fetch("/login")).text()).toMatch(INLINE);
    client.setCookie("css", "");
    expect(await (await client.fetch("/login")).text()).toMatch(INLINE);
  });
});
