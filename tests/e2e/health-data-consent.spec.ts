/**
 * An applicant withdraws the registration's health-data consent on their data page
 * (docs/decisions/0293), with JavaScript on and off: the panel says what withdrawing does before
 * the button is pressed, the withdrawal is said and the consent shown withdrawn, the way back
 * leads to the account step, whose health-data tick is empty again. A post lost on the network
 * is said in the customer's language, the consent as it was, and the second press withdraws it.
 * After a contract ended its holder withdraws it on the user page, told what is kept
 * (docs/decisions/0303).
 */
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, loseNextPost, returningPageHtml, test } from "./fixtures";
import { NEEDS_JS } from "./projects";
import { timeLimit } from "./time-limits";
import { api, customerOn } from "./journey";
import { freshSignedCustomer } from "./policyholder";

test.describe.configure({ timeout: timeLimit(90_000) });

const healthItem = (page: Page, name: string, heading: string) =>
  page.getByRole("region", { name }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: heading }) });

/**
 * On `path`, the health-data consent's button read with what withdrawing does (`described`), the
 * page's HTML within the 6 KB gzip budget (docs/decisions/0230); pressed: the `notice`, the
 * consent shown withdrawn, no button left. Axe before and after.
 */
async function withdrawOnPage(page: Page, path: string, described: RegExp, notice: string) {
  const item = healthItem(page, "Nõusolekud", "Terviseandmete töötlemine");
  await expect(item).toContainText(/Antud \d\d\.\d\d\.\d{4} kell \d\d:\d\d/);
  const button = item.getByRole("button", { name: "Võta nõusolek tagasi: Terviseandmete töötlemine" });
  await expect(button).toHaveAccessibleDescription(described);
  await expectNoAxeViolations(page);
  const html = await returningPageHtml(page, path);
  expect(gzipSync(html).length).toBeLessThanOrEqual(6 * 1024);

  await button.click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("status").filter({ hasText: notice })).toBeVisible();
  await expect(item).toContainText(/Ei ole antud \(alates \d\d\.\d\d\.\d{4} kell \d\d:\d\d\)/);
  await expect(item.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page);
}

test("an applicant on the offer withdraws the health-data consent and is back at the account step, the tick empty", async ({ page }) => {
  await customerOn(page, "offer");
  await page.goto("/self-service/data");
  // What it does, said before the button is pressed, and read with the button.
  await withdrawOnPage(
    page,
    "/self-service/data",
    /kustutame need vastused kohe.*konto sammul uuesti anda ja terviseküsimustele uuesti vastata/,
    "Terviseandmete töötlemise nõusolek on tagasi võetud",
  );

  await page.getByRole("link", { name: "Tagasi", exact: true }).click();
  await expect(page).toHaveURL("/account");
  const tick = page.getByRole("checkbox", { name: /Nõustun, et minu terviseandmeid töödeldakse/ });
  await expect(tick).not.toBeChecked();
  await expect(tick).toHaveAccessibleDescription(/kohustuslik/);
  await expectNoAxeViolations(page);
});

test("a withdrawal lost on the network is said in Russian, the consent as it was; the second press withdraws it", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  // Not in the js-off project: without JavaScript the browser's own form post stays on the page.
  allowConsoleErrors(/Failed to load resource/);
  await customerOn(page, "questionnaire");
  await page.goto("/self-service/data?lng=ru");
  await hydrated(page);
  const item = healthItem(page, "Согласия", "Обработка данных о здоровье");
  const lost = await loseNextPost(page, "/self-service/data");
  const withdraw = item.getByRole("button", { name: "Отозвать согласие: Обработка данных о здоровье" });
  await withdraw.click();
  await expect(page.getByRole("alert").filter({ hasText: "Техническая ошибка. Пожалуйста, попробуйте позже." })).toBeVisible();
  expect(lost()).toBe(true);
  await expect(item).toContainText(/Дано \d\d\.\d\d\.\d{4} в \d\d:\d\d/);
  await expect(withdraw).toBeFocused();
  await expectNoAxeViolations(page);

  await withdraw.click();
  await expect(item).toContainText(/Не дано \(с /);
  await expect(page.getByRole("status").filter({ hasText: "Согласие на обработку данных о здоровье отозвано" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("after withdrawing the contract, its holder withdraws the health-data consent on the user page, told that the signed application stays", async ({ page }) => {
  const code = await freshSignedCustomer(page);
  expect((await api(page, "POST", "/api/self-service/withdrawal", { confirm: true, method: "smart-id", idCode: code })).state).toBe("WITHDRAWN");
  // The header leads there from self-service, as it does a policyholder (the page has the logout).
  await page.goto("/self-service");
  await page.getByRole("banner").getByRole("link", { name: "Minu andmed" }).click();
  await expect(page).toHaveURL("/self-service/user");
  await withdrawOnPage(
    page,
    "/self-service/user",
    /taganemisega lõppenud.*alles jääb allkirjastatud taotlus/,
    "nõusolek on tagasi võetud ja sinu terviseandmed kustutatud; alles on allkirjastatud taotlus",
  );
});
