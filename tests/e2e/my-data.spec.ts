/**
 * "My data" (issue 22 item 5, docs/decisions/0135) as the seeded policyholder Jaan Tamm, with
 * JavaScript on and off: the access log with his own reads, paging by keyboard, and the
 * download of his data. Other tests read Jaan Tamm's documents too: nothing here depends on
 * how many reads his log holds, only on the ones made here. An applicant of the test's own
 * reaches the same page from the account step.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, loseNextPost, PERSONS, signIn, test } from "./fixtures";
import { NEEDS_JS } from "./projects";
import { timeLimit } from "./time-limits";
import { api, customerOn } from "./journey";

const NAV = "Iseteeninduse menüü";

async function openDataTab(page: Page) {
  await signIn(page, PERSONS.jaanTamm);
  await expect(page).toHaveURL("/self-service/insurance");
  await page.getByRole("navigation", { name: NAV }).getByRole("link", { name: "Andmejälgija", exact: true }).click();
  await expect(page).toHaveURL("/self-service/data");
  await expect(page).toHaveTitle("andmejälgija | Elukaitse");
}

const log = (page: Page) => page.getByRole("table", { name: /^Lugemised, uusim eespool/ });

/** The cells' texts of the log's rows on the page (other test files may read Jaan Tamm's data meanwhile: find, don't count). */
const rowTexts = async (page: Page) =>
  (await log(page).getByRole("row").all()).slice(1).map(async (row) => (await row.getByRole("cell").allTextContents()).join(" | "));

// The reads here must not land between each other's; each test signs in and makes up to 22
// requests, which on a loaded 2-core machine runs past the default 30 s.
test.describe.configure({ mode: "serial", timeout: timeLimit(120_000) });

