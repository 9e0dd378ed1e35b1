/**
 * Analytics only with consent (issue 20 item 4, docs/decisions/0095), with JavaScript on and
 * off: the banner on the first page (a region, not a modal: the page keeps its focus), no
 * dataLayer push before consent, accept → the events with hashed user details, decline →
 * none, the choice changed later through the footer's link, axe clean throughout.
 */
import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { ANALYTICS_CONSENT_COOKIE, consentBanner, consentBannerReady, expect, expectNoAxeViolations, freshPersonalCode, jsEnabled, signIn, test } from "./fixtures";
import { timeLimit } from "./time-limits";

// These tests meet the page as a first-time visitor does: no answer yet.
test.use({ analyticsConsent: null });
// Each test walks several pages and scans them with axe (without JavaScript, a copy each in the scratch page).
test.describe.configure({ timeout: timeLimit(90_000) });

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const EMAIL = "Mari.Maasikas@Example.com";

const footerLink = (page: Page) => page.getByRole("contentinfo").getByRole("link", { name: "Analüütika seaded" });
type Layer = Array<Record<string, unknown>> | undefined;
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer);

/**
 * Opens `path` and waits until the page's effects have run (with JavaScript the root drops the
 * address's `?lng=` in an effect after every effect that pushes events), so "nothing pushed"
 * means nothing, not "not yet".
 */
