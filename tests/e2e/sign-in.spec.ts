/** Sign-in through the demo form: where each kind of person lands, validation, logout, partners. */
import { STEP_IDS } from "~/lib/onboarding";
import { expect, failedLoad, freshPersonalCode, jsEnabled, PERSONS, signIn, submitSignIn, test } from "./fixtures";

test("a new customer signs in with Smart-ID and lands on the first onboarding step", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle("sisselogimine | Elukaitse");
  await expect(page.getByRole("heading", { level: 1, name: "Tere tulemast!" })).toBeVisible();

  await page.getByRole("radio", { name: "Smart-ID", exact: true }).check();
  await page.getByLabel("Isikukood").fill(freshPersonalCode());
  await page.getByRole("button", { name: "Logi sisse" }).click();

  await expect(page).toHaveURL("/account");
  await expect(page).toHaveTitle("registreerimine | Elukaitse");
  await expect(page.getByRole("heading", { level: 1, name: "Kasutaja registreerimine" })).toBeVisible();
  const steps = page.getByRole("navigation", { name: "Taotluse sammud" }).getByRole("listitem");
  // One dot per step of the onboarding table, however many it has.
  await expect(steps).toHaveCount(STEP_IDS.length);
  const current = page.locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(`samm 1, kokku ${STEP_IDS.length}`);
  await expect(steps.first()).toHaveAttribute("aria-current", "step");
});

test("Jaan Tamm (self-service) lands on his insurance", async ({ page }) => {
  await signIn(page, PERSONS.jaanTamm);
  await expect(page).toHaveURL("/self-service/insurance");
  await expect(page.getByRole("heading", { level: 1, name: "Iseteenindus: Kindlustus" })).toBeVisible();
});

test("Ants Vanamees (too old) lands on the unavailable page", async ({ page }) => {
  await signIn(page, PERSONS.antsVanamees);
  await expect(page).toHaveURL("/unavailable");
  await expect(page.getByRole("heading", { level: 1, name: "Teenus ei ole sulle kahjuks saadaval" })).toBeVisible();
  await expect(page.getByText("Veebis saab kindlustuse sõlmida 18- kuni 64-aastane")).toBeVisible();
});

test("a locked e-ID goes to the failed-login page, with a way back", async ({ page }) => {
  await signIn(page, PERSONS.locked);
  await expect(page).toHaveURL("/login-failed/locked");
  await expect(page).toHaveTitle("sisselogimine ebaõnnestus | Elukaitse");
  await expect(page.getByRole("heading", { level: 1, name: "Sisselogimine ebaõnnestus" })).toBeVisible();
  await expect(page.getByText("Sinu e-ID on lukustatud. Võta ühendust oma e-ID teenuse pakkujaga.")).toBeVisible();
  const back = page.getByRole("link", { name: "Proovi uuesti" });
  await expect(back).toHaveAttribute("href", "/login");
  await back.click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Tere tulemast!" })).toBeVisible();
});

test.describe("a signed-out visit to a protected page", () => {
  test("is sent to /login, and Jaan Tamm is taken back there after signing in", async ({ page }) => {
    await page.goto("/self-service/bills");
    await expect(page).toHaveURL("/login?redirectTo=%2Fself-service%2Fbills");
    await signIn(page, PERSONS.jaanTamm);
    await expect(page).toHaveURL("/self-service/bills");
  });

  test("a new customer with the same remembered path lands on /account instead", async ({ page }) => {
    await page.goto("/self-service/bills");
    await expect(page).toHaveURL("/login?redirectTo=%2Fself-service%2Fbills");
    await signIn(page, freshPersonalCode());
    await expect(page).toHaveURL("/account");
  });
});

