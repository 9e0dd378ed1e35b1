/**
 * State knowledge only in the onboarding table (issue 23 item 1, docs/decisions/0160): the
 * states on the way through the steps (every state that lands on a step: their meaning moves
 * when a step is added) are named by app/lib/onboarding.ts alone. The code outside asks the
 * table (`TRANSITIONS.signed.from`, `isAgeRechecked`, `CHANGE_REQUIRED`, `isFirstState`,
 * `wayThrough`), and a test puts a customer at a step by walking the table
 * (tests/support/walk.ts), never by writing a state's name into the database.
 *
 * Allowed, and why:
 * - the table itself;
 * - tests/unit: the pure rules take a state as their input (no database to put it in), and
 *   tests/unit/onboarding.test.ts and route-access.test.ts write the table out by hand on purpose;
 * - inside an `expect(…)` anywhere in tests/: what a save moves to is the spec (SPEC.md section 4
 *   names the states); an assertion names its outcome, a fixture never its starting point.
 *
 * The states that land outside the steps (SERVICE_UNAVAILABLE, AGREEMENT_SIGNED, EUW,
 * SELF_SERVICE, WITHDRAWN, CANCELLED) are the table's outcomes, the same whatever the steps;
 * three of them are also policy statuses in SQL. They are not scanned.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isStepId, landing, STATES, STEP_IDS } from "~/lib/onboarding";
import { sourceFiles } from "../support/source-files";

/** The states on the way through the steps, from the table: a state added there is scanned for too. */
const STEP_STATES = STATES.filter((state) => isStepId(landing(state)));

const TABLE = "app/lib/onboarding.ts";
const files = (dir: string): string[] => sourceFiles(dir, /\.(tsx?|mjs)$/);

/** Whether `node` sits inside an `expect(…)` call chain (`expect(x).toBe("…")`, `expect.soft(…)`). */
function inExpect(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (!ts.isCallExpression(at)) continue;
    let callee: ts.Expression = at.expression;
    while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee)) callee = ts.isCallExpression(callee) ? callee.expression : callee.expression;
    if (ts.isIdentifier(callee) && callee.text === "expect") return true;
  }
  return false;
}

/** Each step state named in a string (a whole literal, or quoted inside one: SQL), with its line. */
function namedStates(file: string): { state: string; line: number; inExpect: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { state: string; line: number; inExpect: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const state of STEP_STATES) {
        if (node.text === state || new RegExp(`['"]${state}['"]`).test(node.text)) {
          found.push({ state, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, inExpect: inExpect(node) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("state names outside the onboarding table", () => {
  it("the scan knows the step states and finds them in the table", () => {
    expect(STEP_STATES.length).toBeGreaterThanOrEqual(STEP_IDS.length);
    expect(new Set(namedStates(TABLE).map((n) => n.state))).toEqual(new Set(STEP_STATES));
  });

  it("app/ and scripts/ name no step state outside the table", { timeout: 120_000 }, () => {
    const named = [...files("app"), ...files("scripts")].filter((file) => file !== TABLE).flatMap((file) => namedStates(file).map((n) => `${file}:${n.line} ${n.state}`));
    expect(named).toEqual([]);
  });

  it("tests/ name a step state only in an assertion (outside tests/unit)", { timeout: 120_000 }, () => {
    const named = files("tests")
      .filter((file) => !file.startsWith("tests/unit/"))
      .flatMap((file) => namedStates(file).filter((n) => !n.inExpect).map((n) => `${file}:${n.line} ${n.state}`));
    expect(named).toEqual([]);
  });
});
