/**
 * The policyholder's own changes (issue 22 items 2, 4, 6 and 7) with JavaScript on and off:
 * the contact details, the consents (the score's too, docs/decisions/0257), the bills' due dates
 * and the confirmation's documents. Each test that changes something makes its own policyholder
 * (tests/e2e/policyholder.ts).
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, failedLoad, jsEnabled, PERSONS, signIn, test } from "./fixtures";
import { timeLimit } from "./time-limits";
import { api } from "./journey";
import { freshSignedCustomer } from "./policyholder";

const DATE_TIME = /\d\d\.\d\d\.\d{4} kell \d\d:\d\d/;

async function expectPdf(page: Page, href: string | null) {
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status(), href!).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
}

test("the contact details change at once; a wrong e-mail comes back with its error", async ({ page, allowConsoleErrors }) => {
  test.setTimeout(timeLimit(240_000));
  allowConsoleErrors(failedLoad(400));
  await freshSignedCustomer(page, { inForce: true });
  await page.goto("/self-service/user");
  await page.getByRole("link", { name: "Muuda kontaktandmeid" }).click();
  await expect(page).toHaveURL("/self-service/user/contact");
  await expect(page).toHaveTitle("kontaktandmete muutmine | Elukaitse");
  await expect(page.getByRole("heading", { level: 1, name: "Muuda kontaktandmeid" })).toBeFocused();
  const email = page.getByRole("textbox", { name: "E-posti aadress" });
  const phone = page.getByRole("textbox", { name: "Telefoninumber" });
  await expect(email).toHaveValue("muutja@example.com");
  await expect(phone).toHaveValue("+372 5123 4567");
  await expectNoAxeViolations(page);

  await email.fill("vale-aadress");
  await page.getByRole("button", { name: "Salvesta kontaktandmed" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Vormis on vigu" });
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Viga: /);
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  // By keyboard: the summary's link leads to the field.
  await summary.getByRole("link").first().click();
  await expect(email).toBeFocused();
  await email.fill("uus.aadress@example.ee");
  await phone.fill("5555 1234");
  await phone.press("Enter");
  await expect(page).toHaveURL("/self-service/user");
  // The page starts at the notice, where a screen reader hears it (it was passed by for the h1 below it).
  await expect(page.getByRole("status").filter({ hasText: "Sinu kontaktandmed on muudetud." })).toBeFocused();
  const facts = page.locator("dl.facts");
  await expect(facts).toContainText("uus.aadress@example.ee");
  await expect(facts).toContainText("+372 5555 1234");
  await expectNoAxeViolations(page);

  // Cancel goes back without a change.
  await page.getByRole("link", { name: "Muuda kontaktandmeid" }).click();
  await page.getByRole("link", { name: "Tühista ja mine tagasi minu andmete juurde" }).click();
  await expect(page).toHaveURL("/self-service/user");
  await expect(facts).toContainText("uus.aadress@example.ee");
});

test("the newsletter and partner consents are given and withdrawn at once, with their times", async ({ page }) => {
  test.setTimeout(timeLimit(240_000));
  await freshSignedCustomer(page, { inForce: true, src: "partnerbank" });
  await page.goto("/self-service/user");
  const consents = page.getByRole("region", { name: "Nõusolekud" });
  const newsletter = consents.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Uudiskiri" }) });
  const partner = consents.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Koostööpartner Partner Pank" }) });
  await expect(newsletter).toContainText(/Ei ole antud \(alates \d\d\.\d\d\.\d{4} kell \d\d:\d\d\)/);
  await expect(partner).toContainText(DATE_TIME);
  await expect(partner).toContainText(/Antud /);
  // The mailto note stays as the other way.
  await expect(consents.getByRole("link", { name: "andmekaitse@elukaitse.ee" })).toHaveAttribute("href", "mailto:andmekaitse@elukaitse.ee");
  await expectNoAxeViolations(page);

  // By keyboard: the button gives the newsletter consent.
  const give = newsletter.getByRole("button", { name: "Anna nõusolek: Uudiskiri" });
  await give.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Uudiskirja nõusolek on antud." })).toBeVisible();
  await expect(newsletter).toContainText(/Antud \d\d\.\d\d\.\d{4} kell \d\d:\d\d/);
  const withdraw = newsletter.getByRole("button", { name: "Võta nõusolek tagasi: Uudiskiri" });
  await expect(withdraw).toBeVisible();
  if (jsEnabled()) await expect(withdraw).toBeFocused();

  await partner.getByRole("button", { name: "Võta nõusolek tagasi: Koostööpartner Partner Pank" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nõusolek koostööpartnerile Partner Pank on tagasi võetud." })).toBeVisible();
  await expect(partner).toContainText(/Ei ole antud/);
  await expect(partner.getByRole("button", { name: "Anna nõusolek: Koostööpartner Partner Pank" })).toBeVisible();
  await expectNoAxeViolations(page);

  // In the other languages too.
  await page.goto("/self-service/user?lng=ru");
  await expect(page.getByRole("region", { name: "Согласия" }).getByRole("button", { name: "Отозвать согласие: Рассылка" })).toBeVisible();
  await page.goto("/self-service/user?lng=en");
  await expect(page.getByRole("region", { name: "Consents" }).getByRole("button", { name: "Give consent: Partner Partner Pank" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Change contact details" })).toBeVisible();
  await page.goto("/self-service/user?lng=et");
});

test("the activity tracker's and the health measurement's consents are withdrawn with one button each", async ({ page }) => {
  test.setTimeout(timeLimit(240_000));
  await freshSignedCustomer(page, { inForce: true });
  // Given at the score, as its screen gives them: the tracker connected on its page, a measurement saved.
  const { consentUrl } = await api(page, "POST", "/api/integrations/activity/start");
  const token = new URL(consentUrl, "http://localhost").searchParams.get("token");
  expect(await api(page, "POST", "/api/integrations/activity/consent", { token, decision: "approve" })).toEqual({ status: "approved" });
  await api(page, "POST", "/api/score/health-measurement", { bpm: 61.5, bmi: 23.2 });

  await page.goto("/self-service/user");
  const consents = page.getByRole("region", { name: "Nõusolekud" });
  const tracker = consents.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Aktiivsusmonitor" }) });
  const measurement = consents.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Tervisemõõtmine" }) });
  await expect(tracker).toContainText(/Antud \d\d\.\d\d\.\d{4} kell \d\d:\d\d/);
  await expect(measurement).toContainText(/Antud \d\d\.\d\d\.\d{4} kell \d\d:\d\d/);
  await expectNoAxeViolations(page);

  // By keyboard: the button withdraws the tracker's consent, the notice says what it erased.
  const withdrawTracker = tracker.getByRole("button", { name: "Võta nõusolek tagasi: Aktiivsusmonitor" });
  await withdrawTracker.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Aktiivsusmonitori nõusolek on tagasi võetud" })).toBeVisible();
  await expect(tracker).toContainText(/Ei ole antud \(alates \d\d\.\d\d\.\d{4} kell \d\d:\d\d\)/);
  // Given again only at the score: no button here; focus stays in the card, on its new status.
  await expect(tracker.getByRole("button")).toHaveCount(0);
  if (jsEnabled()) await expect(tracker.locator("p.consent__status")).toBeFocused();

  await measurement.getByRole("button", { name: "Võta nõusolek tagasi: Tervisemõõtmine" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tervisemõõtmise nõusolek on tagasi võetud: salvestatud mõõtmistulemused on kustutatud." })).toBeVisible();
  await expect(measurement).toContainText(/Ei ole antud \(alates/);
  await expect(measurement.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The connection has ended: the score offers a new one (tests/integration/score-consents.test.ts).
  expect(await api(page, "GET", "/api/integrations/activity/poll")).toEqual({ status: "none" });

  // In the other languages too.
  await page.goto("/self-service/user?lng=en");
  await expect(page.getByRole("region", { name: "Consents" }).getByRole("heading", { name: "Activity tracker" })).toBeVisible();
  await page.goto("/self-service/user?lng=ru");
  await expect(page.getByRole("region", { name: "Согласия" }).getByRole("heading", { name: "Измерение здоровья" })).toBeVisible();
  await page.goto("/self-service/user?lng=et");
});

test("the bills list shows each bill's due date", async ({ page }) => {
  test.setTimeout(timeLimit(120_000));
  await signIn(page, PERSONS.jaanTamm);
  await page.goto("/self-service/bills");
  const table = page.getByRole("table", { name: "Arved, uusim eespool" });
  await expect(table.getByRole("columnheader", { name: "Maksetähtaeg" })).toBeVisible();
  const rows = table.getByRole("row");
  expect(await rows.count()).toBeGreaterThan(1);
  const first = rows.nth(1);
  const cells = first.getByRole("cell");
  const [date, due] = [(await cells.nth(0).innerText()).trim(), (await cells.nth(1).innerText()).trim()];
  const parse = (text: string) => {
    const [d, m, y] = text.split(".").map(Number);
    return Date.UTC(y, m - 1, d);
  };
  expect((parse(due) - parse(date)) / 86_400_000).toBe(14);
  await expectNoAxeViolations(page);
});

test("the confirmation links the signed documents, each as a PDF and a web page", async ({ page }) => {
  test.setTimeout(timeLimit(240_000));
  await freshSignedCustomer(page);
  await page.goto("/confirmation");
  await expect(page.getByText(/Iseteenindus avaneb kindlustuse alguspäeval \d\d\.\d\d\.\d{4}/)).toBeVisible();
  const documents = page.getByRole("region", { name: "Allkirjastatud dokumendid" });
  for (const name of ["Kindlustuspoliis (PDF)", "Maksegraafik (PDF)", "Avalduse kinnitus (PDF)"]) {
    await expectPdf(page, await documents.getByRole("link", { name }).getAttribute("href"));
  }
  await expectNoAxeViolations(page);
  await documents.getByRole("link", { name: "Kindlustuspoliis veebilehena" }).click();
  await expect(page).toHaveURL("/confirmation/documents/policy");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Tagasi kinnituse juurde" }).click();
  await expect(page).toHaveURL("/confirmation");
});

test("once the policy is in force the confirmation goes on to self-service", async ({ page }) => {
  test.setTimeout(timeLimit(240_000));
  await freshSignedCustomer(page, { inForce: true });
  await page.goto("/confirmation");
  await expect(page).toHaveURL("/self-service/insurance");
  await expect(page.getByRole("heading", { level: 2, name: "Minu kindlustus" })).toBeVisible();
});
