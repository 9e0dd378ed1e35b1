/**
 * Issue 23 item 9's loose ends as a customer meets them, JavaScript on and off: a cancelled
 * signing said in the page's language (never the provider's English), an unknown support code
 * as the offer's field error, a beneficiary's personal code with letters kept as typed and
 * refused, and an unreadable address answered with the product's own page.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, failedLoad, freshPersonalCode, jsEnabled, test } from "./fixtures";
import { api, customerOn, customerOnOffer, offerConfirmation } from "./journey";

const CONSENTS = { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true };

async function onSigningScreen(page: Page, lng: "et" | "en" | "ru") {
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  await page.goto(`/offer?step=signing&lng=${lng}`);
}

const CANCELLED = {
  et: { frame: "Allkirjastamise aken", cancel: "Katkesta", said: "Sa katkestasid allkirjastamise. Midagi ei allkirjastatud; võid uuesti proovida." },
  en: { frame: "Signing window", cancel: "Cancel", said: "You cancelled the signing. Nothing was signed; you can try again." },
  ru: { frame: "Окно подписания", cancel: "Отменить", said: "Вы прервали подписание. Ничего не подписано; можно попробовать снова." },
} as const;

for (const lng of ["et", "en", "ru"] as const) {
  test(`a cancelled signing is said in ${lng}, never in the provider's words`, async ({ page }) => {
    test.slow();
    await onSigningScreen(page, lng);
    const frame = page.frameLocator(`iframe[title="${CANCELLED[lng].frame}"]`);
    await frame.getByRole("button", { name: CANCELLED[lng].cancel }).click();
    const alert = page.getByRole("alert").filter({ hasText: CANCELLED[lng].said });
    await expect(alert).toBeVisible();
    await expect(page.getByText(/cancelled by the signer/)).toHaveCount(0);
    if (!jsEnabled()) await expect(page).toHaveURL(/signing=cancelled/);
    await expectNoAxeViolations(page);
  });
}

test("an unknown support code on the offer is its field's error; nothing is saved", async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(failedLoad(400));
  const confirmation = await offerConfirmation(page);
  await confirmation.getByLabel("Tugikood (valikuline)").fill("NOPE42");
  await confirmation.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();

  const error = "Viga: Sellist tugikoodi ei ole. Kontrolli koodi või jäta väli tühjaks.";
  const field = page.getByLabel("Tugikood (valikuline)");
  await expect(field).toHaveAccessibleDescription(`Kui said koodi koostööpartnerilt, sisesta see siia. ${error}`);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("NOPE42");
  // Focus on the error summary, as after every failed save (with JavaScript the confirmation's
  // dialog gave way to the page's confirmation, and focus was left on nothing).
  await expect(page.getByRole("alert").filter({ hasText: "Vormis on vigu" })).toBeFocused();
  await expect(page).not.toHaveURL(/step=signing/);
  const offer = await api(page, "GET", "/api/onboarding/offer");
  expect(offer.hasSupportCode).toBe(false);
  await expectNoAxeViolations(page);
});

test("a beneficiary's personal code with letters and a hyphen is kept as typed and refused", async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(failedLoad(400));
  await customerOn(page, "beneficiaries", freshPersonalCode({ age: 35 }));
  await page.goto("/beneficiaries");
  const row = page.getByRole("group", { name: "Soodustatud isik 1", exact: true });
  await row.getByRole("radio", { name: "Eraisik" }).check();
  const label = jsEnabled() ? "Isikukood" : "Isikukood (eraisik) või registrikood (ettevõte)";
  const code = row.getByLabel(label, { exact: true });
  // Typed, as a customer would: nothing is cut.
  await code.pressSequentially("49a001-01234");
  await expect(code).toHaveValue("49a001-01234");
  await row.getByLabel(jsEnabled() ? "Eesnimi" : "Eesnimi (ainult eraisikul)", { exact: true }).fill("Mari");
  await row.getByLabel(jsEnabled() ? "Perekonnanimi" : "Perekonnanimi või ettevõtte nimi", { exact: true }).fill("Maasikas");
  await row.getByLabel("Osa protsentides", { exact: true }).fill("100");
  await row.getByLabel("E-posti aadress", { exact: true }).fill("mari@example.ee");
  await row.getByLabel("Telefoninumber", { exact: true }).fill("+372 5555 1234");
  await page.getByRole("button", { name: "Salvesta ja jätka" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Vormis on vigu" })).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveValue("49a001-01234");
  await expect(page).toHaveURL(/\/beneficiaries/);
});

for (const [address, lng, message] of [
  ["/%E0%A4%A", "et", "Aadress on vigane."],
  ["/login?promo=%FF&lng=en", "en", "The address is malformed."],
  ["/self-service/score/%E0?lng=ru", "ru", "Адрес повреждён."],
] as const) {
  test(`an unreadable address (${address}) is the product's page with 400`, async ({ page, allowConsoleErrors }) => {
    test.slow();
    allowConsoleErrors(failedLoad(400));
    const response = await page.goto(address);
    expect(response?.status()).toBe(400);
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("the unreadable address's page is titled by its heading, and switches language where it is", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await page.goto("/a%zz");
  await expect(page).toHaveTitle("Päringut ei saanud töödelda | Elukaitse");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Päringut ei saanud töödelda");
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/a%zz(\?lng=en)?$/);
  await expect(page.getByRole("heading", { level: 1, name: "The request could not be processed" })).toBeVisible();
  await expect(page.getByText("The address is malformed.")).toBeVisible();
});
