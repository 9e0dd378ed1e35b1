/**
 * The libraries' license notices (docs/decisions/0349): kept in a .LEGAL.txt file beside the
 * script whose code they came with, which names it, and served with it; not at the end of the
 * scripts every page loads first, where they cost every first visit about 550 bytes gzip.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const SCRIPT = /<(?:link rel="modulepreload" href|script type="module" src)="(\/build\/[^"]+\.js)"/g;
/** What esbuild writes at a script's end for its legal comments, inline or linked. */
const INLINE_LICENSES = /Bundled license information/;
const LINKED_LICENSES = /\/\*! For license information please see (\/build\/\S+\.js\.LEGAL\.txt) \*\//;

describe("the scripts of a first visit", () => {
  it("carry no license text; the one whose libraries have notices names their file, which is served with every notice", async () => {
    const html = await (await new Client(app.url).fetch("/login?lng=en")).text();
    // The entry's own imports are in an inline module script: the manifest names them all.
    const scripts = [...new Set([...html.matchAll(SCRIPT)].map((match) => match[1]))];
    expect(scripts.length).toBeGreaterThan(3);
    const linked: string[] = [];
    for (const script of scripts) {
      const text = await (await fetch(app.url + script)).text();
      expect(text, script).not.toMatch(INLINE_LICENSES);
      const link = LINKED_LICENSES.exec(text)?.[1];
      if (link) linked.push(link);
    }
    // React, React DOM, the router and Remix come in one shared chunk.
    expect(linked).toHaveLength(1);
    const response = await fetch(app.url + linked[0]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const notices = await response.text();
    for (const library of ["react/cjs/react.production.min.js", "react-dom/cjs/react-dom.production.min.js", "@remix-run/router", "react-router-dom", "@remix-run/react"]) {
      expect(notices, library).toContain(library);
    }
    expect(notices).toMatch(/Copyright \(c\) Facebook, Inc\. and its affiliates\./);
    expect(notices).toMatch(/Copyright \(c\) Remix Software Inc\./);
  });
});
