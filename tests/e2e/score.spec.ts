/** The wellness score step (issue 3), with JavaScript on and off. */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, failedLoad, freshPersonalCode, jsEnabled, signIn, test } from "./fixtures";
import { NEEDS_JS, WITHOUT_JS } from "./projects";

/** A new customer signed in and registered through the /account form: on /score (ACCOUNT_REGISTERED). */
async function registeredOnScore(page: Page) {
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await page.getByLabel("E-posti aadress").fill("skoor.kasutaja@example.com");
  await page.getByLabel("Telefoninumber", { exact: true }).fill("+372 5123 4567");
  await page.getByLabel("Amet või tegevusala").fill("Õpetaja");
  await page.getByRole("checkbox", { name: /kindlustustingimustega/ }).check();
  await page.getByRole("checkbox", { name: /terviseandmeid/ }).check();
  await page.getByRole("button", { name: "Registreeri" }).click();
  await expect(page).toHaveURL("/score");
  await expect(page.getByRole("heading", { level: 1, name: "Heaoluskoor" })).toBeVisible();
}

const save = (page: Page) => page.getByRole("button", { name: "Salvesta ja jätka" }).click();
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

test("a new customer fills the score (a manual number, a slider, a multi-choice) and reaches /package", async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(failedLoad(400));
  await registeredOnScore(page);
  await expect(page).toHaveTitle("heaoluskoor | Elukaitse");
  await expect(page.getByText("Vastatud küsimusi: 0, kokku 12.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The mandatory question first: an error, shown in the summary and at the question.
  await page.getByRole("textbox", { name: "Sammude arv päevas" }).fill("8000");
  await save(page);
  const summary = page.getByRole("alert").filter({ hasText: "Vormis on vigu" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: "Kas suitsetad? – See väli on kohustuslik." })).toBeVisible();
  await expect(page).toHaveTitle("Viga: heaoluskoor | Elukaitse");
  await expect(group(page, "Kas suitsetad?")).toHaveAccessibleDescription(/See väli on kohustuslik\./);
  await expect(page.getByRole("textbox", { name: "Sammude arv päevas" })).toHaveValue("8000");
  await expectNoAxeViolations(page);

  await group(page, "Kas suitsetad?").getByRole("radio", { name: "Ei" }).check();
  await page.getByRole("textbox", { name: "Kehamassiindeks" }).fill("23,4");
  // The slider, moved on its track (the typed number follows it with JavaScript).
  await page.getByRole("slider", { name: /Uneaeg ööpäevas/ }).fill("7");
  if (jsEnabled()) await expect(page.getByRole("textbox", { name: /Uneaeg ööpäevas \(tundi\) numbrina/ })).toHaveValue("7");
  // Its typed alternative (WCAG 2.5.7).
  await page.getByRole("textbox", { name: /Stressitase viimasel kuul numbrina/ }).fill("3");
  const screenings = group(page, "Milliseid terviseuuringuid oled viimase 2 aasta jooksul teinud?");
  await screenings.getByRole("checkbox", { name: "Hambaarsti kontroll" }).check();
  await screenings.getByRole("checkbox", { name: "Vereanalüüsid" }).check();
  await save(page);

  // Not everything is answered: the confirmation note first (a modal, or a page state).
  const note = "Sa ei ole vastanud kõigile küsimustele.";
  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: "Kõigile küsimustele pole vastatud" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(note);
    await expect(dialog).toContainText("Vastatud küsimusi: 6, kokku 12.");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Tagasi vastuste juurde" }).click();
    await expect(dialog).toBeHidden();
    await save(page);
    await dialog.getByRole("button", { name: "Salvesta siiski" }).click();
  } else {
    const panel = page.getByRole("region", { name: "Kõigile küsimustele pole vastatud" });
    await expect(panel).toContainText(note);
    await expect(panel).toContainText("Vastatud küsimusi: 6, kokku 12.");
    // Every answer is still in the form.
    await expect(page.getByRole("textbox", { name: "Sammude arv päevas" })).toHaveValue("8000");
    await expect(page.getByRole("textbox", { name: /Stressitase viimasel kuul numbrina/ })).toHaveValue("3");
    await expect(screenings.getByRole("checkbox", { name: "Hambaarsti kontroll" })).toBeChecked();
    await expectNoAxeViolations(page);
    await panel.getByRole("button", { name: "Salvesta siiski" }).click();
  }
  await expect(page).toHaveURL("/package");

  // The saved answers come back (WELLNESS_PROFILE_COMPLETE may return to /score).
  await page.goto("/score");
  await expect(page.getByText("Vastatud küsimusi: 6, kokku 12.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Sammude arv päevas" })).toHaveValue("8000");
  await expect(page.getByRole("textbox", { name: "Kehamassiindeks" })).toHaveValue("23,4");
  await expect(page.getByRole("slider", { name: /Uneaeg ööpäevas/ })).toHaveValue("7");
  await expect(page.getByRole("textbox", { name: /Stressitase viimasel kuul numbrina/ })).toHaveValue("3");
  await expect(screenings.getByRole("checkbox", { name: "Vereanalüüsid" })).toBeChecked();
  await expect(group(page, "Kas suitsetad?").getByRole("radio", { name: "Ei" })).toBeChecked();
});

