/**
 * The offer's signing screen hydrated after the page (docs/decisions/0331), with JavaScript (without
 * it the screen is the server's, as tests/e2e/offer.spec.ts signs): the offer's form loads the
 * screen's code once it is interactive, not before; a page load of the screen works while its
 * code is on its way, and a signature given then is concluded at once; code that cannot load
 * leaves a page load's screen as the server sent it, and is said after a save.
 */
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures";
import { api, customerOnOffer, offerConfirmation } from "./journey";
import { NEEDS_JS } from "./projects";

/** The signing screen's code (the build's chunk for app/components/offer/signing.tsx). */
const SIGNING_CODE = /\/build\/_shared\/signing-[A-Z0-9]+\.js$/;
const CONSENTS = { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true };
const FRAME = 'iframe[title="Allkirjastamise aken"]';

test("the offer's form loads the signing's code once hydrated, and its save shows the screen", { tag: NEEDS_JS }, async ({ page }) => {
  test.slow();
  const asked: string[] = [];
  page.on("request", (request) => void (SIGNING_CODE.test(request.url()) && asked.push(request.url())));
  const dialog = await offerConfirmation(page);
  // Not in the page's first flight: its scripts and preloads do not name it.
  const named = await page.locator("script[src], link[rel=modulepreload]").evaluateAll((elements) => elements.map((element) => element.getAttribute("src") ?? element.getAttribute("href")));
  expect(named.filter((url) => url && SIGNING_CODE.test(url))).toEqual([]);
  await expect.poll(() => asked.length).toBe(1);

  await dialog.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();
  await expect(page.getByRole("heading", { name: "Lepingu allkirjastamine" })).toBeVisible();
  await page.frameLocator(FRAME).getByRole("button", { name: "Allkirjasta" }).click();
  await page.waitForURL("**/confirmation");
  expect(asked).toHaveLength(1);
});

test("a page load of the signing screen works before its code is there; a signature given meanwhile is concluded at once", { tag: NEEDS_JS }, async ({ page }) => {
  test.slow();
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(SIGNING_CODE, async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  await page.goto("/offer?step=signing");
  await hydrated(page);
  await expect.poll(() => asked).toBe(1);

  // The page is hydrated, the screen is still the server's and hears nothing: the frame's form
  // posts to the page, which signs and concludes (docs/decisions/0381).
  await page.frameLocator(FRAME).getByRole("button", { name: "Allkirjasta" }).click();
  await page.waitForURL("**/confirmation");
  await expect(page.getByRole("heading", { name: "Aitäh!", level: 1 })).toBeVisible();
  release();
});

test("the signing's code cannot load: the save says so, and 'try again' loads the screen as a page", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(/Failed to load resource: net::ERR_FAILED/);
  await page.route(SIGNING_CODE, (route) => route.abort());
  const dialog = await offerConfirmation(page);
  await dialog.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Tehniline viga. Palun proovi hiljem uuesti." });
  await expect(alert).toBeFocused();
  await expect(page).toHaveURL(/\/offer\?step=signing$/);
  await expectNoAxeViolations(page);

  await page.unroute(SIGNING_CODE);
  await alert.getByRole("button", { name: "Proovi uuesti" }).click();
  await page.frameLocator(FRAME).getByRole("button", { name: "Allkirjasta" }).click();
  await page.waitForURL("**/confirmation");
});

test("a page load of the signing screen whose code cannot load keeps the server's screen: it signs as without JavaScript", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(/Failed to load resource: net::ERR_FAILED/);
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  let aborted = 0;
  await page.route(SIGNING_CODE, (route) => (aborted++, route.abort()));
  await page.goto("/offer?step=signing");
  await hydrated(page);
  await expect.poll(() => aborted).toBe(1);

  await expect(page.getByRole("heading", { name: "Lepingu allkirjastamine" })).toBeVisible();
  await expect(page.getByText("Tehniline viga")).toHaveCount(0);
  await page.frameLocator(FRAME).getByRole("button", { name: "Allkirjasta" }).click();
  await page.waitForURL("**/confirmation");
  await expect(page.getByRole("heading", { name: "Aitäh!", level: 1 })).toBeVisible();
});
