/**
 * What a buyer is told before signing (issue 20 item 3), with JavaScript on and off: the
 * offer's term and renewal and its premium-by-age table, the pre-contract information linked
 * from the package and offer steps (public, or with the customer's own price), and the insurer
 * in every page's footer. Axe on each.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { customerOnOffer, customerOnPackage } from "./journey";

async function expectInsurerFooter(page: Page) {
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Kindlustusandja Elukaitse AS, registrikood 12345678, Narva mnt 7, 10117 Tallinn. Tegevusluba 4.1-1/99, järelevalve: Finantsinspektsioon.");
  await expect(footer.getByRole("link", { name: "Kaebused" })).toHaveAttribute("href", "/pre-contract-information#complaints");
}

test("the offer states the term and renewal and the premium for this policy year and the next five", async ({ page }) => {
  // Five /api steps to reach the offer, then the page and an axe scan: on a busy machine more than the default 30 s.
  test.slow();
  await customerOnOffer(page);
  await page.goto("/offer");
  const term = page.getByRole("region", { name: "Lepingu kestus ja pikendamine" });
  await expect(term).toContainText("Üks aasta:");
  await expect(term).toContainText("Pikeneb automaatselt aasta kaupa");
  await expect(term).toContainText("Arvutatakse uuesti sinu tolleaegse vanuse ja heaolusoodustuse järgi.");
  await expect(term).toContainText("30 päeva jooksul pärast allkirjastamist");
  const table = page.getByRole("table", { name: "Kuidas makse vanusega muutub" });
  // 100 000 / 50 000 stays within every limit for the next five years: no cover column.
  await expect(table.getByRole("columnheader")).toHaveText(["Alates", "Vanus", "Kuumakse"]);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(6);
  // The first year is the offer's own monthly payment at today's age; the sixth five years older.
  const total = (await page.getByText(/^Kuumakse kokku: /).first().textContent())!.replace("Kuumakse kokku: ", "").trim();
  await expect(rows.first().getByRole("cell").last()).toHaveText(total);
  const age = Number((await page.getByRole("definition").filter({ hasText: /^\d+ aastat$/ }).textContent())!.split(" ")[0]);
  await expect(rows.first().getByRole("cell").first()).toHaveText(String(age));
  await expect(rows.last().getByRole("cell").first()).toHaveText(String(age + 5));
  await expectInsurerFooter(page);
  await expectNoAxeViolations(page);
});

test("the package step links the pre-contract information: the general version before a package is saved", async ({ page }) => {
  await customerOnPackage(page);
  await page.goto("/package");
  await expect(page.getByRole("link", { name: "Lepingueelne teave (PDF)" })).toHaveAttribute("href", "/api/pre-contract-information?lng=et");
  await page.getByRole("link", { name: "Lepingueelne teave veebilehena" }).click();
  await expect(page).toHaveURL(/\/pre-contract-information$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lepingueelne teave" })).toBeVisible();
  await expect(page.getByText("Üldine versioon. Oma hinna näed siin pärast paketi valimist.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Mis ei ole kindlustatud" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Kuidas kaevata" })).toBeVisible();
  await page.getByRole("link", { name: "Tagasi liitumise juurde" }).click();
  await expect(page).toHaveURL(/\/package$/);
});

test("the offer step links the pre-contract information with the customer's own price, as a page and a PDF", async ({ page }) => {
  test.slow();
  await customerOnOffer(page);
  await page.goto("/offer");
  const pdf = await page.request.get((await page.getByRole("link", { name: "Lepingueelne teave (PDF)" }).getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await page.getByRole("link", { name: "Lepingueelne teave veebilehena" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lepingueelne teave" })).toBeVisible();
  await expect(page.getByText("Koostatud kliendile Test Kasutaja tema valitud paketi järgi.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Kuidas makse vanusega muutub" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the pre-contract information needs no sign-in, and the footer's complaints link reaches its section", async ({ page }) => {
  await page.goto("/");
  await expectInsurerFooter(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Kaebused" }).click();
  await expect(page).toHaveURL(/\/pre-contract-information#complaints$/);
  await expect(page.locator("#complaints")).toHaveText("Kuidas kaevata");
  await expect(page.getByText(/^Kirjuta kõigepealt kindlustusandjale: kaebused@elukaitse\.ee\./)).toBeVisible();
  await expectInsurerFooter(page);
  await expectNoAxeViolations(page);
});

for (const [lng, title, supervision] of [
  ["en", "Pre-contract information", "Licensed (4.1-1/99) and supervised by Finantsinspektsioon."],
  ["ru", "Преддоговорная информация", "Лицензия 4.1-1/99, надзор: Finantsinspektsioon."],
] as const) {
  test(`the pre-contract information in ${lng}`, async ({ page }) => {
    await page.goto(`/pre-contract-information?lng=${lng}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(supervision);
    // The supervisor's Estonian name is read in Estonian (WCAG 3.1.2).
    await expect(page.getByRole("contentinfo").getByText("Finantsinspektsioon", { exact: true })).toHaveAttribute("lang", "et");
    // So is it in the document, the insurer's supervision and the complaint (the insurance conditions' too).
    for (const path of ["/pre-contract-information", "/insurance-conditions"]) {
      if (path !== "/pre-contract-information") await page.goto(`${path}?lng=${lng}`);
      const main = page.getByRole("main");
      await expect(main.getByText("Finantsinspektsioon", { exact: true })).toHaveCount(2);
      for (const name of await main.getByText("Finantsinspektsioon", { exact: true }).all()) await expect(name).toHaveAttribute("lang", "et");
      await expect(main).not.toContainText("<et>");
    }
    await expectNoAxeViolations(page);
  });
}

test("the pre-contract information states how premiums are paid, the tax, the law and where the solvency report is (decision 0296)", async ({ page }) => {
  await page.goto("/pre-contract-information?lng=en");
  const value = (term: string) => page.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd");
  await expect(value("Payment")).toHaveText(/^A monthly invoice, due in \d+ days, while the contract runs\. No VAT\. Income tax: https:\/\/\S+$/);
  await expect(value("Law")).toHaveText("Estonian; the court and language: the conditions' “Law and language”.");
  await expect(value("Report")).toHaveText(/^on solvency and financial condition: https:\/\/\S+$/);
  await expectNoAxeViolations(page);
});

test("the insurance conditions need no sign-in: a page and its PDF, stating what the pre-contract information states", async ({ page }) => {
  await page.goto("/insurance-conditions");
  await expect(page.getByRole("heading", { level: 1, name: "Kindlustustingimused" })).toBeVisible();
  // The same exclusions as the pre-contract information (decision 0283), and the ending online.
  const excluded = page.getByRole("heading", { level: 2, name: "Mis ei ole kindlustatud" }).locator("xpath=following-sibling::ul[1]").getByRole("listitem");
  await expect(excluded).toHaveCount(5);
  await expect(page.getByText(/iseteeninduses \(vahekaart „Kindlustus“\) e-ID-ga kinnitades/).first()).toBeVisible();
  await expect(page.getByText(/päeval, mil kindlustusandja taotluse vastu võtab/)).toBeVisible();
  const pdf = await page.request.get((await page.getByRole("link", { name: "Kindlustustingimused: laadi alla PDF" }).getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await expectInsurerFooter(page);
  await expectNoAxeViolations(page);
  // The static page of before is a permanent redirect to this one, in its language.
  const old = await page.request.get("/documents/conditions.ru.html", { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()["location"]).toBe("/insurance-conditions?lng=ru");
  await page.goto("/documents/conditions.en.html");
  await expect(page.getByRole("heading", { level: 1, name: "Insurance conditions" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the footer names the insurer on the sign-in and failed sign-in pages too", async ({ page }) => {
  for (const path of ["/login", "/login-failed/locked"]) {
    await page.goto(path);
    await expectInsurerFooter(page);
  }
  await expectNoAxeViolations(page);
});
