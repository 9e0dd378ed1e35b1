// `node scripts/js-budget.mjs` after `npm run build` (npm run test:e2e runs it): fails when a
// page's first visit or a step's addition of gzip JavaScript is over its budget
// (scripts/bench/js-budget.mjs, docs/decisions/0042-first-visit-javascript.md).
import { readManifest } from "./bench/javascript.mjs";
import { budgetReport, FIRST_VISIT_KB, PER_STEP_KB } from "./bench/js-budget.mjs";

const report = budgetReport(readManifest());
const mark = (row) => (row.ok ? "" : `  OVER (limit ${row.limitKB})`);
const failures = [
  ...report.pages.filter((p) => !p.ok).map((p) => `first visit of ${p.route}: ${p.gzipKB} KB > ${p.limitKB} KB`),
  ...report.steps.filter((s) => !s.ok).map((s) => `step ${s.from} → ${s.to}: ${s.gzipKB} KB > ${s.limitKB} KB`),
  ...report.stale.map((id) => `${id} is within budget now: remove it from OVER_BUDGET in scripts/bench/js-budget.mjs`),
  ...report.missing.map((id) => `no route ${id} in the build: update STEPS in scripts/bench/js-budget.mjs`),
];
// "later": what the page's scripts load with import() once it is interactive (the forms'
// schemas and zod, the session warning) or on demand (the activity tracker's flow): not in the
// budget, which is what loads before the page is interactive, but printed beside it.
const later = (row) => `   later ${String(row.laterKB).padStart(5)}`;
if (process.argv.includes("--verbose") || failures.length) {
  console.log(`First-visit JavaScript, gzip KB (budget ${FIRST_VISIT_KB}), and what loads later (after hydration or on demand):`);
  for (const p of report.pages) console.log(`  ${p.route.padEnd(38)} ${String(p.gzipKB).padStart(6)}${later(p)}${mark(p)}`);
  console.log(`Added by a step, gzip KB (budget ${PER_STEP_KB}), and what loads later:`);
  for (const s of report.steps) console.log(`  ${`${s.from} → ${s.to}`.padEnd(66)} ${String(s.gzipKB).padStart(6)}${later(s)}${mark(s)}`);
}
if (failures.length) {
  console.error(`\nJavaScript budget exceeded:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
const over = (rows, budget) => rows.filter((r) => r.gzipKB > budget).length;
const most = (rows, key) => Math.max(0, ...rows.map((r) => r[key]));
console.log(
  `JavaScript budget: ${report.pages.length} pages (${over(report.pages, FIRST_VISIT_KB)} over ${FIRST_VISIT_KB} KB, within their recorded ceilings), ` +
    `${report.steps.length} steps (${over(report.steps, PER_STEP_KB)} over ${PER_STEP_KB} KB, within theirs). ` +
    `Loaded later (after hydration or on demand, not in the budget): up to ${most(report.pages, "laterKB")} KB a page (--verbose: each).`,
);