test("after a failed save a slider's handle and its typed number say the same, whichever of the two was changed", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await registeredOnScore(page);
  const slider = page.getByRole("slider", { name: "Uneaeg ööpäevas (tundi)" });
  const typed = page.getByRole("textbox", { name: "Uneaeg ööpäevas (tundi) numbrina" });
  const summary = page.getByRole("alert").filter({ hasText: "Vormis on vigu" });
  // Without JavaScript the refused post answers with a new page: the checks read that one, not the page as filled in.
  const refused = async () => {
    const answered = jsEnabled() ? null : page.waitForEvent("framenavigated");
    await save(page);
    await answered;
    await expect(summary).toBeVisible();
  };
  // The handle moved (without JavaScript the typed number stays empty until the page answers).
  await slider.fill("7");
  await refused();
  await expect(slider).toHaveValue("7");
  await expect(typed).toHaveValue("7");
  // The number typed: the handle follows it after the refused post too.
  await typed.fill("10");
  await refused();
  await expect(typed).toHaveValue("10");
  await expect(slider).toHaveValue("10");
});

test("the health measurement and the activity tracker fill automatic values (popups)", { tag: NEEDS_JS }, async ({ page }) => {
  // Not in the js-off project: window.open and polling are JavaScript; the no-JS pages have their own test below.
  test.slow();
  await registeredOnScore(page);

  // Health: a modal with a consent checkbox; proceed opens /health.html as a 400×640 popup.
  await page.getByRole("link", { name: "Tee tervisemõõtmine" }).click();
  const modal = page.getByRole("dialog", { name: "Tervisemõõtmine" });
  await expect(modal).toBeVisible();
  const proceed = modal.getByRole("button", { name: "Jätka mõõtmisega" });
  await expect(proceed).toBeDisabled();
  await expectNoAxeViolations(page);
  await modal.getByRole("checkbox", { name: /Nõustun/ }).check();
  const popupOpened = page.waitForEvent("popup");
  await proceed.click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe("/health.html");
  expect(popup.viewportSize()).toEqual({ width: 400, height: 640 });
  await popup.getByRole("button", { name: "Mõõda" }).click();
  await expect(popup.getByRole("textbox", { name: "Puhkepulss (lööki minutis)" })).toHaveValue(/^\d{2}(,\d)?$/);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Salvesta mõõtmine" }).click();
  await closed;
  await expect(modal).toBeHidden();
  const bpm = group(page, "Puhkepulss (lööki minutis)");
  await expect(bpm.getByRole("radio", { name: /^Automaatne: \d{2}(,\d)?$/ })).toBeChecked();
  await expect(group(page, "Kehamassiindeks").getByRole("radio", { name: /^Automaatne: \d{2}(,\d)?$/ })).toBeChecked();
  await expect(page.getByText(/^Viimane mõõtmine: \d{2}\.\d{2}\.\d{4}/)).toBeVisible();

  // Activity: the consent page in an 800×600 window, polled until approved, then pulled.
  const consentOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Ühenda aktiivsusmonitor" }).click();
  const consent = await consentOpened;
  await consent.waitForURL(/\/activity\/consent\?token=/);
  expect(consent.viewportSize()).toEqual({ width: 800, height: 600 });
  await expect(consent.getByRole("heading", { name: "Aktiivsusmonitor (demo)" })).toBeVisible();
  const consentClosed = consent.waitForEvent("close");
  await consent.getByRole("button", { name: "Luba" }).click();
  await consentClosed;
  await expect(page.getByRole("status").filter({ hasText: "Aktiivsusmonitor on ühendatud." })).toBeVisible();
  const steps = group(page, "Sammude arv päevas");
  await expect(steps.getByRole("radio", { name: /^Automaatne: \d+ \(viimase 30 päeva keskmine, andmeid 26 päeva kohta\)$/ })).toBeChecked();
  // The manual input is hidden while the automatic value is chosen; manual brings it back.
  await expect(steps.getByRole("textbox")).toBeHidden();
  await steps.getByRole("radio", { name: "Sisestan ise" }).check();
  await expect(steps.getByRole("textbox", { name: "Sammude arv päevas" })).toBeVisible();
  await steps.getByRole("radio", { name: /^Automaatne/ }).check();

  // The leave-page guard: a changed form asks before going back.
  await group(page, "Kas suitsetad?").getByRole("radio", { name: "Ei" }).check();
  await page.getByRole("link", { name: "Tagasi" }).click();
  const leave = page.getByRole("dialog", { name: "Salvestamata muudatused" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Jää lehele" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL("/score");

  await save(page);
  const confirm = page.getByRole("dialog", { name: "Kõigile küsimustele pole vastatud" });
  await expect(confirm).toContainText("Vastatud küsimusi: 5, kokku 12.");
  await confirm.getByRole("button", { name: "Salvesta siiski" }).click();
  await expect(page).toHaveURL("/package");
});

test("without JavaScript the measurement and the tracker's consent are ordinary pages that return to /score", { tag: WITHOUT_JS }, async ({ page, allowConsoleErrors }) => {
  // Not in the js-on project: there the same buttons open popups, which the test above covers.
  test.slow();
  allowConsoleErrors(failedLoad(400));
  await registeredOnScore(page);

  // A plain form post and its redirect: on a loaded CI machine this can take longer than an expect.
  await Promise.all([
    page.waitForURL(/\/activity\/consent\?token=[\w-]+&returnTo=%2Fscore$/, { timeout: 20_000 }),
    page.getByRole("button", { name: "Ühenda aktiivsusmonitor" }).click(),
  ]);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Luba" }).click();
  await expect(page).toHaveURL("/score");
  await expect(group(page, "Sammude arv päevas").getByRole("radio", { name: /^Automaatne: \d+ \(viimase 30 päeva/ })).toBeChecked();

  await page.getByRole("link", { name: "Tee tervisemõõtmine" }).click();
  await expect(page).toHaveURL("/health.html?returnTo=%2Fscore");
  await page.getByRole("button", { name: "Mõõda" }).click();
  await expect(page.getByRole("textbox", { name: "Puhkepulss (lööki minutis)" })).toHaveValue(/^\d{2}(,\d)?$/);
  await page.getByRole("textbox", { name: "Kehamassiindeks" }).fill("22,5");
  // The consent is asked here (no modal without JavaScript).
  await page.getByRole("button", { name: "Salvesta mõõtmine" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Vormis on vigu" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Kehamassiindeks" })).toHaveValue("22,5");
  await expectNoAxeViolations(page);
  await page.getByRole("checkbox", { name: /Nõustun/ }).check();
  await page.getByRole("button", { name: "Salvesta mõõtmine" }).click();
  await expect(page).toHaveURL("/score");
  await expect(group(page, "Kehamassiindeks").getByRole("radio", { name: "Automaatne: 22,5" })).toBeChecked();
});
