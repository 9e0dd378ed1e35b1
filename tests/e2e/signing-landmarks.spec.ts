/**
 * The signing screens beside the demo signing's frame, with JavaScript on and off: the frame's
 * document has a <main> of its own, which a screen reader lists with the page's landmarks (and
 * axe's landmark-unique compares with them), so it is named by its heading; axe is clean on the
 * onboarding's signing screen, the beneficiary change's and the withdrawal's e-ID confirmation.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { api, customerOnOffer } from "./journey";
import { freshSignedCustomer } from "./policyholder";
import { timeLimit } from "./time-limits";

const signingFrame = (page: Page) => page.frameLocator('iframe[title="Allkirjastamise aken"]');

test("the onboarding's signing screen: the frame's main landmark is named, axe clean", async ({ page }) => {
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true });
  await page.goto("/offer?step=signing");
  await expect(page.getByRole("heading", { name: "Lepingu allkirjastamine" })).toBeVisible();
  await expect(signingFrame(page).getByRole("button", { name: "Allkirjasta" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(signingFrame(page).getByRole("main", { name: "Allkirjastamine (demo)" })).toBeVisible();
});

test("the beneficiary change's signing screen and the withdrawal's e-ID confirmation: axe clean", async ({ page }) => {
  test.setTimeout(timeLimit(180_000));
  await freshSignedCustomer(page, { inForce: true });
  await page.goto("/self-service/beneficiaries");
  await page.getByRole("group", { name: "Soodustatud isik 1" }).getByLabel("E-posti aadress").fill("maastik@example.com");
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  await expect(page).toHaveURL("/self-service/beneficiaries/sign");
  await expect(signingFrame(page).getByRole("button", { name: "Allkirjasta" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(signingFrame(page).getByRole("main", { name: "Allkirjastamine (demo)" })).toBeVisible();

  await page.goto("/self-service/withdraw");
  await expect(page.getByRole("heading", { level: 2, name: "Lepingust taganemine" })).toBeVisible();
  await expect(page.getByLabel("Isikukood")).toBeVisible();
  await expectNoAxeViolations(page);
});
