// The JavaScript budgets (docs/decisions/0042-first-visit-javascript.md), checked on the built
// manifest by `npm run test:e2e` (scripts/js-budget.mjs) and reported by `npm run bench`.
import { additionalJs, firstVisitFiles, gzipKB } from "./javascript.mjs";

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
 * when this was written, rounded up to the next whole KB (a ratchet: more fails, and so does
 * an entry no longer over). They are the form pages: the framework (about 84 KB) with the
 * app's shell leaves 21 KB, of which conform (9.4) and zod's mini build (7.9) take 17, and
 * the page's own code is 7–16 KB. docs/decisions/0042-first-visit-javascript.md says what
 * would close the rest.
 * @type {{ firstVisit: Record<string, number>, step: Record<string, number> }}
 */
export const OVER_BUDGET = {
  firstVisit: {
    // Issue 12 (focus, required marks, the estimate's announcement) added 0.6–1.3 KB each:
    // docs/decisions/0060-focus-and-announcements.md. Issue 11 (a failed save or navigation
    // keeps the page, the session warning and drafts, in the root of every page) about 3.5:
    // docs/decisions/0050.
    "routes/account": 118,
    "routes/beneficiaries": 120,
    "routes/offer": 121,
    "routes/package": 123,
    "routes/questionnaire": 121,
    "routes/score": 123,
    "routes/self-service.score_.$id": 124,
  },
  step: {
    "routes/self-service.score → routes/self-service.score_.$id": 30,
  },
};

/** Every page's first visit and every step's addition, each with its limit and whether it is within it. */
export function budgetReport(manifest, publicDir = "public", over = OVER_BUDGET) {
  const pages = Object.keys(manifest.routes)
    .filter((id) => id !== "root")
    .map((id) => {
      const kb = gzipKB(firstVisitFiles(manifest, id), publicDir);
      const limit = over.firstVisit[id] ?? FIRST_VISIT_KB;
      return { route: id, gzipKB: kb, limitKB: limit, ok: kb <= limit };
    });
  const steps = STEPS.filter(([from, to]) => manifest.routes[from] && manifest.routes[to]).map(([from, to]) => {
    const kb = additionalJs(manifest, to, from, publicDir).fromPrevious;
    const limit = over.step[`${from} → ${to}`] ?? PER_STEP_KB;
    return { from, to, gzipKB: kb, limitKB: limit, ok: kb <= limit };
  });
  const stale = [
    ...Object.keys(over.firstVisit).filter((id) => !pages.some((p) => p.route === id && p.gzipKB > FIRST_VISIT_KB)),
    ...Object.keys(over.step).filter((key) => !steps.some((s) => `${s.from} → ${s.to}` === key && s.gzipKB > PER_STEP_KB)),
  ];
  const missing = STEPS.flat().filter((id) => !manifest.routes[id]);
  return { pages, steps, stale, missing, ok: pages.every((p) => p.ok) && steps.every((s) => s.ok) && !stale.length && !missing.length };
}
