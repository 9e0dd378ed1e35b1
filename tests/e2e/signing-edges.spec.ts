/**
 * The signing at its edges as a customer meets them (docs/audit-2026-12-01.md, "Audit of the
 * signing"): two tabs, each with its own signing; the session ended while the customer signed
 * (docs/decisions/0289).
 */
import { expect, expectNoAxeViolations, failedLoad, submitSignIn, test } from "./fixtures";
import { api, customerOnOffer, savePackageViaApi } from "./journey";
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

// With JavaScript only: without it, "try again" loads the signing screen, whose loader sends the
// customer to /offer in the same case (tests/integration/consents-for-the-offer-shown.test.ts).
test("a signing tried again after the offer changed goes back to the offer to be confirmed, not to a dead end (decision 0400)", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  // The browser logs the refused start (409) the screen answers by going back.
  allowConsoleErrors(failedLoad(409));
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  await page.goto("/offer?step=signing");
  const frame = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await frame.getByRole("button", { name: "Katkesta" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Sa katkestasid allkirjastamise." })).toBeVisible();
  // Another tab saves the package again: a dearer offer than the one confirmed.
  await savePackageViaApi(page, { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL", "PHYSIO"] });
  await page.getByRole("button", { name: "Proovi uuesti" }).click();
  await page.waitForURL((url) => url.pathname === "/offer" && !url.search.includes("step=signing"));
  await expect(page.getByLabel("Kinnitan, et taotluses esitatud andmed on õiged ja täielikud.")).not.toBeChecked();
  await expect(page.getByText("Sinu pakkumine on pärast kinnitamist muutunud")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the signing screen opened again after the offer changed goes back to the offer, which says why the consents are unticked (decision 0400)", async ({ page }) => {
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  await savePackageViaApi(page, { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL", "PHYSIO"] });
  await page.goto("/offer?step=signing&lng=en");
  await page.waitForURL((url) => url.pathname === "/offer" && !url.search.includes("step=signing"));
  await expect(page.getByText("Your offer has changed since you confirmed it")).toBeVisible();
  await expect(page.getByLabel("I confirm that the information in the application is correct and complete.")).not.toBeChecked();
  await expectNoAxeViolations(page);
});

// The server's idle end needs its clock moved (tests/integration/signing-edges.test.ts); here the
// session is gone as the browser sees it then: its cookie no longer signs anyone in.
test("the session ended while the customer signed: after signing in again the signature is concluded, not asked again", async ({ page, context, allowConsoleErrors }) => {
  test.slow();
  // With JavaScript the screen's completion call is answered 401 before it sends the customer to sign in.
  allowConsoleErrors(failedLoad(401));
  const code = await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  await page.goto("/offer?step=signing");
  const frame = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await expect(frame.getByRole("button", { name: "Allkirjasta" })).toBeVisible();
  await context.clearCookies({ name: "session" });

  await frame.getByRole("button", { name: "Allkirjasta" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(/^\/offer\?step=signing/);
  await submitSignIn(page, code);
  // Back on the signing screen, which completes the signature recorded: no second signing.
  await page.waitForURL("**/confirmation");
  await expect(page.getByRole("heading", { name: "Aitäh!", level: 1 })).toBeVisible();
  await expect(page.getByText("ei õnnestunud")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

// With JavaScript only: the provider's failure to confirm is the /api's answer here (the demo
// provider always answers; Dokobit's failures are tests/integration/signing-edges.test.ts, whose
// screen without JavaScript asks again by its load).
test("a signature the provider could not confirm yet: 'try again' asks about the same signing and concludes it, no second signing", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(failedLoad(503));
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  await page.goto("/offer?step=signing");
  const frame = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await expect(frame.getByRole("button", { name: "Allkirjasta" })).toBeVisible();
  // The provider does not answer the first completion.
  const completions: string[] = [];
  let starts = 0;
  page.on("request", (request) => void (request.url().endsWith("/api/sign/init") && starts++));
  await page.route("**/api/sign/complete", async (route) => {
    completions.push(JSON.parse(route.request().postData() ?? "{}").signingToken);
    if (completions.length > 1) return route.continue();
    await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ errors: [{ code: "error.signing_unconfirmed" }] }) });
  });

  await frame.getByRole("button", { name: "Allkirjasta" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Allkirja ei saanud veel kinnitada" });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("button", { name: "Allkirjasta uuesti" })).toBeVisible();
  await expectNoAxeViolations(page);
  await alert.getByRole("button", { name: "Proovi uuesti" }).click();
  await page.waitForURL("**/confirmation");
  await expect(page.getByRole("heading", { name: "Aitäh!", level: 1 })).toBeVisible();
  expect(completions).toHaveLength(2);
  expect(completions[1]).toBe(completions[0]);
  expect(starts).toBe(0);
});
