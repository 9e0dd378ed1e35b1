// The JavaScript budgets (docs/decisions/0042-first-visit-javascript.md), checked on the built
// manifest by `npm run test:e2e` (scripts/js-budget.mjs) and reported by `npm run bench`.
import { additionalJs, firstVisitFiles, gzipKB, laterFiles, routeFiles } from "./javascript.mjs";

/** gzip KB a first visit of any page may load. */
export const FIRST_VISIT_KB = 110;
/** gzip KB a client navigation to the next page may add to what the page before loaded. */
export const PER_STEP_KB = 20;

/** The navigations customers make, [from, to]: the sign-up in order, then self-service. */
export const STEPS = [
  ["routes/_index", "routes/login"],
  ["routes/login", "routes/account"],
  ["routes/account", "routes/score"],
  ["routes/score", "routes/package"],
  ["routes/package", "routes/questionnaire"],
  ["routes/questionnaire", "routes/beneficiaries"],
  ["routes/beneficiaries", "routes/offer"],
  ["routes/offer", "routes/confirmation"],
  ["routes/self-service._index", "routes/self-service.insurance"],
  ["routes/self-service.insurance", "routes/self-service.bills"],
  ["routes/self-service.bills", "routes/self-service.bills_.$pid"],
  ["routes/self-service.insurance", "routes/self-service.services"],
  ["routes/self-service.insurance", "routes/self-service.score"],
  ["routes/self-service.score", "routes/self-service.score_.$id"],
  ["routes/self-service.insurance", "routes/self-service.user"],
  ["routes/self-service.insurance", "routes/self-service.documents.$kind"],
];

/**
 * Pages still over a budget, each with the most it may load until it is cut: their figure
 * when it was written down, rounded up to the next whole KB (a ratchet: more fails, and so
 * does an entry no longer over). Raising or adding a ceiling is a decision to write down
 * (docs/decisions/0043 brought the form pages and the step to a score period within budget;
 * 0115 took the score pages back under 110 rather than raise their ceilings, 0331 /offer).
 * @type {{ firstVisit: Record<string, number>, step: Record<string, number> }}
 */
const OVER_BUDGET = { firstVisit: {}, step: {} };

/**
 * Every page's first visit and every step's addition, each with its limit and whether it is
 * within it. The limits hold what the page loads before it is interactive; `laterKB` is what
 * its scripts may load with `import()` after that (after hydration, or on demand), reported
 * beside it and not held to a limit (docs/decisions/0043).
 */
export function budgetReport(manifest, publicDir = "public", over = OVER_BUDGET) {
  const pages = Object.keys(manifest.routes)
    .filter((id) => id !== "root")
    .map((id) => {
      const kb = gzipKB(firstVisitFiles(manifest, id), publicDir);
      const limit = over.firstVisit[id] ?? FIRST_VISIT_KB;
      return { route: id, gzipKB: kb, laterKB: gzipKB(laterFiles(manifest, id, publicDir), publicDir), limitKB: limit, ok: kb <= limit };
    });
  const steps = STEPS.filter(([from, to]) => manifest.routes[from] && manifest.routes[to]).map(([from, to]) => {
    const kb = additionalJs(manifest, to, from, publicDir).fromPrevious;
    const limit = over.step[`${from} → ${to}`] ?? PER_STEP_KB;
    // What the page before had loaded by then (its later files too), and this page's scripts.
    const before = new Set([...firstVisitFiles(manifest, from), ...laterFiles(manifest, from, publicDir)]);
    const loaded = new Set([...before, ...routeFiles(manifest, to)]);
    return { from, to, gzipKB: kb, laterKB: gzipKB(laterFiles(manifest, to, publicDir, loaded), publicDir), limitKB: limit, ok: kb <= limit };
  });
  const stale = [
    ...Object.keys(over.firstVisit).filter((id) => !pages.some((p) => p.route === id && p.gzipKB > FIRST_VISIT_KB)),
    ...Object.keys(over.step).filter((key) => !steps.some((s) => `${s.from} → ${s.to}` === key && s.gzipKB > PER_STEP_KB)),
  ];
  const missing = STEPS.flat().filter((id) => !manifest.routes[id]);
  return { pages, steps, stale, missing, ok: pages.every((p) => p.ok) && steps.every((s) => s.ok) && !stale.length && !missing.length };
}
