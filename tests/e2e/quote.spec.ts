/**
 * The quote before signing in (issue 20, docs/decisions/0085-anonymous-quote.md), with
 * JavaScript on and off: the landing page's form, the price and its parts, "continue" into
 * the sign-in, and the package step after it showing the same choices and the same price less
 * the discount the score gave. Keyboard, axe, and the page in English and Russian.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, freshPersonalCode, hydrated, jsEnabled, signIn, test } from "./fixtures";
import { api, registerViaApi, saveScoreViaApi } from "./journey";
import { formatMoney } from "~/lib/euro";
import { encode } from "turbo-stream";
import { NEEDS_JS, WITHOUT_JS } from "./projects";

const total = (page: Page) => page.locator('[data-line="total"]');
const deathSlider = (page: Page, name = "Elukindlustuse kaitse") => page.getByRole("slider", { name });
const disabilityTyped = (page: Page) => page.getByRole("textbox", { name: "Töövõimetuskindlustuse kaitse eurodes" });

/** "20,95 €" for 2095 cents as the page writes it (no-break spaces; "20.95 €" in English). */
const euro = (cents: number, language: "et" | "en" | "ru" = "et") => formatMoney(cents, language);

interface QuoteAnswer {
  estimation: { premiumTotal: number; premiumForDeathCover: number; premiumForDisabilityCover: number; services: Array<{ serviceCode: string; premium: number }> };
  wellnessDiscountUpTo: { percent: number; amount: number };
}

