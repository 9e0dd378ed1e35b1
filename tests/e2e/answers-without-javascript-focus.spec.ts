/**
 * Without JavaScript a post the page answers with itself starts where the answer is, as a
 * failed save starts at its error summary (docs/decisions/0060) and the quote's price does
 * (app/components/quote.tsx): the package's "Arvuta uuesti" at the new estimate, the
 * questionnaire's body-mass limit at the limit. Both used to leave focus on <body>: a keyboard
 * or screen-reader customer started again at the page's top, the new price or the refusal
 * many Tab presses below.
 */
import { et } from "~/locales/questionnaire";
import { expect, failedLoad, test } from "./fixtures";
import { customerOn, customerOnBeneficiaries, customerOnPackage, customerOnQuestionnaire } from "./journey";
import { WITHOUT_JS } from "./projects";

// Only without JavaScript: with it the estimate is live (announced, decision 0061) and the
// body-mass limit is checked as the customer types (the weight keeps focus).
test("the package's recalculation lands on the new estimate", { tag: WITHOUT_JS }, async ({ page }) => {
  await customerOnPackage(page);
  await page.goto("/package");
  await page.getByRole("textbox", { name: "Elukindlustuse kaitse eurodes" }).fill("120000");
  await page.getByRole("button", { name: "Arvuta uuesti" }).click();
  await expect(page.getByRole("textbox", { name: "Elukindlustuse kaitse eurodes" })).toHaveValue("120000");
  await expect(page.getByRole("region", { name: "Igakuise makse hinnang" })).toBeFocused();
});

test("the questionnaire's body-mass limit, refused on save, takes focus", { tag: WITHOUT_JS }, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await customerOnQuestionnaire(page);
  await page.goto("/questionnaire");
  await page.getByLabel(et["questionnaire.height"]).fill("150");
  await page.getByLabel(et["questionnaire.weight"]).fill("150");
  await page.getByRole("button", { name: et["questionnaire.submit"] }).click();
  await expect(page).toHaveTitle("Viga: terviseankeet | Elukaitse");
  await expect(page.getByText(et["error.bmi_limit"])).toBeFocused();
});

test("the beneficiaries' add lands on the new person, remove on the add button (decision 0402)", { tag: WITHOUT_JS }, async ({ page }) => {
  await customerOnBeneficiaries(page);
  await page.goto("/beneficiaries");
  await page.getByRole("button", { name: "Lisa soodustatud isik" }).click();
  await expect(page.getByRole("heading", { name: "Soodustatud isik 2" })).toBeFocused();
  await page.getByRole("button", { name: "Eemalda soodustatud isik 2" }).click();
  await expect(page.getByRole("heading", { name: "Soodustatud isik 2" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Lisa soodustatud isik" })).toBeFocused();
});

// Not about focus, found by the same audit: a radio beside a label of two lines shrank in its
// flex row (the score's diet options in Russian at 320 px: 19 × 24 px, an oval, and its label
// out of line with the others); the checkboxes already kept their size (`flex: none`).
test("a radio keeps its 24 px square beside a label of two lines", async ({ page }) => {
  await customerOn(page, "score");
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/score?lng=ru");
  const sizes = await page.locator(".radio input").evaluateAll((inputs) => inputs.map((input) => `${Math.round(input.getBoundingClientRect().width)}x${Math.round(input.getBoundingClientRect().height)}`));
  expect(sizes.length).toBeGreaterThan(0);
  expect(new Set(sizes)).toEqual(new Set(["24x24"]));
});
