/**
 * The route exports that keep a page on a failed request (app/components/request-failure.tsx,
 * docs/decisions/0050 and 0268), read from the route modules: one missing line brought back
 * the error page or a request storm, and nothing else noticed it.
 *
 * - every form of the sign-up's steps (the score's windows too) and of self-service exports `clientAction =
 *   stepClientAction` and a `shouldRevalidate` made by `keepOnFailure`;
 * - every route above such a form (the root, the self-service tabs' layout) reloads nothing
 *   after a failure either: its own reload fails offline and its ErrorBoundary replaces the form;
 * - every route with `clientLoader = stepClientLoader` keeps on failure: its bounce back to the
 *   page would reload the page, fail and bounce again, hundreds of times a second.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STEP_IDS } from "~/lib/onboarding";

const ROUTES = path.resolve("app/routes");
const routes = readdirSync(ROUTES)
  .filter((name) => /\.tsx$/.test(name))
  .map((name) => ({ id: name.replace(/\.tsx$/, ""), text: readFileSync(path.join(ROUTES, name), "utf8") }));
const root = { id: "root", text: readFileSync(path.resolve("app/root.tsx"), "utf8") };

const hasAction = (text: string) => /^export (async )?(function action\b|const action\b)/m.test(text);
const hasPage = (text: string) => /^export default function\b/m.test(text);
const keepsOnFailure = (text: string) => /^export const shouldRevalidate\b[^\n]*keep\w*OnFailure/m.test(text);

/** The score's windows (the health measurement, the activity tracker's consent): their forms are the score step's. */
const isPopupPage = (text: string) => /^export const handle = POPUP_PAGE;$/m.test(text);

/** A page's form of the sign-up or of self-service (a step, a route under /self-service, or a window of the score's). */
const forms = routes.filter(
  ({ id, text }) => hasAction(text) && hasPage(text) && ((STEP_IDS as readonly string[]).includes(id) || id.startsWith("self-service") || isPopupPage(text)),
);

/** The layouts a flat route is nested in: each prefix that is a route, unless a segment ends in "_" (not nested). */
function parents(id: string) {
  const segments = id.split(/\.(?![^[]*\])/);
  const found = [root];
  for (let i = 1; i < segments.length; i++) {
    if (segments[i - 1].endsWith("_")) continue;
    const parent = routes.find((route) => route.id === segments.slice(0, i).join("."));
    if (parent) found.push(parent);
  }
  return found;
}

describe("routes keep the page on a failed request", () => {
  it("finds the forms", () => {
    const ids = forms.map((form) => form.id);
    expect(ids).toEqual(expect.arrayContaining([...STEP_IDS, "self-service.beneficiaries", "self-service.user", "self-service.withdraw", "self-service_.user.contact", "self-service.score_.$id", "self-service.data", "health[.]html", "activity.consent"]));
    expect(parents("self-service.score_.$id").map((route) => route.id)).toEqual(["root", "self-service"]);
    expect(parents("self-service_.user.contact").map((route) => route.id)).toEqual(["root"]);
  });

  it.each(forms.map((form) => [form.id, form] as const))("%s: a failed save is the failure marker, and nothing reloads after it", (_, form) => {
    expect(form.text).toMatch(/^export const clientAction = stepClientAction;$/m);
    expect(keepsOnFailure(form.text)).toBe(true);
    for (const parent of parents(form.id)) expect(keepsOnFailure(parent.text), `${parent.id}, above ${form.id}`).toBe(true);
  });

  it("every self-service tab bounces a failed load back: a tab's link from a form with typed changes was the error page", () => {
    for (const tab of ["insurance", "services", "bills", "score", "data", "user"]) {
      const route = routes.find((r) => r.id === `self-service.${tab}`);
      expect(route?.text, tab).toMatch(/^export const clientLoader = stepClientLoader;$/m);
    }
  });

  it("every route that bounces a failed load back keeps on failure (no reload loop)", () => {
    const bouncing = routes.filter(({ text }) => /^export const clientLoader = stepClientLoader;$/m.test(text));
    expect(bouncing.length).toBeGreaterThan(0);
    for (const route of bouncing) expect(keepsOnFailure(route.text), route.id).toBe(true);
  });
});
