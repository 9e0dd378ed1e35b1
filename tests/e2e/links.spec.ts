/**
 * Back and the step dots come from the onboarding table (app/lib/onboarding.ts) and are right
 * after every kind of arrival at a step (issue 11): a page load, a step-dot navigation, the
 * browser's back button, the redirect after a save, and (JavaScript on) a navigation that
 * failed and left the customer where they were.
 */
import type { Page } from "@playwright/test";
import { placePath, STEP_IDS, STEPS, stepOf, type StepId } from "~/lib/onboarding";
import et from "~/locales/et";
import { backPath } from "~/lib/route-access";
import { expect, jsEnabled, test } from "./fixtures";
import { customerOnOffer } from "./journey";
import { NEEDS_JS } from "./projects";

/** A dot's accessible name: the step's name (steps.<id>, whatever the steps), and ", tehtud" once it is done (issue 12). */
const dotName = (step: StepId) => new RegExp(`^${et[`steps.${step}`]}(, tehtud)?$`);

const dots = (page: Page) => page.getByRole("navigation", { name: "Taotluse sammud" });
const hydrated = (page: Page) =>
  jsEnabled() ? page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true) : Promise.resolve();

/** The steps with a Back link on their form: each with a step before it, but the offer (its page has no Back link). */
const WITH_BACK: StepId[] = STEPS.filter((s) => s.back !== null && s.next !== "confirmation").map((s) => s.id);

/** On `step`: every other step's dot goes to its path, and Back (where the form has one) to the step before. */
async function expectLinks(page: Page, step: StepId) {
  await expect(page).toHaveURL(new RegExp(`${placePath(step)}$`));
  for (const other of STEP_IDS) {
    if (other === step) continue;
    await expect(dots(page).getByRole("link", { name: dotName(other) })).toHaveAttribute("href", placePath(other));
  }
  if (WITH_BACK.includes(step)) await expect(page.getByRole("link", { name: "Tagasi", exact: true })).toHaveAttribute("href", backPath(step)!);
}

/** Follows Back and checks where it went. */
async function followBack(page: Page, step: StepId) {
  await page.getByRole("link", { name: "Tagasi", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${backPath(step)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

for (const step of WITH_BACK) {
  test(`${step}: Back and the step dots after a page load, a step-dot navigation and the back button`, async ({ page }) => {
    test.slow();
    await customerOnOffer(page);

    await page.goto(placePath(step));
    await hydrated(page);
    await expectLinks(page, step);
    await followBack(page, step);

    // Arrived by a step dot.
    await hydrated(page);
    await dots(page).getByRole("link", { name: dotName(step) }).click();
    await expectLinks(page, step);
    await followBack(page, step);

    // Arrived by the browser's back button (from the step Back led to, itself reached by Back).
    await page.goBack();
    await expectLinks(page, step);
    await followBack(page, step);
  });
}

test("after the redirect of a save: the next step's Back and dots", async ({ page }) => {
  test.slow();
  await customerOnOffer(page);
  await page.goto("/package");
  await hydrated(page);
  await page.getByRole("button", { name: "Salvesta ja jätka" }).click();
  const afterPackage = stepOf("package").next as StepId;
  await expectLinks(page, afterPackage);
  await followBack(page, afterPackage);
  await expectLinks(page, "package");

  await page.goto("/account");
  await hydrated(page);
  await page.getByRole("button", { name: "Registreeri" }).click();
  await expectLinks(page, "score");
  await followBack(page, "score");
  await expectLinks(page, "account");
});

test("after a navigation that failed: the page's Back and dots still go where they should", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  // Without JavaScript a failed navigation is the browser's own error page.
  // Not in the js-off project: the browser's own navigation has no client half
  allowConsoleErrors(/Failed to load resource/);
  await customerOnOffer(page);
  await page.goto("/beneficiaries");
  await hydrated(page);
  let failed = false;
  await page.route(
    (url) => url.pathname === "/account.data",
    (route) => (failed ? route.fallback() : ((failed = true), route.abort("internetdisconnected"))),
  );
  await dots(page).getByRole("link", { name: dotName("account") }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Tehniline viga" })).toBeVisible();
  await expectLinks(page, "beneficiaries");
  await followBack(page, "beneficiaries");
  await expectLinks(page, "questionnaire");
});