test("Jaan Tamm sees his latest reads first: what, by whom, when", async ({ page }) => {
  await openDataTab(page);
  await expect(page.getByRole("heading", { level: 2, name: "Andmejälgija" })).toBeVisible();
  // Two reads of his own, the policy's PDF and then the payment schedule's web page.
  expect((await page.request.get("/api/documents/policy")).status()).toBe(200);
  expect((await page.request.get("/self-service/documents/payment-schedule")).status()).toBe(200);
  await page.reload();
  await expect(log(page).getByRole("columnheader")).toHaveText(["Millal", "Mida", "Kes", "Põhjus"]);
  const texts = await Promise.all(await rowTexts(page));
  const row = (what: string, who: string) => texts.findIndex((t) => /^\d\d\.\d\d\.\d{4} \d\d:\d\d \| /.test(t) && t.endsWith(` | ${what} | ${who} | –`));
  const schedule = row("Maksegraafik (veebileht)", "Sina");
  // The schedule's age table priced the renewals: the underwriting read the answers.
  const underwriting = row("Terviseankeedi vastused", "Riskihindamine (hinna arvutamine)");
  const policy = row("Kindlustuspoliis (PDF)", "Sina");
  expect(schedule, texts.join("\n")).toBeGreaterThanOrEqual(0);
  expect(schedule, texts.join("\n")).toBeLessThan(underwriting);
  expect(underwriting).toBeLessThan(policy);
  await expect(page.getByRole("navigation", { name: NAV }).getByRole("link", { name: "Andmejälgija" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
});

test("the log pages by keyboard: older and newer reads", async ({ page }) => {
  await openDataTab(page);
  // More than a page of reads (20 a page).
  for (let i = 0; i < 21; i++) expect((await page.request.get("/self-service/documents/policy")).status()).toBe(200);
  await page.reload();
  const pages = page.getByRole("navigation", { name: "Lugemiste leheküljed" });
  const caption = await log(page).locator("caption").textContent();
  const total = Number(/lehekülg 1, kokku (\d+)/.exec(caption ?? "")?.[1]);
  expect(total).toBeGreaterThanOrEqual(2);
  await expect(pages.getByRole("link", { name: "Uuemad" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Vanemad" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/self-service/data?page=2");
  await expect(log(page)).toHaveAccessibleName(`Lugemised, uusim eespool (lehekülg 2, kokku ${total})`);
  await expect(pages).toContainText(`Lehekülg 2, kokku ${total}`);
  await expectNoAxeViolations(page);
  await pages.getByRole("link", { name: "Uuemad" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/self-service/data?page=1");
  await expect(log(page)).toHaveAccessibleName(`Lugemised, uusim eespool (lehekülg 1, kokku ${total})`);
  await expect(log(page).getByRole("row").filter({ hasText: "Kindlustuspoliis (veebileht)" }).first()).toBeVisible();
});

test("Jaan Tamm downloads his data by keyboard: one JSON file, and the download is in his log", async ({ page }) => {
  await openDataTab(page);
  const link = page.getByRole("link", { name: "Laadi alla minu andmed (JSON)" });
  await link.focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const file = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  expect(file).toMatchObject({ format: "elukaitse-my-data", version: 1 });
  expect(file.tables.customers[0]).toMatchObject({ personal_code: PERSONS.jaanTamm, first_name: "Jaan", last_name: "Tamm" });
  expect(file.tables.beneficiaries.map((b: { name: string }) => b.name)).toEqual(["Tamm", "Tamme Kodu OÜ"]);
  expect(file.tables.questionnaires[0].answers).toMatchObject({ height: expect.any(Number) });
  // The page stayed; after a reload the download is the newest read.
  await expect(page).toHaveURL("/self-service/data");
  await page.reload();
  await expect(log(page).getByRole("row").filter({ hasText: "Sinu andmete allalaadimine" }).first().getByRole("cell").nth(2)).toHaveText("Sina");
});

test("in English and Russian", async ({ page }) => {
  await signIn(page, PERSONS.jaanTamm);
  for (const [lng, tab, heading, download] of [
    ["en", "Data tracker", "Who read my data", "Download my data (JSON)"],
    ["ru", "Отслеживание данных", "Кто читал мои данные", "Скачать мои данные (JSON)"],
  ] as const) {
    await page.goto(`/self-service/data?lng=${lng}`);
    await expect(page.getByRole("navigation").getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 3, name: heading })).toBeVisible();
    await expect(page.getByRole("link", { name: download })).toBeVisible();
  }
});

test("an applicant finds their data from the account step, downloads it, and goes back (docs/decisions/0260)", async ({ page }) => {
  await customerOn(page, "beneficiaries");
  await page.goto("/account");
  await page.getByRole("link", { name: "andmejälgijas" }).click();
  await expect(page).toHaveURL("/self-service/data");
  await expect(page.getByRole("heading", { level: 2, name: "Andmejälgija" })).toBeVisible();
  // No self-service tabs before signing.
  await expect(page.getByRole("navigation", { name: NAV })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Laadi alla minu andmed (JSON)" }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(JSON.parse(Buffer.concat(chunks).toString("utf8")).tables.questionnaires).toHaveLength(1);
  await page.getByRole("link", { name: "Tagasi", exact: true }).click();
  await expect(page).toHaveURL("/beneficiaries");
});

test("an applicant withdraws the health measurement's consent on their data page, as a policyholder does on the user page (docs/decisions/0263)", async ({ page }) => {
  await customerOn(page, "package");
  // Given at the score, as its screen gives it: a measurement saved.
  await api(page, "POST", "/api/score/health-measurement", { bpm: 61.5, bmi: 23.2 });
  await page.goto("/self-service/data");
  const consents = page.getByRole("region", { name: "Nõusolekud" });
  const measurement = consents.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Tervisemõõtmine" }) });
  await expect(measurement).toContainText(/Antud \d\d\.\d\d\.\d{4} kell \d\d:\d\d/);
  await expectNoAxeViolations(page);

  await measurement.getByRole("button", { name: "Võta nõusolek tagasi: Tervisemõõtmine" }).click();
  await expect(page).toHaveURL("/self-service/data");
  await expect(page.getByRole("status").filter({ hasText: "Tervisemõõtmise nõusolek on tagasi võetud" })).toBeVisible();
  await expect(measurement).toContainText(/Ei ole antud \(alates/);
  await expect(measurement.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The sign-up goes on where it was.
  await page.getByRole("link", { name: "Tagasi", exact: true }).click();
  await expect(page).toHaveURL("/package");
});

test("a consent's post lost on the network is said on the page, the consent as it was; the second press withdraws it", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  // Not in the js-off project: without JavaScript the browser's own form post stays on the page.
  allowConsoleErrors(/Failed to load resource/);
  await customerOn(page, "package");
  await api(page, "POST", "/api/score/health-measurement", { bpm: 61.5, bmi: 23.2 });
  await page.goto("/self-service/data");
  await hydrated(page);
  const measurement = page.getByRole("region", { name: "Nõusolekud" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Tervisemõõtmine" }) });
  const lost = await loseNextPost(page, "/self-service/data");
  const withdraw = measurement.getByRole("button", { name: "Võta nõusolek tagasi: Tervisemõõtmine" });
  await withdraw.click();
  await expect(page.getByRole("alert").filter({ hasText: "Tehniline viga. Palun proovi hiljem uuesti." })).toBeVisible();
  expect(lost()).toBe(true);
  await expect(measurement).toContainText(/Antud \d\d\.\d\d\.\d{4} kell \d\d:\d\d/);
  await expect(withdraw).toBeFocused();

  await withdraw.click();
  await expect(measurement).toContainText(/Ei ole antud \(alates/);
});