test.describe("validation", () => {
  test("an invalid personal code: error summary, field error, the typed value kept", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(failedLoad(400));
    await page.goto("/login");
    await submitSignIn(page, "38503020138");

    const summary = page.getByRole("alert").filter({ hasText: "Vormis on vigu" });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link", { name: "Isikukood ei ole korrektne." })).toHaveAttribute("href", /^#/);
    const idCode = page.getByLabel("Isikukood");
    await expect(idCode).toHaveValue("38503020138");
    await expect(idCode).toHaveAttribute("aria-invalid", "true");
    await expect(idCode).toHaveAccessibleDescription(/Isikukood ei ole korrektne\./);
    await expect(page).toHaveURL("/login");
    // With JavaScript the summary takes focus, so screen readers announce it.
    if (jsEnabled()) await expect(summary).toBeFocused();

    // The summary's link leads to the field.
    await summary.getByRole("link", { name: "Isikukood ei ole korrektne." }).click();
    await expect(page).toHaveURL(/#/);

    // Corrected, the same form signs in.
    await page.getByLabel("Isikukood").fill(freshPersonalCode());
    await page.getByRole("button", { name: "Logi sisse" }).click();
    await expect(page).toHaveURL("/account");
  });

  test("Mobile-ID without a phone number: the phone field is required", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(failedLoad(400));
    const code = freshPersonalCode();
    await page.goto("/login");
    await submitSignIn(page, code, { method: "mobile-id" });

    const summary = page.getByRole("alert").filter({ hasText: "Vormis on vigu" });
    await expect(summary.getByRole("link", { name: "Telefoninumber (Mobiil-ID): See väli on kohustuslik." })).toBeVisible();
    const phone = page.getByLabel("Telefoninumber (Mobiil-ID)");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/See väli on kohustuslik\./);
    await expect(page.getByLabel("Isikukood")).toHaveValue(code);
    await expect(page.getByLabel("Isikukood")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("radio", { name: "Mobiil-ID", exact: true })).toBeChecked();

    await phone.fill("+372 5123 4567");
    await page.getByRole("button", { name: "Logi sisse" }).click();
    await expect(page).toHaveURL("/account");
    // Not asked twice in one process (WCAG 3.3.7): the account form offers the number signed in with.
    await expect(page.getByLabel("Telefoninumber", { exact: true })).toHaveValue("+372 5123 4567");
  });
});

test("logout returns to the home page and ends the session", async ({ page }) => {
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await page.getByRole("banner").getByRole("button", { name: "Logi välja" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Elu- ja töövõimetuskindlustus mõne minutiga" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logi välja" })).toHaveCount(0);

  await page.goto("/account");
  await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
});

test("an intermediary's sign-in shows its logo once, and the header pairs it with the product's", async ({ page }) => {
  await page.goto("/login?src=sportclub");
  await expect(page.getByRole("banner").getByRole("img", { name: /Spordiklubi/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Spordiklubi/ })).toHaveCount(1);
  await expect(page.locator('img[src$="sportclub.svg"]')).toHaveCount(1);

  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  const header = page.getByRole("banner");
  await expect(header.getByRole("img", { name: "Elukaitse – avaleht" })).toBeVisible();
  await expect(header.getByText("+", { exact: true })).toBeVisible();
  await expect(header.getByRole("img", { name: /Spordiklubi/ })).toBeVisible();
  await expect(header.getByRole("img", { name: /Spordiklubi/ })).toHaveAttribute("src", /sportclub\.svg$/);
});

test("without an intermediary the header shows only the product logo", async ({ page }) => {
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  const header = page.getByRole("banner");
  await expect(header.getByRole("img")).toHaveCount(1);
  await expect(header.getByRole("img", { name: "Elukaitse – avaleht" })).toBeVisible();
});

test("the example personal code in the hint is heard digit by digit, and seen and copied as written", async ({ page }) => {
  for (const [language, said, written] of [
    ["et", "11 numbrit, näiteks 3 8 5 0 3 0 2 0 1 3 9", "11 numbrit, näiteks 38503020139"],
    ["en", "11 digits, for example 3 8 5 0 3 0 2 0 1 3 9", "11 digits, for example 38503020139"],
    ["ru", "11 цифр, например 3 8 5 0 3 0 2 0 1 3 9", "11 цифр, например 38503020139"],
  ] as const) {
    await page.goto(`/login?lng=${language}`);
    const field = page.locator('input[name="idCode"]');
    // Read as one number it was "thirty-eight billion…".
    await expect(field).toHaveAccessibleDescription(said);
    // Seen as written, in one piece.
    await expect(page.getByText("38503020139", { exact: true })).toBeVisible();
    if (jsEnabled()) {
      // Selected and copied, it is the code as written (the spoken digits are not selectable).
      const hint = page.locator(".field__hint").filter({ hasText: /38503020139/ });
      const copied = await hint.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return selection.toString();
      });
      expect(copied).toBe(written);
    }
  }
});
