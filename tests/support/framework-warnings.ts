/**
 * Set up before every integration file (vitest.config.ts): a test during which Remix or React
 * warned on the console fails. In production those warnings are lines outside the JSON log,
 * written at every request that meets them: `/session`'s `data()` made Remix warn at each
 * press of "continue" (and dropped its 401 and its cleared cookie), and a beneficiaries page
 * answered with two rows made React warn of rows without a key (docs/decisions/0334).
 */
import { afterEach } from "vitest";

/** The starts of what Remix (its future-change notices) and React (development warnings) write. */
const FRAMEWORK = /^(⚠️ REMIX|Warning: )/;

/** What was heard since the last test ended: one list per worker, the console wrapped once (files share a worker). */
const shared = globalThis as { frameworkWarnings?: string[] };
const heard = shared.frameworkWarnings ?? (shared.frameworkWarnings = []);
if (!Object.hasOwn(console.warn, "framework")) {
  for (const level of ["warn", "error"] as const) {
    const write = console[level].bind(console);
    console[level] = Object.assign(
      (...args: unknown[]) => {
        if (typeof args[0] === "string" && FRAMEWORK.test(args[0])) heard.push(args[0].split("\n")[0]);
        write(...args);
      },
      { framework: true },
    );
  }
}

afterEach(() => {
  const said = heard.splice(0);
  if (said.length) throw new Error(`the framework warned during this test:\n- ${said.join("\n- ")}`);
});
