/**
 * Each step's form as a screen reader is given it (issue 12), JavaScript on and off: names,
 * the required state before any error, the invalid state with its description after a
 * submit, slider values before and after a change. `formControls` reads Chromium's
 * accessibility tree (tests/e2e/a11y-tree.ts); `toMatchAriaSnapshot` checks the structure.
 * A slider's value is what the screen-reader model hears (tests/e2e/screen-reader.ts):
 * Chromium 156's DevTools tree stopped reporting aria-valuetext (issue 24 item 6).
 */
import type { Page } from "@playwright/test";
import { control, formControls } from "./a11y-tree";
import { expect, expectNoAxeViolations, failedLoad, freshPersonalCode, jsEnabled, test } from "./fixtures";
import { readPage } from "./screen-reader";
import { customerOnBeneficiaries, customerOnOffer, customerOnPackage, customerOnQuestionnaire, registerViaApi, signInViaApi } from "./journey";

const REQUIRED = "Viga: See väli on kohustuslik.";
const MARK = "(kohustuslik)";
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A description that starts with the required mark. */
const MARKED = new RegExp(`^${escape(MARK)} `);

/** The slider named `name` as the screen-reader model reads it ("slider, <name>, …, current value <value text>"). */
async function heardSlider(page: Page, name: string) {
  const phrases = (await readPage(page)).phrases.filter((phrase) => phrase.startsWith(`slider, ${name}, `));
  expect(phrases, `one slider named "${name}"`).toHaveLength(1);
  return phrases[0];
}

/** JavaScript has taken over the page (sliders speak their value text then). */
async function hydrated(page: Page) {
  if (jsEnabled()) await expect(page.locator("input[type=range]").first()).toHaveAttribute("aria-valuetext", /./);
}

