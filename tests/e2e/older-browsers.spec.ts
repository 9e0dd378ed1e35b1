/**
 * Browsers older than the suite's Chromium that still run our module scripts (their syntax is
 * ES2022's: Safari 14.1, Chrome 92, Firefox 90) but lack a web API the enhanced page uses. Each
 * is made here by taking that API away before the page's scripts run. Such a page either works
 * fully enhanced or stays the server's plain page, as without JavaScript: never a page whose
 * script breaks halfway (a dialog that throws instead of opening, a save that never goes).
 */
import type { Page } from "@playwright/test";
import { ANALYTICS_CONSENT_COOKIE, consentBanner, consentBannerReady, expect, test } from "./fixtures";
import { api, customerOnOffer, customerOnPackage, signInViaApi } from "./journey";
import { NEEDS_JS } from "./projects";

/** What each browser lacks, and how it is taken away from Chromium before the page's scripts run. */
const LACKING = {
  // Safari before 15.4: no <dialog> (the session warning, the unsaved-changes and confirmation modals).
  "<dialog>": () => {
    delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
    delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close;
  },
  // Safari before 16: no form.requestSubmit (a save held while the live estimate is asked).
  "form.requestSubmit": () => void delete (HTMLFormElement.prototype as Partial<HTMLFormElement>).requestSubmit,
  // Safari before 15.4: no SubmitEvent, a submit event names no submitter (which button: the intents).
  "SubmitEvent.submitter": () => {
    Object.defineProperty(SubmitEvent.prototype, "submitter", { get: () => undefined });
    delete (window as Partial<Window & typeof globalThis>).SubmitEvent;
  },
  // Safari before 15.4, Chrome before 92: no Array.prototype.at (the forms' library).
  "Array.prototype.at": () => void delete (Array.prototype as { at?: unknown }).at,
} as const;

const lacking = (page: Page, what: keyof typeof LACKING) => page.addInitScript(LACKING[what]);

// Not in the js-off project: these are browsers that run scripts.
for (const what of Object.keys(LACKING) as Array<keyof typeof LACKING>) {
  test(`without ${what} the page is the plain one: the session note, and a logout with unsaved changes is the plain post`, { tag: NEEDS_JS }, async ({ page }) => {
    await lacking(page, what);
    await signInViaApi(page);
    await page.goto("/account");
    // What the page says without JavaScript instead of the warning (it would get neither).
    await expect(page.getByText(/Kui sa vormi ei saada, lõpeb seanss kell \d\d:\d\d/)).toBeVisible();
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
    await page.getByLabel("E-posti aadress").fill("vana@example.com");
    await page.getByRole("button", { name: "Logi välja" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("button", { name: "Logi välja" })).toHaveCount(0);
  });
}

// Not in the js-off project: the translations are the hydration's.
test("when the page's translations cannot be had it is the plain one, its session note shown", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource/);
  await page.route(/\/locales\/et\.[^/]*\.json$/, (route) => route.fulfill({ status: 503, body: "" }));
  await signInViaApi(page);
  await page.goto("/account");
  await expect(page.getByText(/Kui sa vormi ei saada, lõpeb seanss kell \d\d:\d\d/)).toBeVisible();
  expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
});

// Not in the js-off project: a browser that runs scripts and lacks <dialog> (iOS 15.0–15.3).
test("without <dialog> the package step is the plain form: the language link, the estimate asked again by a post, the save", { tag: NEEDS_JS }, async ({ page }) => {
  test.slow();
  await lacking(page, "<dialog>");
  await customerOnPackage(page);
  await page.goto("/package");
  await page.getByRole("navigation", { name: "Keel" }).getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Choose your cover" })).toBeVisible();
  await page.getByRole("slider", { name: "Life insurance protection" }).fill("120000");
  const before = await page.locator('[data-line="total"]').textContent();
  await page.getByRole("button", { name: "Recalculate" }).click();
  await expect(page.getByRole("textbox", { name: "Life insurance protection in euro" })).toHaveValue("120000");
  await expect(page.locator('[data-line="total"]')).not.toHaveText(before ?? "");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL("/questionnaire");
  expect(await api(page, "GET", "/api/onboarding/proposal")).toMatchObject({ sumInsuredForDeathCover: 120_000 });
});

test.describe("a first visit", () => {
  test.use({ analyticsConsent: null });

  // Chrome before 112 (Samsung Internet before 23), Safari before 16.4, Firefox before 111: the
  // FormData constructor takes the form only, the pressed button's name and value are not in it.
  test("where FormData leaves out the pressed button, the consent banner's answer is stored", { tag: NEEDS_JS }, async ({ page }) => {
    await page.addInitScript(() => {
      const Native = FormData;
      window.FormData = class FormData extends Native {
        constructor(form?: HTMLFormElement) {
          super(form);
        }
      };
    });
    await page.goto("/login?lng=et");
    await consentBannerReady(page);
    await consentBanner(page).getByRole("button", { name: "Luban analüütika" }).click();
    await expect(consentBanner(page).getByText("Salvestatud: analüütika on lubatud.")).toBeFocused();
    expect((await page.context().cookies()).find((c) => c.name === ANALYTICS_CONSENT_COOKIE)?.value).toBe("granted");
  });
});

/** A customer whose consents are given, on the offer's signing screen loaded as a page. */
async function onSigningScreen(page: Page) {
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true });
  await page.goto("/offer?step=signing");
}

// Not in the js-off project: the demo signing frame's script is what is tested.
test("without SubmitEvent.submitter, 'cancel' in the signing frame cancels, it does not sign", { tag: NEEDS_JS }, async ({ page }) => {
  test.slow();
  await lacking(page, "SubmitEvent.submitter");
  await onSigningScreen(page);
  const frame = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await frame.getByRole("button", { name: "Katkesta" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Sa katkestasid allkirjastamise." })).toBeVisible();
  await page.goto("/confirmation");
  await expect(page.getByRole("heading", { name: "Aitäh!", level: 1 })).toHaveCount(0);
});

// Not in the js-off project: the demo signing frame's script is what is tested. The page is never
// hydrated, so nothing on it hears the frame: the frame's form posts to the page, as without
// JavaScript, and the signature is concluded at once (docs/decisions/0381).
test("on a page left plain, 'sign' in the signing frame concludes the contract at once", { tag: NEEDS_JS }, async ({ page }) => {
  test.slow();
  await lacking(page, "<dialog>");
  await onSigningScreen(page);
  await page.frameLocator('iframe[title="Allkirjastamise aken"]').getByRole("button", { name: "Allkirjasta" }).click();
  await page.waitForURL("**/confirmation");
  await expect(page.getByRole("heading", { name: "Aitäh!", level: 1 })).toBeVisible();
});
