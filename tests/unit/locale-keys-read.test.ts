/**
 * Every translation is read somewhere: a key no page, document, answer or log line asks for is
 * a string translators keep up in three languages for nothing, and the browser downloads it with
 * the page language's translations (app/routes/locales.$file.ts). The app's code names a key
 * whole, as a string; a counted key by its name without the plural ending; a family of keys by
 * a template (`package.${cover}.legend`).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/i18next.server";
import { sourceFiles } from "../support/source-files";

const source = sourceFiles("app", /\.tsx?$/, { skipFolders: ["locales"] })
  .map((file) => readFileSync(file, "utf8"))
  .join("\n");

/** Whether the code writes `name` whole, as "…", '…' or `…`. */
const named = (name: string) => ['"', "'", "`"].some((quote) => source.includes(`${quote}${name}${quote}`));
/**
 * The templates that make a key (`package.${cover}.legend`, `….text${ended ? `_${ended}` : ""}`),
 * each as the keys it can make: a placeholder stands for a part of a key's name without a dot.
 */
function keyTemplates(code: string): RegExp[] {
  const found = new Set<string>();
  for (const start of code.matchAll(/`(?=[a-z][\w.-]*\.\$\{)/g)) {
    let pattern = "";
    let depth = 0;
    for (let i = start.index + 1; i < code.length; i++) {
      const char = code[i];
      if (depth === 0 && char === "`") break;
      if (depth === 0 && char === "$" && code[i + 1] === "{") {
        pattern += "[\\w-]*";
        depth = 1;
        i++;
      } else if (depth === 0) pattern += char.replace(/[.\\^$*+?()[\]{}|-]/, "\\$&");
      else if (char === "{") depth++;
      else if (char === "}") depth--;
    }
    found.add(pattern);
  }
  return [...found].map((pattern) => new RegExp(`^${pattern}$`));
}
const templates = keyTemplates(source);
const PLURAL = /_(zero|one|two|few|many|other)$/;

const isRead = (key: string) => named(key) || named(key.replace(PLURAL, "")) || templates.some((template) => template.test(key));

describe("the translations", () => {
  it("are each read by the app's code", () => {
    expect(Object.keys(resources.et.common).filter((key) => !isRead(key))).toEqual([]);
  });

  it("a key the code does not name is found unread", () => {
    expect(isRead("self_service.beneficiary.idCode")).toBe(false);
    expect(isRead("self_service.beneficiary.idCode.person")).toBe(true);
    expect(isRead("score.saved_score_other")).toBe(true);
    expect(isRead("package.disability.legend")).toBe(true);
    expect(isRead("package.disability.nothing")).toBe(false);
  });
});
