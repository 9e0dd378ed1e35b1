/**
 * WCAG 1.4.12 Text spacing at 320 px (1.4.10's width, where both meet on a phone): with the
 * spacing the criterion names (line height 1.5, paragraphs 2 em apart, letters 0.12 em, words
 * 0.16 em) the pages that hold the widest content and the longest words do not scroll sideways,
 * JavaScript on and off. At 320 px /package did (40 px: the estimate's longest word widened the
 * grid's one column) and /beneficiaries in Russian did ("Выгодоприобретатель 1" in a flex row),
 * where 360 px hid both.
 */
import type { Page } from "@playwright/test";
import { expect, PERSONS, signIn, test } from "./fixtures";
import { customerOnBeneficiaries, customerOnOffer, customerOnPackage } from "./journey";

const SPACING = "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";

test.use({ viewport: { width: 320, height: 800 } });

/** The page's sideways overflow (px) with the spacing applied, as a user style sheet would (the CSP forbids inline styles). */
async function overflowWithSpacing(page: Page) {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, SPACING);
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("/package, in Estonian and Russian", async ({ page }) => {
  await customerOnPackage(page);
  for (const lng of ["et", "ru"]) {
    await page.goto(`/package?lng=${lng}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await overflowWithSpacing(page), lng).toBe(0);
  }
});

test("/beneficiaries in Russian", async ({ page }) => {
  await customerOnBeneficiaries(page);
  await page.goto("/beneficiaries?lng=ru");
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
