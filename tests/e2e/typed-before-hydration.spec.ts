/**
 * What a customer types or chooses before the page's code has run (docs/decisions/0330). On a
 * slow connection the form is painted and usable seconds before it is hydrated; React 18 then
 * kept the typed values on screen but not in its state, and the next render put the server's
 * back (the quote's age and covers, the package step's covers and packages, the score's
 * answers), and nothing that depends on a field (the estimate, the questionnaire's set) heard
 * of it. Here the page's scripts are held while the customer types, then let through: what was
 * typed stays and counts, as if typed after. Only with JavaScript: without it there is nothing
 * to hydrate.
 */
import type { Page, Route } from "@playwright/test";
import { et as questionnaire } from "~/locales/questionnaire";
import { formatMoney } from "~/lib/euro";
import { expect, freshPersonalCode, hydrated, stepFormReady, test } from "./fixtures";
import { api, customerOn, quoteTotal, registerViaApi, saveScoreViaApi, savePackageViaApi, signInViaApi } from "./journey";
import { NEEDS_JS } from "./projects";

/**
 * Opens `path` with the page's scripts held (painted, not hydrated), lets `type` act on it as
 * a plain form, then lets the scripts through and waits for the hydration.
 */
async function typedBeforeHydration(page: Page, path: string, type: () => Promise<void>) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/build\/.*\.js$/, (route) => (holding ? void held.push(route) : route.fallback()));
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await type();
  expect(await page.evaluate(() => "__remixRouter" in window), "the page is not hydrated while its scripts are held").toBe(false);
  holding = false;
  for (const route of held.splice(0)) await route.fallback();
  await hydrated(page);
}

const total = (page: Page) => page.locator('[data-line="total"]');
const lifeTyped = (page: Page) => page.getByRole("textbox", { name: "Elukindlustuse kaitse eurodes" });
const disabilityTyped = (page: Page) => page.getByRole("textbox", { name: "Töövõimetuskindlustuse kaitse eurodes" });
/** The notice under the disability cover (not the estimate's announcement, which says it too). */
const lowered = (page: Page) => page.getByText(/^Töövõimetuskindlustuse kaitse on nüüd/).and(page.locator(":not([aria-live])"));

