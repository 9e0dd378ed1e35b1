/**
 * The stylesheet inline on a browser's first page, linked on every later one (docs/decisions/0324):
 * the first page paints with its HTML alone, the file is prefetched for the next, and the page
 * looks the same both ways, JavaScript on and off, axe clean.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures";
import { NEEDS_JS } from "./projects";

/** How the page has its styles: linked stylesheets, the inline one's length, the prefetched file. */
const sheets = (page: Page) =>
  page.evaluate(() => ({
    linked: document.querySelectorAll('link[rel="stylesheet"]').length,
    inline: document.querySelector("head > style")?.textContent?.length ?? 0,
    prefetch: document.querySelector('link[rel="prefetch"]')?.getAttribute("href") ?? null,
  }));

/** A few of the stylesheet's rules as the page shows them (a browser's defaults would differ in each). */
const look = (page: Page) =>
  page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    return {
      skipLink: style(".skip-link").position,
      header: style(".site-header").display,
      button: style("main .button").backgroundColor,
      body: style("body").fontFamily,
    };
  });

const cssCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === "css")?.value;

test("the first page carries the stylesheet and prefetches the file; the next links it from the cache; the same look both ways", async ({ page }) => {
  await page.goto("/login");
  const first = await sheets(page);
  expect(first.linked).toBe(0);
  expect(first.inline).toBeGreaterThan(10_000);
  expect(first.prefetch).toMatch(/^\/build\/_assets\/app-\w+\.css$/);
  const styled = await look(page);
  expect(styled.skipLink).toBe("absolute");
  await expectNoAxeViolations(page);

  // The prefetch's answer tells the server this browser has the file.
  await expect.poll(() => cssCookie(page)).toBe(first.prefetch!.split("/").pop());
  await page.goto("/login");
  expect(await sheets(page)).toEqual({ linked: 1, inline: 0, prefetch: null });
  expect(await look(page)).toEqual(styled);
  await expectNoAxeViolations(page);
});

test("after hydration the inline stylesheet stays through the journey's moves in the browser", { tag: NEEDS_JS }, async ({ page }) => {
  await page.goto("/login");
  await hydrated(page);
  const styled = await look(page);
  // A move in the browser, then back, in the same document (a mark on the window stays). Through
  // the router itself: a click on a part of the page React has not hydrated yet (the footer is
  // a Suspense boundary of its own) can still go to the server as a plain link, a new document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const inSameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/accessibility"));
  await expect(page.getByRole("heading", { level: 1, name: "Ligipääsetavuse teatis" })).toBeFocused();
  expect(await inSameDocument()).toBe(true);
  const moved = await sheets(page);
  expect(moved.linked).toBe(0);
  expect(moved.inline).toBeGreaterThan(10_000);
  await page.goBack();
  await expect(page).toHaveURL("/login");
  await expect(page.locator("main .button").first()).toBeVisible();
  expect(await inSameDocument()).toBe(true);
  expect(await look(page)).toEqual(styled);
});
