/** Keyboard only: the skip link, and the whole sign-in. */
import { expect, freshPersonalCode, test } from "./fixtures";

test("the skip link is the first Tab stop and moves focus to the main content", async ({ page }) => {
  await page.goto("/login");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Jätka põhisisuni" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("signing in with the keyboard only", async ({ page }) => {
  await page.goto("/login");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  // The radio group is one Tab stop, at the chosen method (Smart-ID by default).
  await page.keyboard.press("Tab");
  const smartId = page.getByRole("radio", { name: "Smart-ID", exact: true });
  await expect(smartId).toBeFocused();
  await page.keyboard.press("Space");
  await expect(smartId).toBeChecked();

  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Isikukood")).toBeFocused();
  await page.keyboard.type(freshPersonalCode());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/account");
});
