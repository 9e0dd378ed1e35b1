/**
 * Every JSX element of the app gives its `key` before any spread of props (docs/decisions/0245).
 * After a spread the automatic JSX runtime cannot tell the key from the props, so the compiler
 * falls back to `createElement`, which copies the props object again for every element (on
 * /account our form fields made two fifths of React's createElement time that way). Checked on
 * the source, as the compiler sees it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return file.endsWith(".tsx") ? [file] : [];
  });
}

/** The elements of `source` with a `key` after a spread, as "file:line <tag>". */
function keysAfterSpread(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const attributes = node.attributes.properties;
      const firstSpread = attributes.findIndex(ts.isJsxSpreadAttribute);
      const key = attributes.findIndex((a) => ts.isJsxAttribute(a) && a.name.getText(tree) === "key");
      if (firstSpread !== -1 && key > firstSpread) {
        const { line } = tree.getLineAndCharacterOfPosition(node.getStart(tree));
        found.push(`${file}:${line + 1} <${node.tagName.getText(tree)}>`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe("JSX keys", () => {
  it("come before any spread of props in every element of the app", () => {
    const found = sources(path.resolve("app")).flatMap((file) => keysAfterSpread(path.relative(process.cwd(), file), readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("are found after a spread, and not before one or without one", () => {
    const source = `
      const a = <input {...props} key={k} />;
      const b = <input key={k} {...props} />;
      const c = <input key={k} name="n" />;
      const d = <div {...props} id="x" key="y">text</div>;`;
    expect(keysAfterSpread("x.tsx", source)).toEqual(["x.tsx:2 <input>", "x.tsx:5 <div>"]);
  });
});
