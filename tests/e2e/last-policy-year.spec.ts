/**
 * A contract not renewed at 65 says ahead when it ends (docs/decisions/0282): a customer who
 * signs at 64 is 65 on the first anniversary, so the first policy year is the last: the offer's
 * term says there is no renewal, and the insurance tab says so from the signing on, with the
 * last day of cover and why; axe clean, with JavaScript on and off.
 */
import { addDays, addMonths } from "~/core/clock";
import { formatDate } from "~/lib/euro";
import { expect, expectNoAxeViolations, freshPersonalCode, test } from "./fixtures";
import { api, customerOn } from "./journey";
import { freshSignedCustomer } from "./policyholder";

test("a policyholder of 64 reads on the insurance tab on which day the cover ends, and why", async ({ page }) => {
  test.slow();
  await freshSignedCustomer(page, { inForce: true, age: 64 });
  // The last day of cover, as GET /api/insurance states it: the day before the first anniversary.
  const { startDate, endDate } = await api(page, "GET", "/api/insurance");
  expect(endDate).toBe(addDays(addMonths(startDate, 12), -1));
  await page.goto("/self-service/insurance");
  const cover = page.getByRole("region", { name: "Kindlustuskaitse" });
  await expect(cover).toContainText(
    `See on lepingu viimane kindlustusaasta: lepingut ei pikendata, kui oled pikendamise päeval 65-aastane või vanem. Kindlustuskaitse kehtib kuni ${formatDate(endDate)} (kaasa arvatud) ja pärast seda arveid ei tule.`,
  );
  await expectNoAxeViolations(page);
});

test("a customer of 64 reads in the offer's term that the contract is not renewed and ends with its first year", async ({ page }) => {
  test.slow();
  await customerOn(page, "offer", freshPersonalCode({ age: 64 }));
  const { term } = await api(page, "GET", "/api/onboarding/offer");
  await page.goto("/offer");
  const section = page.getByRole("region", { name: "Lepingu kestus ja pikendamine" });
  await expect(section).toContainText(
    `Ei pikene: esimesel aastapäeval ${formatDate(term.renewalDate)} oled 65-aastane või vanem, seega leping lõpeb esimese aasta lõpus ${formatDate(term.endDate)}.`,
  );
  // No renewal, no premium of one to tell before it.
  await expect(section).not.toContainText("Teade enne pikendamist");
  await expectNoAxeViolations(page);
});
