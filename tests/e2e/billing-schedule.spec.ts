/**
 * The self-service payment schedule (docs/decisions/0165) as the seeded policyholder Jaan
 * Tamm, with JavaScript on and off: the invoices issued and the payments to come this policy
 * year above the schedule as signed, how the next are set, by keyboard and axe clean. Other
 * tests may save his current period's score: nothing here depends on its value.
 */
import { expect, expectNoAxeViolations, PERSONS, signIn, test } from "./fixtures";

test("Jaan Tamm reads what he pays above the schedule he signed", async ({ page }) => {
  await signIn(page, PERSONS.jaanTamm);
  await expect(page).toHaveURL("/self-service/insurance");
  await page.getByRole("link", { name: "Maksegraafik veebilehena" }).click();
  await expect(page).toHaveURL("/self-service/documents/payment-schedule");
  await expect(page.getByRole("heading", { level: 2, name: "Maksed ja arved" })).toBeVisible();

  const billed = page.getByRole("table", { name: /^Esitatud arved ja tulevased maksed kuni \d\d\.\d\d\.\d{4}$/ });
  const rows = billed.getByRole("row");
  // A header row, the seven invoices issued (the one dated the seeding day included) and five to come.
  await expect(rows).toHaveCount(13);
  await expect(billed.getByRole("link", { name: /^EK-\d+-\d{6}$/ })).toHaveCount(7);
  await expect(billed.getByRole("cell", { name: "tulemas" })).toHaveCount(5);
  await expect(rows.nth(1)).toContainText("14%");

  await expect(page.getByRole("heading", { level: 3, name: "Kuidas järgmised arved kujunevad" })).toBeVisible();
  const periods = page.getByRole("table", { name: "Heaolusoodustus hindamisperioodide kaupa" });
  await expect(periods.getByRole("rowheader", { name: "Lepingu sõlmimisel" })).toBeVisible();
  await expect(periods.getByRole("row").nth(1)).toContainText("10%");

  // The schedule as signed follows, unchanged: its own heading and twelve payments at one sum.
  await expect(page.getByRole("heading", { level: 2, name: "Maksegraafik" })).toBeVisible();
  await expectNoAxeViolations(page);

  // An issued invoice opens its page from the keyboard.
  const first = billed.getByRole("link", { name: /^EK-\d+-\d{6}$/ }).first();
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/self-service\/bills\/EK-\d+-\d{6}$/);
});

test("the schedule page in English", async ({ page }) => {
  await signIn(page, PERSONS.jaanTamm);
  await page.goto("/self-service/documents/payment-schedule?lng=en");
  await expect(page.getByRole("heading", { level: 2, name: "Payments and invoices" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Wellness discount per score period" })).toBeVisible();
  await expectNoAxeViolations(page);
});