test.describe("typed before the page's code ran", { tag: NEEDS_JS }, () => {
  test("quote: the age, a cover typed and left, a package and a cover still being typed are priced and carried on", async ({ page }) => {
    await typedBeforeHydration(page, "/", async () => {
      await page.getByLabel("Vanus", { exact: true }).fill("45");
      await lifeTyped(page).fill("150000");
      await lifeTyped(page).press("Tab");
      await page.getByRole("checkbox", { name: /Vaimse tervise nõustamine/ }).check();
      // Still in this field when the page hydrates.
      await disabilityTyped(page).fill("30000");
    });

    await expect(total(page)).toHaveText(formatMoney(await quoteTotal(page, "age=45&life=150000&disability=30000&packages=MENTAL"), "et"));
    await expect(page.getByLabel("Vanus", { exact: true })).toHaveValue("45");
    await expect(lifeTyped(page)).toHaveValue("150000");
    await expect(page.getByRole("slider", { name: "Elukindlustuse kaitse" })).toHaveValue("150000");
    await expect(disabilityTyped(page)).toHaveValue("30000");
    await expect(disabilityTyped(page)).toBeFocused();
    await expect(page.getByRole("checkbox", { name: /Vaimse tervise nõustamine/ })).toBeChecked();
    await expect(page.getByRole("link", { name: "Jätka nende valikutega" })).toHaveAttribute("href", "/login?life=150000&disability=30000&packages=MENTAL");
  });

  test("quote: a life cover left below the disability cover is settled, and the page says it lowered the disability cover", async ({ page }) => {
    await typedBeforeHydration(page, "/", async () => {
      await page.getByLabel("Vanus", { exact: true }).fill("40");
      await lifeTyped(page).fill("15000");
      await lifeTyped(page).press("Tab");
    });

    await expect(lowered(page)).toBeVisible();
    await expect(disabilityTyped(page)).toHaveValue("15000");
    await expect(total(page)).toHaveText(formatMoney(await quoteTotal(page, "age=40&life=15000&disability=15000"), "et"));
  });

  test("package step: a cover and a package chosen before the code ran are in the estimate and are saved", async ({ page }) => {
    await customerOn(page, "package", freshPersonalCode({ age: 40 }));
    await typedBeforeHydration(page, "/package", async () => {
      await lifeTyped(page).fill("130000");
      await lifeTyped(page).press("Tab");
      await page.getByRole("checkbox", { name: /Vaimse tervise nõustamine/ }).check();
    });

    await expect(lifeTyped(page)).toHaveValue("130000");
    // The disability cover as the page offered it (below the life cover, so left as it was).
    const chosen = { sumInsuredForDeathCover: 130_000, sumInsuredForDisabilityCover: Number(await disabilityTyped(page).inputValue()), services: ["MENTAL"] };
    const { premiumTotal } = (await api(page, "POST", "/api/onboarding/calculation", chosen)) as { premiumTotal: number };
    await expect(total(page)).toHaveText(formatMoney(premiumTotal, "et"));
    await page.getByRole("button", { name: "Salvesta ja jätka" }).click();
    await expect(page).toHaveURL("/questionnaire");
    expect(await api(page, "GET", "/api/onboarding/proposal")).toMatchObject(chosen);
  });

  test("score: an answer, a slider moved and a screening ticked are counted, and the slider's typed number follows it", async ({ page }) => {
    await signInViaApi(page, freshPersonalCode());
    await registerViaApi(page);
    await typedBeforeHydration(page, "/score", async () => {
      await page.getByRole("group", { name: "Kas suitsetad?", exact: true }).getByRole("radio", { name: "Ei" }).check();
      await page.getByRole("slider", { name: /Uneaeg ööpäevas/ }).fill("7");
      await page.getByRole("checkbox", { name: "Hambaarsti kontroll" }).check();
    });

    await expect(page.getByText("Vastatud küsimusi: 3, kokku 12.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /Uneaeg ööpäevas \(tundi\) numbrina/ })).toHaveValue("7");
    await expect(page.getByRole("group", { name: "Kas suitsetad?", exact: true }).getByRole("radio", { name: "Ei" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Hambaarsti kontroll" })).toBeChecked();
  });

  test("questionnaire: a height and weight typed before the code ran choose the set of questions", async ({ page }) => {
    await signInViaApi(page, freshPersonalCode({ age: 35 }));
    await registerViaApi(page);
    await saveScoreViaApi(page);
    await savePackageViaApi(page);
    await typedBeforeHydration(page, "/questionnaire", async () => {
      await page.getByLabel(questionnaire["questionnaire.height"]).fill("180");
      await page.getByLabel(questionnaire["questionnaire.weight"]).fill("100");
      await page.getByLabel(questionnaire["questionnaire.weight"]).press("Tab");
    });

    // Body-mass index 30.9: the long set (age and cover alone ask the short one).
    await expect(page.getByText(questionnaire["questionnaire.set.UW_L2"])).toBeVisible();
    await expect(page.getByRole("group", { name: questionnaire["questionnaire.q.respiratory.title"] })).toBeVisible();
    await expect(page.getByLabel(questionnaire["questionnaire.weight"])).toHaveValue("100");
  });

  test("account step: the details typed and the consents ticked stay, and the form saves them", async ({ page }) => {
    await signInViaApi(page, freshPersonalCode());
    await typedBeforeHydration(page, "/account", async () => {
      await page.getByLabel("E-posti aadress").fill("enne.hudreerimist@example.com");
      await page.getByLabel("Telefoninumber", { exact: true }).fill("+372 5123 4567");
      await page.getByLabel("Amet või tegevusala").fill("Õpetaja");
      await page.getByRole("checkbox", { name: /kindlustustingimustega/ }).check();
      await page.getByRole("checkbox", { name: /terviseandmeid/ }).check();
    });

    await stepFormReady(page);
    await expect(page.getByLabel("E-posti aadress")).toHaveValue("enne.hudreerimist@example.com");
    await expect(page.getByLabel("Telefoninumber", { exact: true })).toHaveValue("+372 5123 4567");
    await expect(page.getByRole("checkbox", { name: /terviseandmeid/ })).toBeChecked();
    // Nothing typed was wrong: no field says so.
    await expect(page.locator("main [aria-invalid=true]")).toHaveCount(0);
    await page.getByRole("button", { name: "Registreeri" }).click();
    await expect(page).toHaveURL("/score");
  });

  test("account step: 'other' chosen as the source of funds keeps the field for the other source, and the form saves both", async ({ page }) => {
    await signInViaApi(page, freshPersonalCode());
    // Only the choice: a field typed would be replayed, and conform reads the whole form then.
    await typedBeforeHydration(page, "/account", async () => {
      await page.getByLabel("Raha päritolu", { exact: true }).selectOption("OTHER");
    });

    await stepFormReady(page);
    await expect(page.getByLabel("Raha päritolu", { exact: true })).toHaveValue("OTHER");
    // Hydrated, the field is asked for "other" only: it stays.
    const other = page.getByLabel("Muu raha päritolu", { exact: true });
    await expect(other).toBeVisible();
    await other.fill("Stipendium");
    await page.getByLabel("E-posti aadress").fill("valik.enne@example.com");
    await page.getByLabel("Telefoninumber", { exact: true }).fill("+372 5123 4567");
    await page.getByLabel("Amet või tegevusala").fill("Kunstnik");
    await page.getByRole("checkbox", { name: /kindlustustingimustega/ }).check();
    await page.getByRole("checkbox", { name: /terviseandmeid/ }).check();
    await page.getByRole("button", { name: "Registreeri" }).click();
    await expect(page).toHaveURL("/score");
    await page.goto("/account");
    await expect(page.getByLabel("Raha päritolu", { exact: true })).toHaveValue("OTHER");
    await expect(page.getByLabel(/^Muu raha päritolu/)).toHaveValue("Stipendium");
  });

  test("questionnaire: a saved sub-answer rewritten before hydration stays, and is a change the leave-page guard asks about", async ({ page }) => {
    await signInViaApi(page, freshPersonalCode({ age: 35 }));
    await registerViaApi(page);
    await saveScoreViaApi(page);
    await savePackageViaApi(page);
    const no = { examination: false, medicines: false, sickLeave: false, hospitalization: false, treatment: false, disability: false };
    const medicinesExtra = { medicine: "Letrox 50 µg", reason: "kilpnääre", period: "2020–" };
    await api(page, "POST", "/api/onboarding/questionnaire", { height: 180, weight: 80, content: { ...no, medicines: true, medicinesExtra } });
    const medicine = page.getByLabel(questionnaire["questionnaire.sub.medicine"]);
    await typedBeforeHydration(page, "/questionnaire", async () => {
      await medicine.fill("Letrox 75 µg");
    });

    await stepFormReady(page);
    await expect(medicine).toHaveValue("Letrox 75 µg");
    await page.getByRole("link", { name: "Tagasi" }).click();
    const leave = page.getByRole("dialog", { name: "Salvestamata muudatused" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Jää lehele" }).click();
    await expect(page).toHaveURL("/questionnaire");
    await expect(medicine).toHaveValue("Letrox 75 µg");
  });
});
