/**
 * Typing a life cover never lowers the disability cover on the way (docs/decisions/0266): the
 * cap "disability never above life" applies to the settled life cover (the field left or
 * Enter, or the slider moved), and when it lowers disability the page says so, in the field's
 * group and once in the estimate's announcement. The landing page's quote and the package
 * step share the covers (app/components/covers.tsx), so both are walked. Only with JavaScript:
 * without it nothing happens between keystrokes, and the server's schema applies the cap to
 * what is posted (docs/decisions/0261).
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, freshPersonalCode, hydrated, test } from "./fixtures";
import { api, customerOn, quoteTotal } from "./journey";
import { formatMoney } from "~/lib/euro";
import { NEEDS_JS } from "./projects";

const total = (page: Page) => page.locator('[data-line="total"]');
const announcement = (page: Page) => page.locator("[data-estimate-announcement]");
const euro = (cents: number, language: "et" | "en") => formatMoney(cents, language);

/**
 * The notice under the disability cover, not the estimate's announcement, which starts with
 * the same words once it has said them (both matched, at random, as the announcement came first).
 */
const notice = (page: Page, words: RegExp) => page.getByText(words).and(page.locator(":not([aria-live])"));

const EN = {
  lifeTyped: (page: Page) => page.getByRole("textbox", { name: "Life insurance protection in euro" }),
  lifeSlider: (page: Page) => page.getByRole("slider", { name: "Life insurance protection" }),
  disabilityTyped: (page: Page) => page.getByRole("textbox", { name: "Disability insurance protection in euro" }),
  disabilitySlider: (page: Page) => page.getByRole("slider", { name: "Disability insurance protection" }),
  lowered: (page: Page) => notice(page, /^Your disability insurance protection is now/),
};
const ET = {
  lifeTyped: (page: Page) => page.getByRole("textbox", { name: "Elukindlustuse kaitse eurodes" }),
  disabilityTyped: (page: Page) => page.getByRole("textbox", { name: "Töövõimetuskindlustuse kaitse eurodes" }),
  lowered: (page: Page) => notice(page, /^Töövõimetuskindlustuse kaitse on nüüd/),
};

/** The English quote for a 40-year-old, hydrated (the covers' coupling is the browser's). */
async function quoteAt40(page: Page) {
  await page.goto("/?lng=en");
  await hydrated(page);
  await page.getByLabel("Age", { exact: true }).fill("40");
}

/** Types an amount into a cover's field and leaves it. */
async function typeAndLeave(field: ReturnType<Page["locator"]>, amount: string) {
  await field.fill(amount);
  await field.press("Tab");
  await expect(field).toHaveValue(amount);
}

