/**
 * The build's check that the browser's scripts call nothing newer than the browsers the page is
 * enhanced in (scripts/browser-floor.mjs, which `npm run build` runs; the floor is
 * app/lib/browser-support.ts): a made-up build calling each newer API, and one calling only
 * what the floor has.
 */
import { describe, expect, it } from "vitest";
import { NEWER, newerThanTheFloor } from "../../scripts/browser-floor.mjs";

const CALLS: Record<string, string> = {
  structuredClone: "let c=structuredClone(e);",
  "Object.hasOwn": "Object.hasOwn(t,n)&&f();",
  "Array.prototype.findLast": "let l=r.findLast(i=>i.ok);",
  "AbortSignal.timeout / any": "fetch(u,{signal:AbortSignal.timeout(5e3)});",
  "Array.prototype.toSorted and its kin": "let s=a.toSorted();",
  "Object.groupBy / Map.groupBy": "let g=Object.groupBy(a,k);",
  "Promise.withResolvers": "let{promise:p,resolve:r}=Promise.withResolvers();",
  "Array.fromAsync": "await Array.fromAsync(s);",
  "String.prototype.isWellFormed / toWellFormed": "s.isWellFormed()||e();",
  "URL.canParse / URL.parse": "URL.canParse(h)&&go(h);",
  "Intl.Segmenter": "new Intl.Segmenter(l,{granularity:\"word\"});",
  requestIdleCallback: "requestIdleCallback(w);",
  "the popover API": "d.showPopover();",
  "Element.checkVisibility": "e.checkVisibility()&&e.focus();",
};

describe("a browser build", () => {
  it("calling only what the floor has passes", () => {
    const text =
      'import{a}from"./chunk-A.js";d.showModal();f.requestSubmit(b);let x=p.at(-1),y=Object.prototype.hasOwnProperty.call(o,k),z=new FormData(f);fetch(u,{signal:c.signal});';
    expect(newerThanTheFloor([{ file: "routes/offer-AB12.js", text }])).toEqual([]);
  });

  it.each(NEWER.map((api) => api.name))("calling %s fails, naming the file and the browsers that have it", (name) => {
    const found = newerThanTheFloor([{ file: "_shared/chunk-CD34.js", text: CALLS[name] }]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^_shared/chunk-CD34\\.js calls ${name.replace(/[./]/g, "\\$&")} \\(Chrome`));
  });

  it("a call guarded where it is made passes when named with its file", () => {
    const files = [{ file: "_shared/chunk-CD34.js", text: "typeof structuredClone==\"function\"?structuredClone(e):copy(e);" }];
    expect(newerThanTheFloor(files, [{ name: "structuredClone", file: /^_shared\/chunk-CD34\.js$/ }])).toEqual([]);
    expect(newerThanTheFloor(files, [{ name: "structuredClone", file: /^routes\// }])).toHaveLength(1);
  });
});

describe("the stylesheet", () => {
  // Safari before 17 hyphenates only with the prefixed property: without it a long Russian or
  // Estonian word overflowed its box at 320 px there (docs/decisions/0375).
  it("gives every `hyphens` its -webkit- twin", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    for (const file of readdirSync("app/styles").filter((name) => name.endsWith(".css"))) {
      const css = readFileSync(`app/styles/${file}`, "utf8");
      const plain = css.match(/(?<![-\w])hyphens:\s*[\w-]+/g) ?? [];
      const prefixed = css.match(/-webkit-hyphens:\s*[\w-]+/g) ?? [];
      expect(prefixed.map((p) => p.replace("-webkit-", "")), file).toEqual(plain);
    }
  });

  // Safari before 15.4 drops a rule on :focus-visible whole: its plain page showed only the
  // browser's own faint ring (docs/decisions/0375).
  it("gives a browser without :focus-visible the same ring on :focus", async () => {
    const { readFileSync } = await import("node:fs");
    const css = readFileSync("app/styles/app.css", "utf8");
    const ring = /(?:^|\n):focus-visible \{([^}]*)\}/.exec(css)?.[1];
    const fallback = /@supports not selector\(:focus-visible\) \{\s*:focus \{([^}]*)\}\s*\}/.exec(css)?.[1];
    expect(ring).toMatch(/outline: 3px solid/);
    expect(fallback?.trim()).toBe(ring?.trim());
  });
});
