/**
 * WCAG 1.4.12 Text spacing at 360 px: with the spacing the criterion names (line height 1.5,
 * paragraphs 2 em apart, letters 0.12 em, words 0.16 em) the pages that hold the widest
 * content do not scroll sideways, JavaScript on and off.
 */
import type { Page } from "@playwright/test";
import { expect, PERSONS, signIn, test } from "./fixtures";
import { customerOnOffer, customerOnPackage } from "./journey";

const SPACING = "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";

test.use({ viewport: { width: 360, height: 800 } });

/** The page's sideways overflow (px) with the spacing applied, as a user style sheet would (the CSP forbids inline styles). */
async function overflowWithSpacing(page: Page) {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, SPACING);
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("/package", async ({ page }) => {
  await customerOnPackage(page);
  await page.goto("/package");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await overflowWithSpacing(page)).toBe(0);
});

test("/offer", async ({ page }) => {
  await customerOnOffer(page);
  await page.goto("/offer");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await overflowWithSpacing(page)).toBe(0);
});

test("/self-service/insurance", async ({ page }) => {
  await signIn(page, PERSONS.jaanTamm);
  await page.goto("/self-service/insurance");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await overflowWithSpacing(page)).toBe(0);
});
