/**
 * Every JSX element of the app gives its `key` before any spread of props (docs/decisions/0245).
 * After a spread the automatic JSX runtime cannot tell the key from the props, so the compiler
 * falls back to `createElement`, which copies the props object again for every element (on
 * /account our form fields made two fifths of React's createElement time that way). Checked on
 * the source, as the compiler sees it.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

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
    const found = sourceFiles("app", /\.tsx$/).flatMap((file) => keysAfterSpread(file, readFileSync(file, "utf8")));
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