test("sign-in: the personal code is required; after an empty submit it is invalid and says why, and the title says Error", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await page.goto("/login");
  expect(await control(page, "textbox", "Isikukood")).toBe('textbox "Isikukood" required "11 numbrit, näiteks 3 8 5 0 3 0 2 0 1 3 9"');
  await expect(page.getByRole("group", { name: "Sisselogimise viis" })).toHaveAccessibleDescription(MARK);

  await page.getByRole("button", { name: "Logi sisse" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Vormis on vigu" })).toBeFocused();
  await expect(page).toHaveTitle(/^Viga: /);
  expect(await control(page, "textbox", "Isikukood")).toBe(`textbox "Isikukood" required invalid "11 numbrit, näiteks 3 8 5 0 3 0 2 0 1 3 9 ${REQUIRED}"`);
  await expectNoAxeViolations(page);
});

test("account: required fields marked before any error, invalid with their message after", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await signInViaApi(page);
  await page.goto("/account");
  await expect(page.locator("form:has(input[name=email])")).toMatchAriaSnapshot(`
    - group "Kontaktandmed":
      - textbox "E-posti aadress"
      - textbox "Telefoninumber": "+372"
    - group "Töö ja raha päritolu":
      - textbox "Amet või tegevusala"
      - combobox "Raha päritolu"
  `);
  const before = await formControls(page);
  expect(before).toContain('textbox "E-posti aadress" required');
  expect(before.find((line) => line.startsWith('textbox "Telefoninumber"'))).toMatch(/^textbox "Telefoninumber" required "Koos riigi suunakoodiga/);
  expect(before.filter((line) => line.includes("invalid"))).toEqual([]);
  await expect(page.getByRole("checkbox", { name: /terviseandmeid/ })).toHaveAccessibleDescription(MARK);
  await expect(page.getByRole("checkbox", { name: /uudiseid/ })).toHaveAccessibleDescription("");

  await page.getByRole("button", { name: "Registreeri" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Vormis on vigu" })).toBeFocused();
  const after = await formControls(page);
  expect(after).toContain(`textbox "E-posti aadress" required invalid "${REQUIRED}"`);
  expect(after.find((line) => line.startsWith("checkbox") && line.includes("terviseandmeid"))).toMatch(new RegExp(`invalid "${escape(`${MARK} ${REQUIRED}`)}"$`));
  expect(after.find((line) => line.includes("uudiseid"))).not.toContain("invalid");
  await expectNoAxeViolations(page);
});

test("score: the required question marked; sliders say the value they hold, before and after a change", async ({ page }) => {
  await signInViaApi(page);
  await registerViaApi(page);
  await page.goto("/score");
  await hydrated(page);
  const smoking = page.getByRole("group", { name: "Kas suitsetad?", exact: true });
  await expect(smoking).toHaveAccessibleDescription(MARKED);
  await expect(page.getByRole("group", { name: "Kuidas kirjeldaksid oma toitumist?", exact: true })).not.toHaveAccessibleDescription(/kohustuslik/);

  const sleep = page.getByRole("slider", { name: "Uneaeg ööpäevas (tundi)" });
  // With JavaScript the value text says it is unanswered until moved; without it the range says its number.
  expect(await heardSlider(page, "Uneaeg ööpäevas (tundi)")).toMatch(jsEnabled() ? /, current value tunde: 8, vastamata(,|$)/ : /\(tundi\), 8, /);
  await sleep.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(sleep).toHaveValue("7");
  expect(await heardSlider(page, "Uneaeg ööpäevas (tundi)")).toMatch(jsEnabled() ? /, current value tunde: 7(,|$)/ : /\(tundi\), 7, /);
  // Tabbing past the unanswered question, or answering it by arrow key, is no submit: no
  // error summary, no invalid field.
  await smoking.getByRole("radio", { name: "Jah" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
  expect((await formControls(page)).filter((line) => line.includes("invalid"))).toEqual([]);
  await smoking.getByRole("radio", { name: "Jah" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
  expect((await formControls(page)).filter((line) => line.includes("invalid"))).toEqual([]);
});

test("package: the cover sliders say their amount as it moves; one announcement per settled estimate", async ({ page }) => {
  await customerOnPackage(page);
  await page.goto("/package");
  await hydrated(page);
  const death = page.getByRole("slider", { name: "Elukindlustuse kaitse" });
  expect(await heardSlider(page, "Elukindlustuse kaitse")).toMatch(jsEnabled() ? /, current value 50\s000\s€(,|$)/ : /kaitse, 50000, /);
  await death.focus();
  await page.keyboard.press("ArrowRight");
  await expect(death).toHaveValue("55000");
  expect(await heardSlider(page, "Elukindlustuse kaitse")).toMatch(jsEnabled() ? /, current value 55\s000\s€(,|$)/ : /kaitse, 55000, /);
  // The amount beside the slider is no live region; the total is not one either.
  await expect(page.locator("#death-amount")).toHaveAttribute("aria-live", "off");
  await expect(page.locator("[aria-live]:not([aria-live=off]), [role=status], [role=alert], output:not([aria-live=off])").filter({ hasText: /€/ })).toHaveCount(jsEnabled() ? 1 : 0);
  if (jsEnabled()) {
    const announcement = page.locator("[data-estimate-announcement]");
    await expect(announcement).toHaveAttribute("aria-live", "polite");
    await expect(announcement).toHaveText(/^Kokku kuus \d+,\d\d\u00a0€$/);
    await expect(announcement).toHaveText(await page.locator('[data-line="total"]').textContent().then((total) => `Kokku kuus ${total}`));
  }
});

test("questionnaire: height, weight and every question marked required", async ({ page }) => {
  await customerOnQuestionnaire(page);
  await page.goto("/questionnaire");
  const controls = await formControls(page);
  expect(controls.find((line) => line.startsWith('textbox "Pikkus (cm)"'))).toMatch(/ required /);
  expect(controls.find((line) => line.startsWith('textbox "Kaal (kg)"'))).toMatch(/ required /);
  const questions = page.locator("fieldset.question");
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(questions.nth(i)).toHaveAccessibleDescription(MARKED);
});

test("beneficiaries: a wrong share total marks every share field invalid and describes the error on it", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await customerOnBeneficiaries(page);
  await page.goto("/beneficiaries");
  const first = page.getByRole("group", { name: "Soodustatud isik 1", exact: true });
  await first.getByLabel(/^Eesnimi/).fill("Mari");
  await first.getByLabel(/^Perekonnanimi/).fill("Maasikas");
  await first.getByLabel(/^Isikukood/).fill(freshPersonalCode({ age: 30 }));
  await first.getByLabel("Osa protsentides").fill("60");
  await first.getByLabel("E-posti aadress").fill("mari@example.ee");
  await first.getByLabel("Telefoninumber", { exact: true }).fill("+372 5555 1234");
  await page.getByRole("button", { name: "Lisa soodustatud isik" }).click();
  const second = page.getByRole("group", { name: "Soodustatud isik 2", exact: true });
  await second.getByRole("radio", { name: "Ettevõte" }).check();
  await second.getByLabel(/ettevõtte nimi|Ettevõtte nimi/).fill("Näidis OÜ");
  await second.getByLabel(/Registrikood|registrikood/).fill("10123459");
  await second.getByLabel("Osa protsentides").fill("30");
  await second.getByLabel("E-posti aadress").fill("info@naidis.ee");
  await second.getByLabel("Telefoninumber", { exact: true }).fill("+372 600 1234");
  await page.getByRole("button", { name: "Salvesta ja jätka" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Vormis on vigu" })).toBeFocused();
  const total = "Viga: Soodustatud isikute osade summa peab olema täpselt 100%.";
  const shares = (await formControls(page)).filter((line) => line.startsWith('textbox "Osa protsentides"'));
  expect(shares).toHaveLength(2);
  for (const line of shares) expect(line).toMatch(new RegExp(`required invalid ".*${escape(total)}"$`));
  await expect(first.getByLabel("Osa protsentides")).toHaveAttribute("aria-invalid", "true");
  await expect(second.getByLabel("Osa protsentides")).toHaveAttribute("aria-invalid", "true");
  // Nothing else is wrong.
  expect((await formControls(page)).filter((line) => line.includes("invalid") && !line.startsWith('textbox "Osa protsentides"'))).toEqual([]);
  await expectNoAxeViolations(page);
});

test("offer: the consents marked required; after an empty submit invalid with their message", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await customerOnOffer(page);
  await page.goto("/offer");
  const consent = page.getByRole("checkbox", { name: /taotluses esitatud andmed/ });
  await expect(consent).toHaveAccessibleDescription(MARK);
  expect((await formControls(page)).filter((line) => line.includes("invalid"))).toEqual([]);
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Vormis on vigu" })).toBeFocused();
  await expect(consent).toHaveAccessibleDescription(/^\(kohustuslik\) Viga: /);
  expect((await formControls(page)).filter((line) => line.startsWith("checkbox") && line.includes("invalid"))).toHaveLength(3);
});

test("the step indicator says which steps are done", async ({ page }) => {
  await customerOnQuestionnaire(page);
  await page.goto("/questionnaire");
  await expect(page.getByRole("navigation", { name: "Taotluse sammud" })).toMatchAriaSnapshot(`
    - list:
      - listitem:
        - link "Konto, tehtud"
      - listitem:
        - link "Heaoluskoor, tehtud"
      - listitem:
        - link "Pakett, tehtud"
      - listitem: Terviseankeet, samm 4, kokku 6
      - listitem: Soodustatud isikud
      - listitem: Pakkumine
  `);
});

/**
 * The offer's first-payment breakdown is heard from its visible legend: a list named by the
 * chart's title, each part's label and amount once, the discount as a reduction. The legend
 * was hidden from the tree and a visually hidden table said the same figures a second time.
 */
test("the offer's breakdown: each part's label and amount once, in the legend, named by the chart", async ({ page }) => {
  await customerOnOffer(page);
  await page.goto("/offer");
  const breakdown = page.getByRole("region", { name: "Esimene makse" });
  await expect(breakdown).toMatchAriaSnapshot(`
    - img "Esimese makse jaotus"
    - list "Esimese makse jaotus":
      - listitem: /^Heaolusoodustus \\(−\\d+%\\) −\\d+,\\d\\d\\s€$/
      - listitem: /^Elukindlustus \\d+,\\d\\d\\s€$/
      - listitem: /^Töövõimetuskindlustus \\d+,\\d\\d\\s€$/
      - listitem: /^Terviseteenused \\d+,\\d\\d\\s€$/
      - listitem: /^Liikmetasu \\d+,\\d\\d\\s€$/
  `);
  // Nothing else in the region (a table, a row, a cell) says a part with its amount again.
  const tree = await breakdown.ariaSnapshot();
  for (const part of ["Heaolusoodustus", "Elukindlustus", "Töövõimetuskindlustus", "Terviseteenused", "Liikmetasu"]) {
    expect(tree.match(new RegExp(`${part}( \\(−\\d+%\\))? −?\\d+,\\d\\d\\s€`, "g")), `${part} in\n${tree}`).toHaveLength(1);
  }
});
