/**
 * The self-service area (issue 6) as the seeded policyholder Jaan Tamm, with JavaScript on
 * and off. The e2e server's database is shared by the whole run and other tests sign in as
 * Jaan Tamm too: nothing here depends on what another test did with his data.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, failedLoad, jsEnabled, PERSONS, signIn, test } from "./fixtures";

const tab = (page: Page, name: string) => page.getByRole("navigation", { name: "Iseteeninduse menüü" }).getByRole("link", { name, exact: true });

async function signInAsJaan(page: Page) {
  await signIn(page, PERSONS.jaanTamm);
  await expect(page).toHaveURL("/self-service/insurance");
}

/** A document link's target: fetched with the page's session, it must be a real PDF. */
async function expectPdfLink(page: Page, link: ReturnType<Page["getByRole"]>) {
  const href = await link.getAttribute("href");
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // And the browser saves it as a file when the customer clicks.
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of saved) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

test("the bare path goes to the insurance tab; the tabs are links and mark the current one", async ({ page }) => {
  await signInAsJaan(page);
  await page.goto("/self-service");
  await expect(page).toHaveURL("/self-service/insurance");
  await expect(tab(page, "Kindlustus")).toHaveAttribute("aria-current", "page");
  for (const [name, path] of [
    ["Teenused", "/self-service/services"],
    ["Arved", "/self-service/bills"],
    ["Heaoluskoor", "/self-service/score"],
    ["Kindlustus", "/self-service/insurance"],
  ] as const) {
    await tab(page, name).click();
    await expect(page).toHaveURL(path);
    await expect(tab(page, name)).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Iseteeninduse menüü" }).locator('[aria-current="page"]')).toHaveCount(1);
  }
  // Inside self-service the header links the user page instead of a logout button.
  await expect(page.getByRole("banner").getByRole("link", { name: "Minu andmed" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Logi välja" })).toHaveCount(0);
});

test("Jaan Tamm sees his insurance and beneficiaries and downloads his policy", async ({ page }) => {
  await signInAsJaan(page);
  await expect(page).toHaveTitle("kindlustus | Elukaitse");
  await expect(page.getByRole("heading", { level: 2, name: "Minu kindlustus" })).toBeVisible();
  const cover = page.getByRole("region", { name: "Kindlustuskaitse" });
  await expect(cover).toContainText(/Surmajuhtumi kindlustussumma\s*100\s000\s€/);
  await expect(cover).toContainText(/Töövõimetuse kindlustussumma\s*50\s000\s€/);

  const beneficiaries = page.getByRole("region", { name: "Soodustatud isikud" }).getByRole("listitem");
  await expect(beneficiaries).toHaveCount(2);
  await expect(beneficiaries.nth(0)).toContainText("Mari Tamm");
  await expect(beneficiaries.nth(0)).toContainText(/Isikukood\s*49005150229/);
  await expect(beneficiaries.nth(0)).toContainText(/Osa\s*60%/);
  await expect(beneficiaries.nth(0)).toContainText("mari.tamm@example.com");
  await expect(beneficiaries.nth(0)).toContainText("+372 5234 5678");
  await expect(beneficiaries.nth(1)).toContainText("Tamme Kodu OÜ");
  await expect(beneficiaries.nth(1)).toContainText(/Registrikood\s*12345678/);
  await expect(beneficiaries.nth(1)).toContainText(/Osa\s*40%/);
  await expectNoAxeViolations(page);

  const documents = page.getByRole("region", { name: "Dokumendid" });
  await expectPdfLink(page, documents.getByRole("link", { name: "Kindlustuspoliis (PDF)" }));
  for (const name of ["Maksegraafik (PDF)", "Avalduse kinnitus (PDF)"]) {
    const response = await page.request.get((await documents.getByRole("link", { name }).getAttribute("href"))!);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  }
});

test("Jaan Tamm sees his services with their links", async ({ page }) => {
  await signInAsJaan(page);
  await tab(page, "Teenused").click();
  await expect(page).toHaveURL("/self-service/services");
  await expect(page).toHaveTitle("teenused | Elukaitse");
  const services = page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  await expect(services).toHaveCount(2);
  await expect(services.nth(0).getByRole("heading")).toHaveText("Iga-aastane tervisekontroll");
  await expect(services.nth(1).getByRole("heading")).toHaveText("Ööpäevaringne arstiliin");
  for (const service of [services.nth(0), services.nth(1)]) {
    const links = service.getByRole("link");
    await expect(links).toHaveCount(2);
    await expect(links.nth(0)).toHaveAttribute("href", /^https:\/\//);
    await expect(links.nth(1)).toHaveAttribute("href", /^https:\/\/.*login/);
    await expect(links.nth(0)).toHaveAccessibleName(/\S.*\(avaneb uues aknas\)/);
  }
  await expectNoAxeViolations(page);
});

test("Jaan Tamm sees his bills, downloads one, and a narrow screen stacks them", async ({ page }) => {
  await signInAsJaan(page);
  await tab(page, "Arved").click();
  await expect(page).toHaveURL("/self-service/bills");
  await expect(page).toHaveTitle("arved | Elukaitse");
  const table = page.getByRole("table", { name: "Arved, uusim eespool" });
  const rows = table.getByRole("row");
  // A header row and one bill a month from the policy start six months ago (that day included).
  await expect(rows).toHaveCount(8);
  await expect(table.getByRole("columnheader", { name: "Summa" })).toBeVisible();
  const latest = rows.nth(1);
  await expect(latest.getByRole("rowheader")).toHaveText(/^EK-\d+-\d{6}$/);
  await expect(latest).toContainText(/\d+,\d\d\s€/);
  const link = latest.getByRole("link", { name: /^Arve EK-\d+-\d{6} kuupäevaga \d\d\.\d\d\.\d{4} \(PDF\)$/ });
  await expect(link).toHaveText(/^\d\d\.\d\d\.\d{4}$/);
  await expectNoAxeViolations(page);
  await expectPdfLink(page, link);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Summa" })).not.toBeInViewport();
  await expect(rows.nth(1)).toHaveCSS("display", "block");
  const box = await rows.nth(1).boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  // The stacked cells keep their labels.
  await expect(rows.nth(1).getByRole("cell").last()).toHaveAttribute("data-label", "Summa");
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});

test("Jaan Tamm fills the current score period, sees it as 'edit', and views a past one", async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(failedLoad(400));
  await signInAsJaan(page);
  await tab(page, "Heaoluskoor").click();
  await expect(page).toHaveURL("/self-service/score");
  await expect(page).toHaveTitle("heaoluskoor | Elukaitse");
  const table = page.getByRole("table", { name: "Perioodid, uusim eespool" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expectNoAxeViolations(page);

  // The current period is on top: 'start filling', or 'edit' when another test of this run got there first.
  const current = table.getByRole("row").nth(1);
  const currentLink = current.getByRole("link", { name: /^(alusta täitmist|muuda),/ });
  await expect(currentLink).toBeVisible();
  const startedFresh = (await currentLink.textContent())!.startsWith("alusta täitmist");
  if (startedFresh) await expect(currentLink).toHaveAttribute("href", "/self-service/score/new");
  await currentLink.click();
  await expect(page).toHaveURL(/\/self-service\/score\/(new|\d+)$/);
  await expect(page.getByRole("heading", { level: 2, name: /^Heaoluskoor, / })).toBeVisible();
  await expect(tab(page, "Heaoluskoor")).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  const smoking = page.getByRole("group", { name: "Kas suitsetad?", exact: true });
  await smoking.getByRole("radio", { name: "Ei" }).check();
  await page.getByRole("textbox", { name: /Stressitase viimasel kuul numbrina/ }).fill("3");
  await page.getByRole("button", { name: "Salvesta", exact: true }).click();
  // Not every question is answered: the confirmation first (a modal, or a page state).
  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: "Kõigile küsimustele pole vastatud" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Salvesta siiski" }).click();
  } else {
    const panel = page.getByRole("region", { name: "Kõigile küsimustele pole vastatud" });
    await expect(panel).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole("button", { name: "Salvesta siiski" }).click();
  }
  await expect(page).toHaveURL("/self-service/score");

  // Saved: the current period now has an id, so its link is 'edit', with the score shown.
  const edit = table.getByRole("row").nth(1).getByRole("link", { name: /^muuda,/ });
  await expect(edit).toHaveAttribute("href", /^\/self-service\/score\/\d+$/);
  // The score in points, the discount beside it in percent.
  await expect(table.getByRole("row").nth(1).getByRole("cell").nth(1)).toHaveText(/^\d+ punkti?$/);

  // A past period opens read-only, with what was saved then.
  const past = table.getByRole("row").nth(3);
  await expect(past.getByRole("cell").first()).toHaveText("14%");
  await expect(past.getByRole("cell").nth(1)).toHaveText("81 punkti");
  await past.getByRole("link", { name: /^vaata,/ }).click();
  await expect(page).toHaveURL(/\/self-service\/score\/\d+$/);
  await expect(page.getByText("Neid vastuseid ei saa enam muuta.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Sammude arv päevas" })).toHaveValue("7000");
  await expect(page.getByRole("textbox", { name: "Sammude arv päevas" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Salvesta", exact: true })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Tagasi" }).click();
  await expect(page).toHaveURL("/self-service/score");

  // An id that is not his (or not a number) goes back to the list.
  await page.goto("/self-service/score/999999999");
  await expect(page).toHaveURL("/self-service/score");
});

test("Jaan Tamm checks his details and logs out", async ({ page }) => {
  await signInAsJaan(page);
  await page.getByRole("banner").getByRole("link", { name: "Minu andmed" }).click();
  await expect(page).toHaveURL("/self-service/user");
  await expect(page).toHaveTitle("minu andmed | Elukaitse");
  const details = page.getByRole("main").locator("dl");
  await expect(details).toContainText(/Eesnimi\s*Jaan/);
  await expect(details).toContainText(/Perekonnanimi\s*Tamm/);
  await expect(details).toContainText(/Isikukood\s*38503020139/);
  await expect(details).toContainText(/E-post\s*jaan\.tamm@example\.com/);
  await expect(details).toContainText(/Telefon\s*\+372 5123 4567/);
  await expectNoAxeViolations(page);

  await page.getByRole("main").getByRole("button", { name: "Logi välja" }).click();
  await expect(page).toHaveURL("/");
  // The session is gone: self-service asks to sign in again.
  await page.goto("/self-service/insurance");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fself-service%2Finsurance$/);
});

test("each tab's page says which tab it is in its h1, in every language", async ({ page }) => {
  // Without JavaScript a tab's page loads anew at its h1: "Iseteenindus" on every tab told a listener nothing.
  await signInAsJaan(page);
  const tabs = {
    et: ["Iseteenindus", ["Kindlustus", "Teenused", "Arved", "Heaoluskoor", "Andmejälgija"]],
    en: ["Self-service", ["Insurance", "Services", "Bills", "Wellness score", "Data tracker"]],
    ru: ["Самообслуживание", ["Страхование", "Услуги", "Счета", "Оценка благополучия", "Отслеживание данных"]],
  } as const;
  for (const [language, [area, names]] of Object.entries(tabs)) {
    for (const [i, path] of ["insurance", "services", "bills", "score", "data"].entries()) {
      await page.goto(`/self-service/${path}?lng=${language}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${area}: ${names[i]}`);
    }
  }
  // A page of the area that is no tab keeps the area's name.
  await page.goto("/self-service/user?lng=et");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iseteenindus");
});
