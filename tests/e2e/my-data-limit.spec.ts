/**
 * The download's limit on the data page (docs/decisions/0135 item 10: three an hour), with
 * JavaScript on and off: the fourth press comes back to the page, which starts at the notice
 * saying how many minutes to wait, as a page answering with an error does. An applicant of the
 * test's own (the page is every signed-in customer's, docs/decisions/0260).
 */
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { customerOn } from "./journey";

test("past the limit the page comes back with focus on the notice that says how long to wait", async ({ page }) => {
  await customerOn(page, "package");
  await page.goto("/self-service/data");
  for (let i = 0; i < 3; i++) {
    const response = await page.request.get("/self-service/data/download");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="my-data-/);
  }
  await page.getByRole("link", { name: "Laadi alla minu andmed (JSON)" }).click();
  const notice = page.getByRole("alert").filter({ hasText: /Proovi uuesti \d+ minuti pärast\.$/ });
  await expect(notice).toBeFocused();
  // No fragment in the address: a fragment's target would cancel the page's `autofocus`.
  await expect(page).toHaveURL(/\/self-service\/data\?limited=1$/);
  await expectNoAxeViolations(page);
});