async function quoteOf(page: Page, query: string): Promise<QuoteAnswer> {
  const response = await page.request.get(`/api/quote?${query}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** Without JavaScript the form is posted to see the new price; with it the price follows. */
async function calculate(page: Page) {
  if (!jsEnabled()) await page.getByRole("button", { name: "Arvuta hind" }).click();
}

test("a visitor quotes, continues into the sign-in, and the package step shows the same choices and the quote's price less the score's discount", async ({ page }) => {
  test.slow();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Vaata hinda enne sisselogimist" })).toBeVisible();
  await expect(page.getByText("Sisesta vanus, et näha hinda.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Vanus", { exact: true }).fill("47");
  await calculate(page);
  const first = await quoteOf(page, "age=47");
  await expect(total(page)).toHaveText(euro(first.estimation.premiumTotal));

  await deathSlider(page).fill("250000");
  await disabilityTyped(page).fill("120000");
  await disabilityTyped(page).press("Tab");
  await page.getByRole("checkbox", { name: /Vaimse tervise nõustamine/ }).check();
  await calculate(page);
  const quoted = await quoteOf(page, "age=47&life=250000&disability=120000&packages=MENTAL");
  expect(quoted.estimation.premiumTotal).not.toBe(first.estimation.premiumTotal);
  await expect(total(page)).toHaveText(euro(quoted.estimation.premiumTotal));
  await expect(page.locator('[data-line="death"]')).toHaveText(euro(quoted.estimation.premiumForDeathCover));
  await expect(page.locator('[data-line="disability"]')).toHaveText(euro(quoted.estimation.premiumForDisabilityCover));
  await expect(page.locator('[data-line="service-MENTAL"]')).toHaveText(euro(490));
  await expect(page.locator('[data-line="membershipFee"]')).toHaveText(euro(150));
  // No score and no health answers yet: no discount, a non-smoker, and what the score can take off.
  await expect(page.locator('[data-line="discount"]')).toHaveCount(0);
  await expect(page.getByText(/eeldab, et sa ei suitseta/)).toBeVisible();
  await expect(page.locator('[data-line="discount-up-to"]')).toContainText(`kuni ${quoted.wellnessDiscountUpTo.percent}%`);
  await expect(page.locator('[data-line="discount-up-to"]')).toContainText(euro(quoted.wellnessDiscountUpTo.amount));
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Jätka nende valikutega" }).click();
  await expect(page).toHaveURL("/login?life=250000&disability=120000&packages=MENTAL");
  await signIn(page, freshPersonalCode({ age: 47 }));
  await expect(page).toHaveURL("/account");
  await registerViaApi(page);
  await saveScoreViaApi(page);
  await page.goto("/package");

  await expect(deathSlider(page)).toHaveValue("250000");
  await expect(disabilityTyped(page)).toHaveValue("120000");
  await expect(page.getByRole("checkbox", { name: /Vaimse tervise nõustamine/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Füsioteraapia/ })).not.toBeChecked();
  const signedIn = (await api(page, "POST", "/api/onboarding/calculation", { sumInsuredForDeathCover: 250_000, sumInsuredForDisabilityCover: 120_000, services: ["MENTAL"] })) as {
    premiumTotal: number;
    wellnessDiscount: number;
  };
  // The score earned a discount; within what the quote said it could take off.
  expect(signedIn.wellnessDiscount).toBeGreaterThan(0);
  expect(signedIn.wellnessDiscount).toBeLessThanOrEqual(quoted.wellnessDiscountUpTo.amount);
  expect(signedIn.premiumTotal).toBe(quoted.estimation.premiumTotal - signedIn.wellnessDiscount);
  await expect(total(page)).toHaveText(euro(quoted.estimation.premiumTotal - signedIn.wellnessDiscount));
  await expect(page.locator('[data-line="death"]')).toHaveText(euro(quoted.estimation.premiumForDeathCover));
  await expect(page.locator('[data-line="discount"]')).toContainText(euro(signedIn.wellnessDiscount));
});

test("the covers follow the age's limits, and an age outside 18–64 gets the unavailable answer", async ({ page }) => {
  test.slow();
  await page.goto("/");
  await page.getByLabel("Vanus", { exact: true }).fill("30");
  await calculate(page);
  await deathSlider(page).fill("400000");
  await calculate(page);
  await expect(total(page)).toHaveText(euro((await quoteOf(page, "age=30&life=400000")).estimation.premiumTotal));
  // 62: life cover at most 100 000, disability at most 50 000.
  await page.getByLabel("Vanus", { exact: true }).fill("62");
  await calculate(page);
  await expect(deathSlider(page)).toHaveAttribute("max", "100000");
  await expect(deathSlider(page)).toHaveValue("100000");
  if (!jsEnabled()) await expect(page.getByRole("status").filter({ hasText: "Kindlustussummad muudeti lähimaks sinu vanusele lubatud summaks." })).toBeVisible();
  await expect(total(page)).toHaveText(euro((await quoteOf(page, "age=62&life=100000&disability=20000")).estimation.premiumTotal));

  await page.getByLabel("Vanus", { exact: true }).fill("70");
  await calculate(page);
  await expect(page.getByRole("heading", { name: "Teenus ei ole sulle kahjuks saadaval" })).toBeVisible();
  await expect(total(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Jätka nende valikutega" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

/**
 * The page's own answer to a quote asked for (a link, or the form's submit without JavaScript)
 * takes focus on the load, as the answer to what was asked: the price, and when no price can be
 * given the unavailable answer too. With JavaScript a typed age keeps focus in its field: the
 * answer is said by its status region.
 */
test("the page's answer takes focus on its load: the price, and the unavailable answer as well", async ({ page }) => {
  const unavailable = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Teenus ei ole sulle kahjuks saadaval" }) });
  for (const [query, answer] of [
    ["/?age=30", page.locator("section.estimate")],
    ["/?age=70", unavailable],
  ] as const) {
    await page.goto(query);
    await expect(answer).toBeFocused();
    if (jsEnabled()) {
      // Hydrated (the live form has no "calculate" button), the focus stays where the load put it.
      await hydrated(page);
      await expect(page.getByRole("button", { name: "Arvuta hind" })).toHaveCount(0);
      await expect(answer).toBeFocused();
    }
  }
  await expectNoAxeViolations(page);

  await page.goto("/");
  const age = page.getByLabel("Vanus", { exact: true });
  await age.fill("70");
  await calculate(page);
  await expect(unavailable).toBeVisible();
  await expect(jsEnabled() ? age : unavailable).toBeFocused();
});

test("by keyboard alone, in English and Russian", async ({ page }) => {
  test.slow();
  await page.goto("/?lng=en");
  await expect(page.getByRole("heading", { level: 2, name: "See the price before you sign in" })).toBeVisible();
  await page.getByLabel("Age", { exact: true }).focus();
  await page.keyboard.type("40");
  const slider = deathSlider(page, "Life insurance protection");
  // Tab on to the life cover's slider and one step up.
  for (let i = 0; i < 5 && !(await slider.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(slider).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveValue("55000");
  if (!jsEnabled()) {
    await page.getByRole("button", { name: "Calculate the price" }).focus();
    await page.keyboard.press("Enter");
  }
  const quoted = await quoteOf(page, "age=40&life=55000");
  await expect(total(page)).toHaveText(euro(quoted.estimation.premiumTotal, "en"));
  await expect(page.getByText("Total per month", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Continue with these choices" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/login?life=55000&disability=20000");
  await expectNoAxeViolations(page);

  await page.goto("/?lng=ru&age=40&life=55000");
  await expect(page.getByRole("heading", { level: 2, name: "Узнайте цену до входа" })).toBeVisible();
  await expect(page.getByText("Итого в месяц", { exact: true })).toBeVisible();
  await expect(total(page)).toHaveText(euro(quoted.estimation.premiumTotal, "ru"));
  await expect(page.getByRole("link", { name: "Продолжить с этим выбором" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("without JavaScript, what is no age answers with the error summary, the error title and what was typed", { tag: WITHOUT_JS }, async ({ page, allowConsoleErrors }) => {
  // Not in the js-on project: its age field filters to digits as typed, so this input never reaches
  // the server that way; the server's own check is what this test shows.
  allowConsoleErrors(/status of 400/);
  await page.goto("/");
  await page.getByLabel("Vanus", { exact: true }).fill("abc");
  await page.getByRole("button", { name: "Arvuta hind" }).click();
  await expect(page).toHaveTitle(/^Viga: /);
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Vanus: Sisesta vanus täisaastates, kõige rohkem 130.");
  await expect(summary).toBeFocused();
  await expect(page.getByLabel("Vanus", { exact: true })).toHaveValue("abc");
  await expectNoAxeViolations(page);
});

test("without JavaScript, a refused cover shows back what was typed beside its error, and the sign-in link carries none of the refused choices", { tag: WITHOUT_JS }, async ({ page, allowConsoleErrors }) => {
  // Not in the js-on project: its typed field keeps digits only, so these never reach the server that way.
  allowConsoleErrors(/status of 400/);
  const lifeTyped = page.getByRole("textbox", { name: "Life insurance protection in euro" });
  await page.goto("/?lng=en");
  for (const typed of ["-5000", "100000.5", "１００ ０００"]) {
    await page.getByLabel("Age", { exact: true }).fill("40");
    await lifeTyped.fill(typed);
    await page.getByRole("button", { name: "Calculate the price" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByRole("alert")).toContainText("Life insurance protection: Enter a whole number (digits only).");
    // The field with the error holds what was typed, not an amount the customer never chose.
    await expect(lifeTyped).toHaveValue(typed);
    await expect(lifeTyped).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Age", { exact: true })).toHaveValue("40");
    await expect(page.getByRole("link", { name: "Start" })).toHaveAttribute("href", "/login");
  }
  await expectNoAxeViolations(page);

  // Corrected: the price, and the link carries the quote's choices.
  await lifeTyped.fill("100000");
  await page.getByRole("button", { name: "Calculate the price" }).click();
  await expect(total(page)).toHaveText(euro((await quoteOf(page, "age=40&life=100000")).estimation.premiumTotal, "en"));
  await expect(page.getByRole("link", { name: "Continue with these choices" })).toHaveAttribute("href", "/login?life=100000&disability=20000");

  // A link's refused choices do not reach the sign-in either; the partner's do.
  await page.goto("/?lng=en&src=sportclub&age=abc&life=x&disability=y&packages=Z");
  await expect(lifeTyped).toHaveValue("x");
  await expect(page.getByRole("textbox", { name: "Disability insurance protection in euro" })).toHaveValue("y");
  await expect(page.getByRole("link", { name: "Start" })).toHaveAttribute("href", "/login?src=sportclub");
});

// Only with JavaScript: the page's answer to a link, then the live estimate over it.
test("with JavaScript, a link's refused cover keeps its error and offers no price until corrected", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/);
  const lifeTyped = page.getByRole("textbox", { name: "Life insurance protection in euro" });
  await page.goto("/?lng=en&age=40&life=-5000&disability=20000");
  await hydrated(page);
  // Hydrated, the field still shows what the link asked for, marked, and nothing is priced for it.
  await expect(lifeTyped).toHaveValue("-5000");
  await expect(lifeTyped).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#life-error")).toHaveText("Error: Enter a whole number (digits only).");
  await expect(page.getByRole("alert")).toContainText("Life insurance protection: Enter a whole number (digits only).");
  await expect(page.getByText("Correct the marked field to see the price.")).toBeVisible();
  await expect(total(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Start" })).toHaveAttribute("href", "/login");
  await expectNoAxeViolations(page);

  await lifeTyped.fill("100000");
  await lifeTyped.press("Tab");
  await expect(lifeTyped).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(total(page)).toHaveText(euro((await quoteOf(page, "age=40&life=100000&disability=20000")).estimation.premiumTotal, "en"));
  await expect(page.getByRole("link", { name: "Continue with these choices" })).toHaveAttribute("href", "/login?life=100000&disability=20000");
});

// Only with JavaScript: hydration keeps the page's answer (its summary, focus, title, field
// errors and notices) until the customer changes what it was about.
test("with JavaScript, a link's refused age or package keeps the summary, its focus and the error title until corrected", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/);
  await page.goto("/?lng=en&age=40&packages=FOO");
  await hydrated(page);
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Health services:");
  await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByText("Correct the marked field to see the price.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("checkbox").first().check();
  await expect(summary).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^Error: /);
  await expect(total(page)).toBeVisible();

  await page.goto("/?lng=en&age=abc");
  await hydrated(page);
  const age = page.getByLabel("Age", { exact: true });
  await expect(page.getByRole("alert")).toContainText("Age: Enter your age in whole years, at most 130.");
  await expect(age).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveTitle(/^Error: /);
  await age.fill("40");
  await expect(age).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(total(page)).toBeVisible();

  // The amounts brought within the age's limits: said after hydration too, until a cover moves.
  await page.goto("/?lng=en&age=62&life=400000&disability=150000");
  await hydrated(page);
  await expect(page.getByText("The amounts were changed to the nearest ones allowed for your age.")).toBeVisible();
});

// Only with JavaScript: the live form's own verdict (without it the page's answer, tested above).
test("with JavaScript, an age older than anyone is a typing error, as the page's answer says without it", { tag: NEEDS_JS }, async ({ page }) => {
  await page.goto("/?lng=en");
  await hydrated(page);
  const age = page.getByLabel("Age", { exact: true });
  await age.fill("131");
  await expect(page.getByText("Enter your age in whole years, at most 130.")).toBeVisible();
  await expect(age).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Unfortunately the service is not available to you")).toHaveCount(0);
  // Without JavaScript the same age answers the same error (the /api's and the page's rule).
  expect((await page.request.get("/api/quote?age=131")).status()).toBe(400);
  await age.fill("70");
  await expect(age).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Unfortunately the service is not available to you")).toBeVisible();
});

// Only with JavaScript: the live estimate's own request (without it the form's GET is the
// browser's, and its failure the browser's page).
test("with JavaScript, an estimate that gets no answer says so, keeps what was typed, and is asked for again", { tag: NEEDS_JS }, async ({ page, context, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource/);
  await page.goto("/?lng=en");
  await hydrated(page);
  const age = page.getByLabel("Age", { exact: true });
  await age.fill("40");
  await expect(total(page)).toHaveText(euro((await quoteOf(page, "age=40")).estimation.premiumTotal, "en"));

  await context.setOffline(true);
  await age.fill("45");
  // The page stays (it was the error page), as typed, and says why in the live region too.
  const failed = "The price could not be updated. You seem to be offline. What you typed is kept: try again when the connection is back.";
  await expect(page.locator(".estimate")).toContainText(failed);
  await expect(page.locator("[data-estimate-announcement]")).toHaveText(failed);
  await expect(page.locator(".estimate")).toHaveAttribute("aria-busy", "false");
  await expect(age).toHaveValue("45");
  await expectNoAxeViolations(page);
  // Tried again while still offline: said again (the live region emptied in between).
  const heard = await page.locator("[data-estimate-announcement]").evaluateHandle((region) => {
    const texts: string[] = [];
    new MutationObserver(() => texts.push(region.textContent ?? "")).observe(region, { childList: true, characterData: true, subtree: true });
    return texts;
  });
  await page.getByRole("button", { name: "Try again" }).click();
  await expect.poll(() => heard.evaluate((texts) => texts.join("|"))).toBe(`|${failed}`);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(total(page)).toHaveText(euro((await quoteOf(page, "age=45")).estimation.premiumTotal, "en"));
  await expect(page.getByText("The price could not be updated.")).toHaveCount(0);
});

test("with JavaScript, an estimate over the address's limit says when to try again", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 429/);
  await page.goto("/?lng=ru");
  await hydrated(page);
  // The limit's answer as the server gives it (the page's data, 429), for this page alone: the
  // limit is per address, and every test's browser is 127.0.0.1.
  await page.route(/\/_root\.data\?.*\bage=41\b/, async (route) => {
    const seq = Number(new URL(route.request().url()).searchParams.get("seq"));
    await route.fulfill({ status: 429, headers: { "Content-Type": "text/x-script", "Retry-After": "37" }, body: await encoded({ "routes/_index": { data: { seq, quote: null, limitedSeconds: 37 } } }) });
  });
  await page.getByLabel("Возраст", { exact: true }).fill("41");
  const limited = "Слишком много запросов цены. Попробуйте снова через 37 секунд.";
  await expect(page.locator(".estimate")).toContainText(limited);
  await expect(page.locator("[data-estimate-announcement]")).toHaveText(limited);
});

/** What the server's single fetch sends for `value` (turbo-stream, as Remix encodes a loader's data). */
const encoded = (value: unknown): Promise<string> => new Response(encode(value)).text();
