/** Probe (review): the language switch hydrated after the page, with a client-side navigation before its code comes. */
import { expect, hydrated, test } from "./fixtures";
import { customerOn } from "./journey";
import { NEEDS_JS } from "./projects";

test("probe: a navigation before the switch's code arrives", { tag: NEEDS_JS }, async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await customerOn(page, "score");
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/later-layout-\w+\.js$/, async (route) => { await held; await route.continue(); });
  await page.goto("/score?probe=1");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Keel" });
  await expect(nav).toBeVisible();
  await expect(nav).not.toHaveAttribute("data-hydrated", "");
  await page.getByRole("link", { name: "Tagasi" }).click();
  await expect(page).toHaveURL("/account");
  console.log("after nav: nav count", await nav.count(), "html", (await page.locator("header").innerHTML()).slice(0, 300));
  release();
  await expect(nav).toHaveAttribute("data-hydrated", "");
  const ru = nav.getByRole("link", { name: "Русский" });
  console.log("href", await ru.getAttribute("href"));
  await page.getByLabel("E-posti aadress").fill("x@example.com");
  await ru.click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page).toHaveURL(/\/account/);
  console.log("errors", JSON.stringify(errors, null, 1));
});
