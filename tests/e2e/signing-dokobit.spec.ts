/**
 * Signing through Dokobit's frame (the fake gateway, tests/fakes/dokobit-gateway.ts), whose page
 * tells our page nothing without our script: the customer's "I have signed — continue" under the
 * frame (docs/decisions/0290). Run against the second server, set to Dokobit (`E2E_SIGNING=dokobit`,
 * projects dokobit-js-on and dokobit-js-off in playwright.config.ts): without JavaScript the
 * button loads the screen, with it the same question is asked without a page load.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, failedLoad, test } from "./fixtures";
import { api, customerOnOffer } from "./journey";
import { freshSignedCustomer } from "./policyholder";
import { timeLimit } from "./time-limits";

const CONSENTS = { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true };
const NOT_YET = "Allkirja pole veel saabunud";

/** The frame's signing, pressed on before it is signed (the same frame stays), then signed in the frame and continued. */
async function signThroughTheFrame(page: Page) {
  const frameElement = page.locator('iframe[title="Allkirjastamise aken"]');
  const frame = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await expect(frame.getByRole("heading", { name: "Dokobit Documents Gateway (fake)" })).toBeVisible();
  const shown = await frameElement.getAttribute("src");
  const continueButton = page.getByRole("button", { name: "Allkirjastasin – jätka" });

  await continueButton.click();
  await expect(page.getByRole("status").filter({ hasText: NOT_YET })).toBeVisible();
  // The same signing, not a new one (which would end the one being signed).
  await expect(frameElement).toHaveAttribute("src", shown!);
  await expect(frame.getByRole("button", { name: "Allkirjasta" })).toBeVisible();
  await expectNoAxeViolations(page);

  await frame.getByRole("button", { name: "Allkirjasta" }).click();
  await expect(frame.getByText("signed", { exact: true })).toBeVisible();
  await continueButton.click();
}

test("the offer signed in Dokobit's frame goes on to /confirmation by 'I have signed — continue'", async ({ page, allowConsoleErrors }) => {
  test.slow();
  // With JavaScript the first press is answered 409 (not signed yet) before the notice.
  allowConsoleErrors(failedLoad(409));
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  await page.goto("/offer?step=signing");
  await expectNoAxeViolations(page);
  await signThroughTheFrame(page);
  await page.waitForURL("**/confirmation");
  await expect(page.getByRole("heading", { name: "Aitäh!", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a policyholder's beneficiary change signed in Dokobit's frame goes on to its done page the same way", async ({ page, allowConsoleErrors }) => {
  test.setTimeout(timeLimit(180_000));
  allowConsoleErrors(failedLoad(409));
  await freshSignedCustomer(page, { inForce: true });
  const beneficiaries = [{ type: "P", firstName: "Peeter", name: "Pärn", idCode: "37605030299", sharePercent: 100, email: "peeter@example.com", phone: "+372 5111 2222" }];
  await api(page, "POST", "/api/self-service/beneficiaries/change", { beneficiaries });
  await page.goto("/self-service/beneficiaries/sign");
  await signThroughTheFrame(page);
  await page.waitForURL("**/self-service/insurance?beneficiaries=signed");
  await expect(page.getByRole("status").filter({ hasText: "Kehtib poliisi versioon 2." })).toBeVisible();
});
