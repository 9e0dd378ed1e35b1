/** axe (WCAG 2.0/2.1 A + AA, WCAG 2.2 AA) on every screen this issue reaches. */
import { expect, expectNoAxeViolations, failedLoad, freshPersonalCode, PERSONS, signIn, submitSignIn, test } from "./fixtures";

// Every screen as a first-time visitor meets it: with the analytics consent banner above it.
test.use({ analyticsConsent: null });

test("home and failed sign-in", async ({ page }) => {
  await page.goto("/");
  await expectNoAxeViolations(page);

  await page.goto("/login-failed/locked");
  await expect(page.getByText("Sinu e-ID on lukustatud.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("sign-in, with an intermediary's logo and with errors shown", async ({ page, allowConsoleErrors }) => {
  await page.goto("/login?src=partnerbank");
  // The partner's logo once, in the header (docs/decisions/0187).
  await expect(page.getByRole("banner").getByRole("img", { name: /Partner Pank/ })).toBeVisible();
  await expectNoAxeViolations(page);

  allowConsoleErrors(failedLoad(400));
  await submitSignIn(page, "123", { method: "mobile-id" });
  await expect(page.getByRole("alert").filter({ hasText: "Vormis on vigu" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("account (first onboarding step)", async ({ page }) => {
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await expectNoAxeViolations(page);
});

test("unavailable", async ({ page }) => {
  await signIn(page, PERSONS.antsVanamees);
  await expect(page).toHaveURL("/unavailable");
  await expectNoAxeViolations(page);
});

test("self-service insurance", async ({ page }) => {
  await signIn(page, PERSONS.jaanTamm);
  await expect(page).toHaveURL("/self-service/insurance");
  await expectNoAxeViolations(page);
});

test("the error page for an unknown address", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(404));
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Ootamatu viga! | Elukaitse");
  await expect(page.getByRole("heading", { level: 1, name: "Ootamatu viga!" })).toBeVisible();
  await expect(page.getByText("Vabandame, tekkis viga.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Tagasi avalehele" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
});
