/**
 * The signing at its edges as a customer meets them (docs/audit-2026-12-01.md, "Audit of the
 * signing"): two tabs, each with its own signing.
 */
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { api, customerOnOffer } from "./journey";
import { NEEDS_JS } from "./projects";

const CONSENTS = { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true };

// With JavaScript only: without it, "try again" after the cancel is a new load of the signing
// screen, which starts a new signing and so ends the other tab's, as every start does.
test("the first tab's cancel leaves the second tab's newer signing as it was: it signs and reaches /confirmation", { tag: NEEDS_JS }, async ({ page, context }) => {
  test.slow();
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  await page.goto("/offer?step=signing");
  const first = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await expect(first.getByRole("button", { name: "Allkirjasta" })).toBeVisible();
  const second = await context.newPage();
  await second.goto("/offer?step=signing");
  const secondFrame = second.frameLocator('iframe[title="Allkirjastamise aken"]');
  await expect(secondFrame.getByRole("button", { name: "Allkirjasta" })).toBeVisible();

  await first.getByRole("button", { name: "Katkesta" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Sa katkestasid allkirjastamise." })).toBeVisible();
  await secondFrame.getByRole("button", { name: "Allkirjasta" }).click();
  await second.waitForURL("**/confirmation");
  await expect(second.getByRole("heading", { name: "Aitäh!", level: 1 })).toBeVisible();
  await expectNoAxeViolations(second);
});