test.describe("typing the life cover", { tag: NEEDS_JS }, () => {
  test("quote: a digit taken back and typed again leaves the chosen disability cover, its price and the Continue link as they were", async ({ page }) => {
    await quoteAt40(page);
    await typeAndLeave(EN.disabilityTyped(page), "30000");
    await typeAndLeave(EN.lifeTyped(page), "150000");

    const life = EN.lifeTyped(page);
    await life.click();
    await life.press("End");
    await life.press("Backspace");
    await expect(life).toHaveValue("15000");
    // Not settled yet: the disability cover the customer chose stays.
    await expect(EN.disabilityTyped(page)).toHaveValue("30000");
    await life.pressSequentially("0");
    await expect(life).toHaveValue("150000");
    await life.press("Tab");

    await expect(EN.disabilityTyped(page)).toHaveValue("30000");
    await expect(EN.disabilitySlider(page)).toHaveValue("30000");
    await expect(total(page)).toHaveText(euro(await quoteTotal(page, "age=40&life=150000&disability=30000"), "en"));
    await expect(page.getByRole("link", { name: "Continue with these choices" })).toHaveAttribute("href", "/login?life=150000&disability=30000");
    await expect(EN.lowered(page)).toHaveCount(0);
  });

  test("quote: 150000 typed into the emptied life field keeps the default disability cover", async ({ page }) => {
    await quoteAt40(page);
    const life = EN.lifeTyped(page);
    await life.fill("");
    await life.pressSequentially("150000");
    await expect(life).toHaveValue("150000");
    await expect(EN.disabilityTyped(page)).toHaveValue("20000");
    await life.press("Tab");

    await expect(EN.disabilityTyped(page)).toHaveValue("20000");
    await expect(total(page)).toHaveText(euro(await quoteTotal(page, "age=40&life=150000&disability=20000"), "en"));
    await expect(page.getByRole("link", { name: "Continue with these choices" })).toHaveAttribute("href", "/login?life=150000&disability=20000");
    await expect(EN.lowered(page)).toHaveCount(0);
  });

  test("package step: 100000 typed into the emptied life field keeps 100 000 of disability, and it is saved", async ({ page }) => {
    await customerOn(page, "package", freshPersonalCode({ age: 40 }));
    await page.goto("/package");
    await hydrated(page);
    await typeAndLeave(ET.lifeTyped(page), "100000");
    await typeAndLeave(ET.disabilityTyped(page), "100000");

    const life = ET.lifeTyped(page);
    await life.fill("");
    await life.pressSequentially("100000");
    await expect(ET.disabilityTyped(page)).toHaveValue("100000");
    await life.press("Tab");
    await expect(ET.disabilityTyped(page)).toHaveValue("100000");
    await expect(ET.lowered(page)).toHaveCount(0);

    await page.getByRole("button", { name: "Salvesta ja jätka" }).click();
    await expect(page).toHaveURL("/questionnaire");
    expect(await api(page, "GET", "/api/onboarding/proposal")).toMatchObject({ sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000 });
  });

  test("quote: a life cover left below the disability cover lowers it, and the page says so once", async ({ page }) => {
    await quoteAt40(page);
    await typeAndLeave(EN.disabilityTyped(page), "30000");
    const life = EN.lifeTyped(page);
    await life.fill("25000");
    // Still being typed: nothing is lowered yet.
    await expect(EN.disabilityTyped(page)).toHaveValue("30000");
    await life.press("Tab");

    await expect(EN.disabilityTyped(page)).toHaveValue("25000");
    const said = "Your disability insurance protection is now 25\u00a0000 € instead of the 30\u00a0000 € you chose: it cannot exceed the life insurance protection.";
    await expect(EN.lowered(page)).toHaveText(said);
    // Heard where the disability cover is read, and once with the settled price (not a live region of its own).
    await expect(EN.disabilityTyped(page)).toHaveAccessibleDescription(new RegExp(said.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    const lowered = await quoteTotal(page, "age=40&life=25000&disability=25000");
    await expect(total(page)).toHaveText(euro(lowered, "en"));
    await expect(announcement(page)).toHaveText(`${said} Total per month ${euro(lowered, "en")}`);
    await expect(page.getByRole("link", { name: "Continue with these choices" })).toHaveAttribute("href", "/login?life=25000&disability=25000");
    await expectNoAxeViolations(page);

    // The next price is announced alone; the notice stays true (disability does not climb back).
    await EN.lifeSlider(page).fill("60000");
    const raised = await quoteTotal(page, "age=40&life=60000&disability=25000");
    await expect(announcement(page)).toHaveText(`Total per month ${euro(raised, "en")}`);
    await expect(EN.lowered(page)).toHaveText(said);
    // The customer's own disability choice ends the notice.
    await typeAndLeave(EN.disabilityTyped(page), "40000");
    await expect(EN.lowered(page)).toHaveCount(0);
  });

  test("quote: an earlier estimate answering while the lowered one waits its 300 ms is not taken as it: the settled price is announced", async ({ page }) => {
    // The page's clock, to hold the lowered cover's estimate in its wait while an earlier one answers.
    await page.clock.install();
    await quoteAt40(page);
    await expect(page.locator("section.estimate")).toHaveAttribute("aria-busy", "false");
    const lifeBefore = await EN.lifeTyped(page).inputValue();
    // The estimate of the disability cover chosen next is held on its way.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = () => {};
    const onItsWay = new Promise<void>((resolve) => (sent = resolve));
    await page.route(
      (url) => url.searchParams.has("seq"),
      async (route) => {
        sent();
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await typeAndLeave(EN.disabilityTyped(page), "30000");
    await onItsWay;

    // The life cover left below it: the lowered covers' estimate waits, the clock stopped.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10);
    const life = EN.lifeTyped(page);
    await life.fill("25000");
    await life.press("Tab");
    await expect(EN.disabilityTyped(page)).toHaveValue("25000");
    const said = "Your disability insurance protection is now 25\u00a0000 € instead of the 30\u00a0000 € you chose: it cannot exceed the life insurance protection.";
    await expect(EN.lowered(page)).toHaveText(said);

    // The earlier estimate answers now: shown, but the page is still updating and says nothing of it.
    release();
    const earlier = await quoteTotal(page, `age=40&life=${lifeBefore}&disability=30000`);
    await expect(total(page)).toHaveText(euro(earlier, "en"));
    await expect(page.locator("section.estimate")).toHaveAttribute("aria-busy", "true");
    await expect(announcement(page)).not.toContainText(euro(earlier, "en"));

    // The wait ends: the lowered covers' price, announced with the news.
    await page.clock.resume();
    const lowered = await quoteTotal(page, "age=40&life=25000&disability=25000");
    await expect(total(page)).toHaveText(euro(lowered, "en"));
    await expect(announcement(page)).toHaveText(`${said} Total per month ${euro(lowered, "en")}`);
  });

  test("package step: Enter on a life cover below the disability cover lowers it and says so", async ({ page }) => {
    await customerOn(page, "package", freshPersonalCode({ age: 40 }));
    await page.goto("/package");
    await hydrated(page);
    await typeAndLeave(ET.disabilityTyped(page), "30000");
    const life = ET.lifeTyped(page);
    await life.fill("20000");
    await expect(ET.disabilityTyped(page)).toHaveValue("30000");
    await life.press("Enter");
    // Enter settles the amount instead of saving the form.
    await expect(page).toHaveURL("/package");
    await expect(ET.disabilityTyped(page)).toHaveValue("20000");
    await expect(ET.lowered(page)).toHaveText("Töövõimetuskindlustuse kaitse on nüüd 20\u00a0000 € valitud 30\u00a0000 € asemel: see ei saa olla suurem kui elukindlustuse kaitse.");
    await expect(announcement(page)).toContainText("Töövõimetuskindlustuse kaitse on nüüd 20\u00a0000 €");

    // Saved as shown: the next page has nothing more to say (docs/decisions/0261).
    await page.getByRole("button", { name: "Salvesta ja jätka" }).click();
    await expect(page).toHaveURL("/questionnaire");
    expect(await api(page, "GET", "/api/onboarding/proposal")).toMatchObject({ sumInsuredForDeathCover: 20_000, sumInsuredForDisabilityCover: 20_000 });
    await expect(page.getByText(/salvestasime lähima lubatud summa/)).toHaveCount(0);
  });
});
