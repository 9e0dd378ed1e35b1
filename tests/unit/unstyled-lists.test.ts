/**
 * A list drawn without markers (`list-style: none`) is no list to WebKit's VoiceOver unless it
 * says so (`role="list"`), or sits in a <nav>: the count of items and a list's name
 * (the breakdown's) are lost. Every list of a class the stylesheet draws so says it
 * (docs/decisions/0391).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync("app/styles/app.css", "utf8");
/** The classes whose own rule takes the markers away (`.a, .b { list-style: none }`); a descendant selector's list is in a <nav>. */
const unmarked = [...css.matchAll(/(^|\})\s*([^{}]+)\{[^}]*list-style:\s*none/g)]
  .flatMap((m) => m[2].split(","))
  .map((selector) => selector.trim())
  .filter((selector) => /^\.[\w-]+$/.test(selector))
  .map((selector) => selector.slice(1));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : entry.name.endsWith(".tsx") ? [path.join(dir, entry.name)] : [],
  );
}

describe("lists drawn without markers", () => {
  it("are read from the stylesheet", () => {
    expect(unmarked).toEqual(expect.arrayContaining(["cards", "documents", "breakdown__legend"]));
  });

  it('say role="list" wherever one is rendered', () => {
    const lists = sources("app").flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/<(ul|ol)\b[^>]*>/g)]
        .filter((m) => unmarked.some((name) => new RegExp(`className="(?:[^"]* )?${name}(?: [^"]*)?"`).test(m[0])))
        .map((m) => ({ file, tag: m[0] })),
    );
    expect(lists.length).toBeGreaterThan(10);
    expect(lists.filter(({ tag }) => !tag.includes('role="list"'))).toEqual([]);
  });
});
