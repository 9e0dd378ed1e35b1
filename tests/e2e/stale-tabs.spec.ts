/**
 * Two tabs of one customer (the race audit of 6 December): a form left open in one tab
 * while the other signs the offer, or signs out, saves nothing, and the page the post lands on
 * says so in the customer's language, with JavaScript and without.
 */
import { expect, expectNoAxeViolations, jsEnabled, stepFormReady, test } from "./fixtures";
import { api, customerOn, signViaApi } from "./journey";

test("a step's form left open while the offer is signed in another tab saves nothing, and the confirmation says so first", async ({ page }) => {
  await customerOn(page, "offer");
  await page.goto("/beneficiaries");
  if (jsEnabled()) await stepFormReady(page);
  await signViaApi(page);

  // Without JavaScript the label names both kinds of beneficiary.
  await page.getByLabel(/^Eesnimi/).fill("Jüri");
  await page.getByRole("main").getByRole("button", { name: "Salvesta ja jätka" }).click();
  await page.waitForURL((url) => url.pathname === "/confirmation");
  const notice = page.getByRole("status").filter({ hasText: "Saadetud andmeid ei salvestatud: see leht ei ole enam muudetav" });
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  await expectNoAxeViolations(page);
  const insurance = await api(page, "GET", "/api/onboarding/beneficiaries");
  expect(JSON.stringify(insurance)).not.toContain("Jüri");
});

test("a form sent after signing out in another tab is said not to be saved on the sign-in page", async ({ page }) => {
  await customerOn(page, "score");
  await page.goto("/account");
  if (jsEnabled()) await stepFormReady(page);
  await page.getByLabel("E-posti aadress").fill("teine.aken@example.com");
  await api(page, "POST", "/api/logout");

  await page.getByRole("button", { name: "Registreeri" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await expect(page.getByRole("status").filter({ hasText: "seega saadetud andmeid ei salvestatud. Logi uuesti sisse ja saada need uuesti." })).toBeVisible();
  await expectNoAxeViolations(page);
});
