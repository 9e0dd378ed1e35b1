/** The language switch: plain links, remembered in a cookie. */
import { expect, expectNoAxeViolations, freshPersonalCode, jsEnabled, PERSONS, signIn, stepFormReady, test } from "./fixtures";
import { customerOn, customerOnPackage } from "./journey";
import { NEEDS_JS } from "./projects";

/** With JavaScript the address drops `?lng=` once the page shows; without it the address keeps it. */
const after = (path: string, lng: string) => (jsEnabled() ? path : `${path}?lng=${lng}`);

test("switching to English is remembered, and switching back to Estonian works", async ({ page, context }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "et");
  const switcher = page.getByRole("navigation", { name: "Keel" });
  await expect(switcher.getByRole("link", { name: "Eesti" })).toHaveAttribute("aria-current", "true");

  // One answer, already in English: no redirect first (a round trip costs seconds on a slow network).
  const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/login?lng=en")), switcher.getByRole("link", { name: "English" }).click()]);
  expect(answer.status()).toBe(200);
  expect(answer.request().redirectedFrom()).toBeNull();
  await expect(page).toHaveURL(after("/login", "en"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome!" })).toBeVisible();
  await expect(page).toHaveTitle("sign in | Elukaitse");
  // The server's cookie (Remix signs nothing here: base64 of the JSON value).
  const cookie = (await context.cookies()).find((c) => c.name === "lng");
  expect(cookie && JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString())).toBe("en");

  // Remembered on the next page load, on another page too.
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Life and disability insurance in minutes" })).toBeVisible();
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome!" })).toBeVisible();
  const englishSwitcher = page.getByRole("navigation", { name: "Language" });
  await expect(englishSwitcher.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");

  await englishSwitcher.getByRole("link", { name: "Eesti" }).click();
  await expect(page).toHaveURL(after("/login", "et"));
  await expect(page.locator("html")).toHaveAttribute("lang", "et");
  await expect(page.getByRole("heading", { level: 1, name: "Tere tulemast!" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Tere tulemast!" })).toBeVisible();
});

test("what was typed in a step's form and not sent stays through a language switch, with no 'leave site?' first", { tag: NEEDS_JS }, async ({ page }) => {
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await page.getByLabel("E-posti aadress").fill("keelevahetaja@example.com");
  await page.getByLabel("Amet või tegevusala").fill("Tõlkija");
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  const switcher = page.getByRole("navigation", { name: "Keel" });
  await expect(switcher).toHaveAttribute("data-hydrated", "");
  await switcher.getByRole("link", { name: "Русский" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByLabel("Адрес электронной почты")).toHaveValue("keelevahetaja@example.com");
  await expect(page.getByLabel("Профессия или род занятий")).toHaveValue("Tõlkija");
  expect(asked).toEqual([]);
  await expectNoAxeViolations(page);
});

test("a switch whose keeping gets no answer goes after a while, and the browser asks before what was typed is lost", { tag: NEEDS_JS }, async ({ page }) => {
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await page.getByLabel("E-posti aadress").fill("ootaja@example.com");
  const switcher = page.getByRole("navigation", { name: "Keel" });
  await expect(switcher).toHaveAttribute("data-hydrated", "");
  // The keeping's post never answered (a network that holds it).
  await page.route("**/session", (route) => (route.request().method() === "POST" ? undefined : route.continue()));
  const asked = page.waitForEvent("dialog", { timeout: 15_000 });
  await switcher.getByRole("link", { name: "English" }).click();
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.accept();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a switch whose keeping is slow does not pull back a customer who left the page meanwhile without saving", { tag: NEEDS_JS }, async ({ page }) => {
  await customerOnPackage(page);
  await page.goto("/package");
  await stepFormReady(page);
  const switcher = page.getByRole("navigation", { name: "Keel" });
  await expect(switcher).toHaveAttribute("data-hydrated", "");
  await page.getByRole("slider", { name: "Elukindlustuse kaitse" }).fill("120000");
  // The keeping held on a slow network: nothing shows it, and the customer goes on.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let keeping!: () => void;
  const kept = new Promise<void>((resolve) => (keeping = resolve));
  await page.route("**/session", async (route) => {
    keeping();
    await held;
    await route.continue();
  });
  await switcher.getByRole("link", { name: "Русский" }).click();
  await kept;
  await page.getByRole("link", { name: "Tagasi" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Lahku salvestamata" }).click();
  await expect(page).toHaveURL("/score");
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/session");
  release();
  await answered;
  // Where they went, in the language they had: not taken back to the step they chose to leave.
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL("/score");
  await expect(page.locator("html")).toHaveAttribute("lang", "et");
});

test("an English page says that the signed application's PDF is in Estonian, the language it was signed in", async ({ page }) => {
  await signIn(page, PERSONS.jaanTamm);
  await page.goto("/self-service/insurance?lng=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const application = page.getByRole("link", { name: "Application statement (PDF, in Estonian)" });
  await expect(application).toHaveAttribute("hreflang", "et");
  // The policy is drawn in the page's language: its link says nothing more.
  await expect(page.getByRole("link", { name: "Insurance policy (PDF)" })).not.toHaveAttribute("hreflang", /./);
  await page.goto("/self-service/documents/application");
  await expect(page.getByRole("link", { name: /: download the PDF \(in Estonian\)$/ })).toHaveAttribute("hreflang", "et");
});

test("a confirmation in English says that the signed application's PDF is in Russian, the language it was signed in; the policy and the schedule are drawn in English", async ({ page }) => {
  // Signed in Russian: the /api's language is the page's cookie.
  await page.goto("/login?lng=ru");
  await customerOn(page, "confirmation");
  await page.goto("/confirmation?lng=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Application statement (PDF, in Russian)" })).toHaveAttribute("hreflang", "ru");
  for (const name of ["Insurance policy (PDF)", "Payment schedule (PDF)"]) await expect(page.getByRole("link", { name, exact: true })).not.toHaveAttribute("hreflang", /./);
  await expectNoAxeViolations(page);
  // In the language it was signed in, nothing more is said.
  await page.goto("/confirmation?lng=ru");
  await expect(page.getByRole("link", { name: /^Подтверждение заявления \(PDF\)$/ })).not.toHaveAttribute("hreflang", /./);
});
