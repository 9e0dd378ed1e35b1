/**
 * Loose ends of the records issue, as a customer meets them: the error page keeps the
 * product, the popups carry a header without navigation or logout, a partner's link keeps
 * its partner with an unknown code, and the layout fixes on a 375 px screen.
 */
import { api, customerOnOffer, customerOnPackage, customerOnQuestionnaire, registerViaApi, signInViaApi } from "./journey";
import { expect, expectNoAxeViolations, failedLoad, freshPersonalCode, jsEnabled, signIn, test } from "./fixtures";

test("the error page for an unknown address has the title, the product in the footer, the logo's text and the current language", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedLoad(404));
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Ootamatu viga! | Elukaitse");
  // The footer's year is Tallinn's (the page's clock), not the machine's: they differ on New Year's Eve after 22:00 UTC.
  const year = new Intl.DateTimeFormat("en", { timeZone: "Europe/Tallinn", year: "numeric" }).format(new Date());
  await expect(page.getByRole("contentinfo")).toContainText(`© ${year} Elukaitse.`);
  await expect(page.getByRole("link", { name: "Elukaitse – avaleht" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Keel" }).getByRole("link", { name: "Eesti" })).toHaveAttribute("aria-current", "true");
  await expectNoAxeViolations(page);

  // In another language, the same.
  await page.goto("/no-such-page?lng=en");
  await expect(page).toHaveTitle("Unexpected error! | Elukaitse");
  await expect(page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
});

test("the popups show the logos only: no language switch, no logout", async ({ page }) => {
  await signInViaApi(page);
  await registerViaApi(page);

  await page.goto("/health.html?popup=1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByRole("img", { name: "Elukaitse" })).toBeVisible();
  await expect(header.getByRole("link")).toHaveCount(0);
  await expect(header.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Logi välja" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const { consentUrl } = await api(page, "POST", "/api/integrations/activity/start");
  await page.goto(`${consentUrl}&popup=1`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Logi välja" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The ordinary pages keep the whole header.
  await page.goto("/score");
  await expect(page.getByRole("button", { name: "Logi välja" })).toBeVisible();
});

test("a partner's link with an unknown promo code keeps the partner: logo and consent", async ({ page }) => {
  await page.goto("/login?src=sportclub&promo=NOPE");
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await expect(page.getByRole("banner").getByRole("img", { name: /Spordiklubi/ })).toBeVisible();
  await expect(page.getByLabel(/Spordiklubi/)).toBeVisible();
  // With JavaScript the code is looked up once on load; the partner must still be there after it.
  await page.waitForTimeout(1500);
  await expect(page.getByRole("banner").getByRole("img", { name: /Spordiklubi/ })).toBeVisible();
  await expect(page.getByLabel(/Spordiklubi/)).toBeVisible();
});

test.describe("on a 375 px screen", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("each package service's checkbox sits beside its label", async ({ page }) => {
    await customerOnPackage(page);
    await page.goto("/package");
    for (const name of [/Iga-aastane tervisekontroll/, /Vaimse tervise nõustamine/, /Füsioteraapia/, /Ööpäevaringne arstiliin/]) {
      const box = (await page.getByRole("checkbox", { name }).boundingBox())!;
      const label = (await page.locator("label", { hasText: name }).boundingBox())!;
      expect(label.x, "the label starts right of the checkbox").toBeGreaterThan(box.x + box.width);
      expect(label.y, "on the checkbox's line").toBeLessThan(box.y + box.height);
    }
  });

  test("the Russian offer legend keeps each amount on one line", async ({ page }) => {
    await customerOnOffer(page);
    await page.goto("/offer?lng=ru");
    const amounts = page.locator(".breakdown__amount");
    await expect(amounts.first()).toBeVisible();
    for (const amount of await amounts.all()) {
      const box = (await amount.boundingBox())!;
      const lineHeight = await amount.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box.height).toBeLessThan(lineHeight * 1.5);
    }
  });

  test("a short questionnaire title has no line beside it: the question's border is above it", async ({ page }) => {
    await customerOnQuestionnaire(page);
    await page.goto("/questionnaire");
    const question = page.locator("fieldset.question").first();
    await expect(question).toBeVisible();
    const [legendTop, fieldsetTop] = await question.evaluate((el) => [el.querySelector("legend")!.getBoundingClientRect().top, el.getBoundingClientRect().top]);
    // A legend cutting the border would straddle the fieldset's top edge.
    expect(legendTop).toBeGreaterThan(fieldsetTop);
  });
});

test.describe("the demo persons", () => {
  test("Olev Oja answered the short questionnaire before turning 50: the questionnaire's age warning", async ({ page }) => {
    // Nothing here saves, so both projects can use him.
    await signIn(page, "37502020274");
    await expect(page).toHaveURL("/questionnaire");
    const warning = "Sinu vanuse tõttu on nüüd vaja täita põhjalikum terviseankeet.";
    if (jsEnabled()) {
      const dialog = page.getByRole("dialog", { name: "Terviseankeet vajab uuendamist" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(warning);
    } else {
      await expect(page.getByRole("status").getByText(warning)).toBeVisible();
    }
  });

  test("Helle Hein, a policyholder without services: the empty services message", async ({ page }) => {
    // Her bills tab is empty only on the seed day (her cover, and her first invoice, start the
    // next day), and this run's database may have been seeded before midnight in Tallinn; the
    // empty bills message is heard with a fresh policyholder of the test's own
    // (screen-reader.spec.ts, withdrawal.spec.ts).
    await signIn(page, "48808080194");
    await expect(page).toHaveURL("/self-service/insurance");
    await page.goto("/self-service/services");
    await expect(page.getByText("Sul ei ole valitud ühtegi terviseteenust.")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
