/** The score step's "answered N of 12" follows the answers as they are given (issue 11). */
import { expect, test } from "./fixtures";
import { registerViaApi, signInViaApi } from "./journey";
import { NEEDS_JS } from "./projects";

test("the answered count moves with each answer, before any save", { tag: NEEDS_JS }, async ({ page }) => {
  await signInViaApi(page);
  await registerViaApi(page);
  await page.goto("/score");
  await expect(page.getByText("Vastatud küsimusi: 0, kokku 12.")).toBeVisible();
  // Without JavaScript the page is the server's: the count is of the saved answers.
  // Not in the js-off project: without JavaScript nothing runs between the server's pages
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await page.getByRole("group", { name: "Kas suitsetad?", exact: true }).getByRole("radio", { name: "Ei" }).check();
  await expect(page.getByText("Vastatud küsimusi: 1, kokku 12.")).toBeVisible();
  await page.getByRole("textbox", { name: "Sammude arv päevas" }).fill("8000");
  await expect(page.getByText("Vastatud küsimusi: 2, kokku 12.")).toBeVisible();
  await page.getByRole("slider", { name: /Uneaeg ööpäevas/ }).fill("7");
  await expect(page.getByText("Vastatud küsimusi: 3, kokku 12.")).toBeVisible();
  // A number not yet a number is no answer; emptied again, the count goes back.
  await page.getByRole("textbox", { name: "Sammude arv päevas" }).fill("");
  await expect(page.getByText("Vastatud küsimusi: 2, kokku 12.")).toBeVisible();
});
