/**
 * The JavaScript budget check (scripts/bench/js-budget.mjs, docs/decisions/0042 and 0043) on a
 * made-up build: which pages and steps it counts, that it fails over a limit, and that what a
 * page loads later with import() is reported beside its first visit, not left out.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { budgetReport, FIRST_VISIT_KB, PER_STEP_KB, STEPS } from "../../scripts/bench/js-budget.mjs";
import { testDir } from "../support/temp-dir";

interface Row {
  route?: string;
  from?: string;
  to?: string;
  gzipKB: number;
  laterKB: number;
  ok: boolean;
}

/**
 * A public/build with files of about `kb` gzip KB each (random base64 gzips to about 3/4 of its
 * length), each starting with its `code` (import statements as esbuild writes them).
 */
function build(sizes: Record<string, number>, code: Record<string, string> = {}) {
  const dir = testDir("js-budget-");
  mkdirSync(path.join(dir, "build"));
  for (const [file, kb] of Object.entries(sizes)) {
    writeFileSync(path.join(dir, file), `${code[file] ?? ""}\n${randomBytes(Math.round((kb * 1024) / 0.755 * 0.75)).toString("base64")}`);
  }
  return dir;
}

const NONE_OVER = { firstVisit: {}, step: {} };

const routes = (extra: Record<string, string[]> = {}) => {
  const ids = [...new Set(STEPS.flat() as string[])];
  return Object.fromEntries(ids.map((id) => [id, { id, parentId: "root", module: `/build/${id.replace(/\W/g, "_")}.js`, imports: extra[id] ?? [] }]));
};

function manifestWith(extra: Record<string, string[]>) {
  return {
    entry: { module: "/build/entry.js", imports: ["/build/react.js"] },
    routes: { root: { id: "root", module: "/build/root.js", imports: [] }, ...routes(extra) },
  };
}

describe("the JavaScript budget", () => {
  const files = (extra: Record<string, string[]>, sizes: Record<string, number>, code: Record<string, string> = {}) => {
    const manifest = manifestWith(extra);
    const all: Record<string, number> = { "/build/entry.js": 1, "/build/react.js": 80, "/build/root.js": 2, ...sizes };
    for (const route of Object.values(manifest.routes)) all[route.module] ??= 1;
    return { manifest, dir: build(all, code) };
  };

  it("passes pages and steps within their limits", () => {
    const { manifest, dir } = files({ "routes/account": ["/build/forms.js"], "routes/score": ["/build/forms.js"] }, { "/build/forms.js": 15 });
    const report = budgetReport(manifest, dir, NONE_OVER);
    expect(report.ok).toBe(true);
    const account = report.pages.find((p: Row) => p.route === "routes/account")!;
    expect(account.gzipKB).toBeGreaterThan(98);
    expect(account.gzipKB).toBeLessThanOrEqual(FIRST_VISIT_KB);
    // The shared chunk was loaded by the page before: the step adds only the route's module.
    const step = report.steps.find((s: Row) => s.from === "routes/account" && s.to === "routes/score")!;
    expect(step.gzipKB).toBeLessThan(1.5);
  });

  it("fails a first visit over 110 KB and a step over 20 KB", () => {
    const { manifest, dir } = files({ "routes/package": ["/build/big.js"] }, { "/build/big.js": 30 });
    const report = budgetReport(manifest, dir, NONE_OVER);
    expect(report.ok).toBe(false);
    expect(report.pages.filter((p: Row) => !p.ok).map((p: Row) => p.route)).toEqual(["routes/package"]);
    expect(report.steps.filter((s: Row) => !s.ok).map((s: Row) => `${s.from} → ${s.to}`)).toEqual(["routes/score → routes/package"]);
    expect(report.steps.find((s: Row) => s.to === "routes/package")!.gzipKB).toBeGreaterThan(PER_STEP_KB);
  });

  it("fails when a step names a route the build does not have", () => {
    const { manifest, dir } = files({}, {});
    delete (manifest.routes as Record<string, unknown>)["routes/offer"];
    expect(budgetReport(manifest, dir, NONE_OVER).missing).toContain("routes/offer");
  });

  it("holds a page over the budget to its recorded ceiling, and drops the ceiling once the page is within budget", () => {
    const { manifest, dir } = files({ "routes/package": ["/build/big.js"] }, { "/build/big.js": 30 });
    const ceiling = { firstVisit: { "routes/package": 120 }, step: { "routes/score → routes/package": 35 } };
    expect(budgetReport(manifest, dir, ceiling).ok).toBe(true);
    const lower = { firstVisit: { "routes/package": 112 }, step: ceiling.step };
    expect(budgetReport(manifest, dir, lower).pages.find((p: Row) => p.route === "routes/package")!.ok).toBe(false);
    const stale = { firstVisit: { ...ceiling.firstVisit, "routes/offer": 120 }, step: ceiling.step };
    const report = budgetReport(manifest, dir, stale);
    expect(report.ok).toBe(false);
    expect(report.stale).toEqual(["routes/offer"]);
  });

  it("reports what a page's scripts import later (with the chunks those import) beside its first visit, and a step's share of it", () => {
    // The forms' chunk imports the schema after hydration; the schema imports zod; the root
    // imports the session warning, which imports a chunk every page already has.
    const code = {
      "/build/forms.js": 'import{a}from"/build/react.js";const s=()=>import("/build/schema.js");',
      "/build/schema.js": 'import{z}from"/build/zod.js";import"/build/react.js";',
      "/build/root.js": 'const w=()=>import("./warning.js");',
      "/build/warning.js": 'import{a}from"/build/react.js";',
    };
    const { manifest, dir } = files(
      { "routes/account": ["/build/forms.js"], "routes/score": ["/build/forms.js"] },
      { "/build/forms.js": 10, "/build/schema.js": 2, "/build/zod.js": 8, "/build/warning.js": 1 },
      code,
    );
    const report = budgetReport(manifest, dir, NONE_OVER);
    const account = report.pages.find((p: Row) => p.route === "routes/account")!;
    // The first visit: entry 1, react 80, root 2, route 1, forms 10; nothing imported later.
    expect(account.gzipKB).toBeGreaterThan(92);
    expect(account.gzipKB).toBeLessThan(96);
    // Later: the schema 2, zod 8, the warning 1 (react is there already).
    expect(account.laterKB).toBeGreaterThan(10);
    expect(account.laterKB).toBeLessThan(12.5);
    // A page without a form loads only the warning later.
    const index = report.pages.find((p: Row) => p.route === "routes/_index")!;
    expect(index.laterKB).toBeGreaterThan(0.5);
    expect(index.laterKB).toBeLessThan(1.6);
    // /account had loaded the schema and zod: the step to /score loads nothing new later.
    const next = report.steps.find((s: Row) => s.from === "routes/account" && s.to === "routes/score")!;
    expect(next.laterKB).toBe(0);
    // /login had not: the step to /account loads them after it.
    const fromLogin = report.steps.find((s: Row) => s.from === "routes/login" && s.to === "routes/account")!;
    expect(fromLogin.laterKB).toBeGreaterThan(9.5);
  });
});
