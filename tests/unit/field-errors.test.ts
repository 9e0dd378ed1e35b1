/**
 * Every field error is drawn by FieldError (app/components/form.tsx), so every one is announced
 * with its "Viga:"/"Error:"/"Ошибка:" prefix: a hand-made `field__error` element lost it on
 * the package's services and the offer's support code (issue 24).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "~/locales/en";
import et from "~/locales/et";
import ru from "~/locales/ru";
import { sourceFiles } from "../support/source-files";

describe("field errors", () => {
  it("are drawn only by FieldError", () => {
    const app = path.resolve("app");
    const handMade = sourceFiles(app, /\.tsx$/)
      .filter((file) => path.relative(app, file) !== path.join("components", "form.tsx"))
      .filter((file) => /className=\{?[`"'][^`"']*\bfield__error\b/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(app, file));
    expect(handMade).toEqual([]);
  });

  it("carry a capitalised prefix in every language", () => {
    expect([et["title.error"], en["title.error"], ru["title.error"]]).toEqual(["Viga", "Error", "Ошибка"]);
  });
});
