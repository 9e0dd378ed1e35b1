/**
 * How the browser's modules import one another, where the build's chunks depend on it
 * (docs/decisions/0043):
 *
 * - the modules behind app/components/every-page.ts are imported through it, never from their
 *   files (a direct import from elsewhere makes that file a chunk of its own again);
 * - the pages import no zod schema, zod or the zod adapter: those come after hydration with
 *   import() (a static import would put zod back into the first visit);
 * - the components, app/lib and app/i18n import nothing of app/core, not even a type: what both
 *   sides need lives in app/lib (docs/decisions/0175; `npm run build` checks the chunks).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });

const app = path.resolve("app");
const rel = (file: string) => path.relative(app, file).split(path.sep).join("/");
/** Modules the browser build sees (server halves, the core and the HTTP layer it never loads, or only for their types). */
const browserModules = files(app).filter((file) => !/\.server\.tsx?$/.test(file) && !/^(core|http)\//.test(rel(file)) && rel(file) !== "entry.server.tsx");

/** The value imports of a module: its specifier and the names it takes (type-only ones left out). */
function valueImports(file: string): { from: string; names: string[] }[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^import\s+(type\s+)?(?:\{([^}]*)\}|([\w*\s,]+?))\s+from\s+"([^"]+)";?$/gm)]
    .filter((m) => !m[1])
    .map((m) => ({
      from: m[4],
      names: (m[2] ?? m[3] ?? "")
        .split(",")
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith("type ")),
    }))
    .filter((i) => i.names.length > 0 || !/\{/.test(i.from));
}

/** The module a specifier names, relative to app/ without its extension. */
function target(file: string, specifier: string): string {
  if (specifier.startsWith("~/")) return specifier.slice(2);
  if (specifier.startsWith(".")) return rel(path.resolve(path.dirname(file), specifier));
  return specifier;
}

describe("the browser's modules", () => {
  const barrel = readFileSync(path.join(app, "components/every-page.ts"), "utf8");
  const members = [...barrel.matchAll(/^export \* from "([^"]+)";$/gm)].map((m) => target(path.join(app, "components/every-page.ts"), m[1]));

  it("the every-page module re-exports the shell, the failed-request handling, the modal and the rest", () => {
    expect(members).toEqual(expect.arrayContaining(["components/form-shell", "components/request-failure", "components/session-timer", "components/shell", "components/page"]));
  });

  it("import the every-page modules through it", () => {
    const offenders = browserModules
      .filter((file) => !members.includes(rel(file).replace(/\.tsx?$/, "")) && rel(file) !== "components/every-page.ts")
      .flatMap((file) => valueImports(file).filter((i) => members.includes(target(file, i.from))).map((i) => `${rel(file)}: ${i.from}`));
    expect(offenders).toEqual([]);
  });

  it("leave the zod schemas, zod and its adapter to import() (lib modules and the schemas themselves aside)", () => {
    const deferred = (module: string) => /^lib\/[\w-]+-schema$/.test(module) || module === "lib/form-parse" || module === "lib/zod-resolve" || module.startsWith("zod");
    const pages = browserModules.filter((file) => /^(components|routes)\/|^(root|entry\.client)\.tsx$/.test(rel(file)));
    const offenders = pages.flatMap((file) => valueImports(file).filter((i) => deferred(target(file, i.from))).map((i) => `${rel(file)}: ${i.from}`));
    expect(offenders).toEqual([]);
    // The forms do load them, later: the check above would pass on a mechanism that is gone.
    const later = pages.filter((file) => /import\("~\/lib\/[\w-]+-schema"\)/.test(readFileSync(file, "utf8")));
    expect(later.length).toBeGreaterThanOrEqual(6);
  });

  it("keep what was written in a text area before hydration: each module rendering one uses the hook (docs/decisions/0330)", () => {
    const withTextAreas = browserModules.filter((file) => /<textarea\b/.test(readFileSync(file, "utf8")));
    // The check would pass on no text area at all: the questionnaire's sub-answers have them.
    expect(withTextAreas.map(rel)).toContain("components/questionnaire/question.tsx");
    const offenders = withTextAreas.filter((file) => !/\buseWrittenBeforeHydration\(\)/.test(readFileSync(file, "utf8"))).map(rel);
    expect(offenders).toEqual([]);
  });

  it("import nothing of the core, not even a type (components, lib, i18n)", () => {
    const shared = browserModules.filter((file) => /^(components|lib|i18n)\//.test(rel(file)));
    const offenders = shared.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g)]
        .map((m) => m[1] ?? m[2])
        .filter((specifier) => /^core(\/|$)/.test(target(file, specifier)))
        .map((specifier) => `${rel(file)}: ${specifier}`),
    );
    expect(shared.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