async function openSettled(page: Page, path: string) {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=et`);
  if (jsEnabled()) await expect(page).toHaveURL((url) => !url.searchParams.has("lng"));
}

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === ANALYTICS_CONSENT_COOKIE)?.value ?? null;
}

async function register(page: Page) {
  await expect(page).toHaveURL("/account");
  await page.getByLabel("E-posti aadress").fill(EMAIL);
  await page.getByLabel("Telefoninumber", { exact: true }).fill("+372 5123 4567");
  await page.getByLabel("Amet või tegevusala").fill("Raamatupidaja");
  await page.getByLabel("Raha päritolu", { exact: true }).selectOption("WAGE");
  await page.getByRole("checkbox", { name: /kindlustustingimustega/ }).check();
  await page.getByRole("checkbox", { name: /terviseandmeid/ }).check();
  await page.getByRole("button", { name: "Registreeri" }).click();
  await expect(page).toHaveURL("/score");
}

test("the first page asks, pushes nothing before the answer; allowed, the next pages push their events with hashed details", async ({ page }) => {
  await openSettled(page, "/login");
  const region = consentBanner(page);
  await expect(region).toBeVisible();
  await expect(region.getByRole("heading", { level: 2, name: "Analüütika ja sinu privaatsus" })).toBeVisible();
  // Not a modal: nothing in it has focus, the page under it is usable.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await region.evaluate((element) => element.contains(document.activeElement))).toBe(false);
  await expectNoAxeViolations(page);
  if (jsEnabled()) expect(await dataLayer(page)).toBeUndefined();

  await consentBannerReady(page);
  await region.getByRole("button", { name: "Luban analüütika" }).click();
  if (jsEnabled()) {
    // No reload: the banner says what it stored, with focus on that, on the same page.
    const saved = region.getByText("Salvestatud: analüütika on lubatud.");
    await expect(saved).toBeFocused();
    await expect(page).toHaveURL("/login");
    await expectNoAxeViolations(page);
    // The page where consent was given pushes nothing after the fact.
    await page.waitForTimeout(300);
    expect(await dataLayer(page)).toBeUndefined();
  } else {
    // The plain post came back to the same page, which asks no more.
    await expect(page).toHaveURL("/login?lng=et");
    await expect(region).toHaveCount(0);
  }
  await expect.poll(() => consentCookie(page)).toBe("granted");

  await signIn(page, freshPersonalCode());
  await expect(region).toHaveCount(0);
  if (jsEnabled()) await expect.poll(async () => ((await dataLayer(page)) ?? []).map((e) => e.event)).toEqual(["signup_login"]);
  await register(page);
  if (jsEnabled()) {
    const lead = async () => ((await dataLayer(page)) as Layer)?.find((e) => e.event === "generate_lead");
    await expect.poll(lead).toEqual({
      event: "generate_lead",
      country: "ee",
      partner: null,
      user: {
        sha256_email_address: sha256("mari.maasikas@example.com"),
        sha256_phone_number: sha256("+37251234567"),
        address: { sha256_first_name: sha256("test"), sha256_last_name: sha256("kasutaja") },
      },
    });
    const pushed = JSON.stringify(await dataLayer(page)).toLowerCase();
    for (const raw of ["mari.maasikas", "example.com", "5123"]) expect(pushed).not.toContain(raw);
  }
  // Nowhere in the page either (the form's own fields are on another page now).
  const html = (await page.content()).toLowerCase();
  for (const raw of ["mari.maasikas", "5123 4567", "51234567"]) expect(html).not.toContain(raw);
});

test("declined: no event on any page, and no banner any more", async ({ page }) => {
  await page.goto("/");
  await consentBannerReady(page);
  await consentBanner(page).getByRole("button", { name: "Ei luba" }).click();
  if (jsEnabled()) await expect(consentBanner(page).getByText("Salvestatud: analüütikat ei kasutata.")).toBeFocused();
  await expect.poll(() => consentCookie(page)).toBe("denied");

  await signIn(page, freshPersonalCode());
  await register(page);
  await expect(consentBanner(page)).toHaveCount(0);
  await openSettled(page, "/score");
  await expect(consentBanner(page)).toHaveCount(0);
  if (jsEnabled()) expect(await dataLayer(page)).toBeUndefined();
  await openSettled(page, "/login");
  if (jsEnabled()) expect(await dataLayer(page)).toBeUndefined();
});

test("a step page keeps its focus on the h1 with the banner above it; the banner is reached by keyboard", async ({ page }) => {
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await expect(consentBanner(page)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Kasutaja registreerimine" })).toBeFocused();
  await expectNoAxeViolations(page);

  // Backwards from the h1: the banner's buttons come first, before the header.
  await page.keyboard.press("Shift+Tab");
  await expect(consentBanner(page).getByRole("button", { name: "Ei luba" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(consentBanner(page).getByRole("button", { name: "Luban analüütika" })).toBeFocused();
  await consentBannerReady(page);
  await page.keyboard.press("Enter");
  if (jsEnabled()) {
    await expect(consentBanner(page).getByText("Salvestatud: analüütika on lubatud.")).toBeFocused();
    // The form under it is as it was: nothing reloaded.
    await expect(page.getByLabel("E-posti aadress")).toBeVisible();
  } else {
    await expect(page).toHaveURL("/account");
    await expect(consentBanner(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Kasutaja registreerimine" })).toBeFocused();
  }
  await expect.poll(() => consentCookie(page)).toBe("granted");
});

test("the choice changed later through the footer's link, on a settings page in three languages", async ({ page }) => {
  await page.goto("/login");
  await consentBanner(page).getByRole("button", { name: "Ei luba" }).click();
  await expect.poll(() => consentCookie(page)).toBe("denied");

  await footerLink(page).click();
  await expect(page).toHaveURL("/privacy/analytics");
  await expect(page).toHaveTitle("analüütika seaded | Elukaitse");
  const heading = page.getByRole("heading", { level: 1, name: "Analüütika seaded" });
  await expect(heading).toBeFocused();
  const status = page.getByRole("status").filter({ hasText: "Praegu:" });
  await expect(status).toHaveText("Praegu: analüütikat ei kasutata (keeldusid).");
  await expect(consentBanner(page)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Luban analüütika" }).click();
  await expect(status).toHaveText("Sinu valik on salvestatud. Praegu: analüütika on lubatud.");
  await expect.poll(() => consentCookie(page)).toBe("granted");
  await expectNoAxeViolations(page);

  await page.goto("/privacy/analytics?lng=en");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics settings" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Now:" })).toHaveText("Now: analytics is allowed.");
  await page.getByRole("button", { name: "Do not allow" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Now:" })).toHaveText("Your choice is saved. Now: no analytics (you declined).");
  await expect.poll(() => consentCookie(page)).toBe("denied");

  await page.goto("/?lng=ru");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Настройки аналитики" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Настройки аналитики" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Настройки аналитики" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Сейчас:" })).toHaveText("Сейчас: аналитика не используется (вы отказались).");
  await expectNoAxeViolations(page);
});
