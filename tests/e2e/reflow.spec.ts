/**
 * WCAG 2.2 1.4.10 Reflow at 320 CSS px (docs/decisions/0281): the pages that show tables, each
 * table the app draws on one of them at least, in the three languages, JavaScript on and off.
 * The page itself does not scroll sideways, and every cell of every table is within reach
 * without scrolling anything: the table fits the screen as a table, or its rows stack as cards,
 * each cell beside its column's header. axe (with `scrollable-region-focusable`,
 * tests/e2e/fixtures.ts) is clean on each.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, freshPersonalCode, PERSONS, signIn, test } from "./fixtures";
import { customerOn } from "./journey";

const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 800 } });

const LANGUAGES = ["et", "en", "ru"] as const;

/** How each table of the page shows its cells. */
interface TableLayout {
  /** Its name as a screen reader hears it: the caption or what aria-labelledby names. */
  name: string;
  stacked: boolean;
  /** The cells whose right or left edge is off the screen or outside the table's own box. */
  outOfReach: string[];
  /** Stacked: the cells whose visible label is not their column's header. */
  unlabelled: string[];
}

/** Run in the page: its tables as a `width` px wide screen shows them. */
function tableLayouts(width: number): TableLayout[] {
  const tables = [...document.querySelectorAll("table")];
  return tables.map((table) => {
    const box = table.getBoundingClientRect();
    const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent ?? "");
    const bodyRow = table.querySelector("tbody tr");
    const stacked = bodyRow !== null && getComputedStyle(bodyRow).display === "block";
    const outOfReach: string[] = [];
    const unlabelled: string[] = [];
    for (const row of table.querySelectorAll("tr")) {
      if (stacked && row.parentElement?.tagName === "THEAD") continue;
      [...row.children].forEach((cell, column) => {
        const edge = cell.getBoundingClientRect();
        if (edge.left < Math.max(0, box.left) - 0.5 || edge.right > Math.min(width, box.right) + 0.5) outOfReach.push(cell.textContent ?? "");
        if (!stacked || row.parentElement?.tagName !== "TBODY") return;
        const label = getComputedStyle(cell, "::before").content;
        if (label !== JSON.stringify(headers[column])) unlabelled.push(`${cell.textContent}: ${label} for ${headers[column]}`);
      });
    }
    const labelledBy = table.getAttribute("aria-labelledby");
    const name = (labelledBy ? document.getElementById(labelledBy)?.textContent : table.caption?.textContent) ?? "";
    return { name, stacked, outOfReach, unlabelled };
  });
}

/**
 * The page at 320 px: no sideways scroll of its own, every table's cells on the screen (a table
 * that fits, or stacked with each cell's header), axe clean. Returns how each table was shown.
 */
async function expectTablesInReach(page: Page, path: string): Promise<Array<{ name: string; stacked: boolean }>> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(WIDTH);
  const layouts = await page.evaluate(tableLayouts, WIDTH);
  expect(layouts.length, `${path} shows a table`).toBeGreaterThan(0);
  for (const layout of layouts) {
    expect(layout.outOfReach, `${path}: cells of "${layout.name}" out of reach`).toEqual([]);
    expect(layout.unlabelled, `${path}: stacked cells of "${layout.name}" without their header`).toEqual([]);
  }
  // Stacked or not, each is still a table to the browser's accessibility tree.
  await expect(page.getByRole("table")).toHaveCount(await page.locator("table").count());
  await expectNoAxeViolations(page);
  return layouts.map(({ name, stacked }) => ({ name, stacked }));
}

const withLanguage = (path: string, lng: string) => `${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;

for (const lng of LANGUAGES) {
  test(`the public pre-contract information in ${lng}`, async ({ page }) => {
    await expectTablesInReach(page, withLanguage("/pre-contract-information", lng));
  });

  test(`the offer, its documents and the pre-contract information of a customer of 63 in ${lng}`, async ({ page }) => {
    test.slow();
    // At 63 the offer's age table has its cover column (not renewed past 64): its widest.
    await customerOn(page, "offer", freshPersonalCode({ age: 63 }));
    const offer = await expectTablesInReach(page, withLanguage("/offer", lng));
    expect(offer.map((table) => table.stacked)).toEqual([true]);
    // The beneficiaries (four columns) stack; the premium (two) fits as a table.
    expect((await expectTablesInReach(page, withLanguage("/offer/documents/application", lng))).map((table) => table.stacked)).toEqual([true, false]);
    // The payments (three columns) fit as a table; the premium by age (five) stacks.
    expect((await expectTablesInReach(page, withLanguage("/offer/documents/payment-schedule", lng))).map((table) => table.stacked)).toEqual([false, true]);
    // The customer's own price: the premium fits, the premium by age (four columns) stacks.
    expect((await expectTablesInReach(page, withLanguage("/pre-contract-information", lng))).map((table) => table.stacked)).toEqual([false, true]);
  });

  test(`Jaan Tamm's bills, score, data and documents in ${lng}`, async ({ page }) => {
    test.slow();
    await signIn(page, PERSONS.jaanTamm);
    for (const path of ["/self-service/bills", "/self-service/score", "/self-service/documents/payment-schedule", "/self-service/documents/policy", "/self-service/documents/application"]) {
      await expectTablesInReach(page, withLanguage(path, lng));
    }
    const [bill] = await (await page.request.get("/api/invoices")).json();
    await expectTablesInReach(page, withLanguage(`/self-service/bills/${encodeURIComponent(bill.pid)}`, lng));
    // The documents just read are in the access log.
    await expectTablesInReach(page, withLanguage("/self-service/data", lng));
  });

  test(`Liis Lepp's bills and credit note in ${lng}`, async ({ page }) => {
    await signIn(page, "49204120336");
    await expectTablesInReach(page, withLanguage("/self-service/bills", lng));
    const [note] = await (await page.request.get("/api/credit-notes")).json();
    await expectTablesInReach(page, withLanguage(`/self-service/credit-notes/${encodeURIComponent(note.pid)}`, lng));
  });
}
