/**
 * The privacy notice (GDPR art. 13, docs/decisions/0292), with JavaScript on and off: a public
 * page and its PDF, reached from the footer, the sign-in page, the account step and the data
 * page; its links to where each right is used; the old static address's 301. Axe on each.
 */
import { consentBanner, consentBannerReady, expect, expectNoAxeViolations, hydrated, jsEnabled, test } from "./fixtures";
import { customerOn } from "./journey";
import { NEEDS_JS } from "./projects";

test("the privacy notice needs no sign-in: the controller, its officer, the rights with their pages, and its PDF", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("main").getByRole("link", { name: "Privaatsusteade" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privaatsusteade" })).toBeVisible();
  for (const heading of ["Kes sinu andmeid töötleb", "Milleks ja mis alusel", "Kellele andmed lähevad", "Väljaspool EMP-d", "Kui kaua hoiame", "Sinu õigused veebis", "Kas andmed on kohustuslikud", "Automaatsed otsused", "Kui oled nimetatud soodustatud isikuks"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("definition").filter({ hasText: "andmekaitse@elukaitse.ee" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Minu andmed" })).toHaveAttribute("href", "/self-service/data");
  await expect(page.getByRole("link", { name: "Laadi alla", exact: true })).toHaveAttribute("href", "/self-service/data/download");
  await expect(page.getByRole("link", { name: "Analüütika seaded" }).first()).toHaveAttribute("href", "/privacy/analytics");
  // The complaint to the inspectorate: the customer's, and the people named as beneficiaries' (decision 0316).
  for (const aki of await page.getByRole("link", { name: "www.aki.ee" }).all()) await expect(aki).toHaveAttribute("href", "https://www.aki.ee");
  await expect(page.getByRole("link", { name: "www.aki.ee" })).toHaveCount(2);
  await expect(page.getByText(/noorem kui 18 või vanem kui 64/)).toBeVisible();
  const pdf = await page.request.get((await page.getByRole("link", { name: "Privaatsusteade: laadi alla PDF" }).getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await expectNoAxeViolations(page);
  // Every page's footer links it.
  await page.goto("/accessibility");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privaatsusteade" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privaatsusteade" })).toBeVisible();
});

test("the old static privacy pages answer 301 to the notice in their language", async ({ page }) => {
  const old = await page.request.get("/documents/privacy.ru.html", { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()["location"]).toBe("/privacy?lng=ru");
  await page.goto("/documents/privacy.en.html");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Automated decisions" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the account step and the data page link the notice, and it leads back to the sign-up", async ({ page }) => {
  await customerOn(page, "account");
  await page.goto("/account");
  await expect(page.getByRole("link", { name: /privaatsusteatega/ })).toHaveAttribute("href", "/privacy?lng=et");
  await page.goto("/self-service/data");
  await page.getByRole("main").getByRole("link", { name: "Privaatsusteade" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privaatsusteade" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Tagasi liitumise juurde" }).click();
  await expect(page).toHaveURL(/\/account$/);
});

// The document's text is in the markup only, not in the page's data (docs/decisions/0299): the
// browser keeps what it was sent while hydrating, and renders it from the data after a client
// navigation. Only with JavaScript is there a hydration or a client navigation.
test.describe("met with the analytics question", () => {
  test.use({ analyticsConsent: null });
  test("with JavaScript the notice stays whole through hydration and arrives whole by a client navigation", { tag: NEEDS_JS }, async ({ page }) => {
    const headings = async () => page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    const sent = (await (await page.request.get("/privacy")).text()).match(/<article[^>]*>.*?<\/article>/s)![0];
    const sentHeadings = [...sent.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) => m[1]);
    expect(sentHeadings.length).toBeGreaterThan(5);
    await page.goto("/privacy");
    await hydrated(page);
    expect(await headings()).toEqual(sentHeadings);
    await expect(page.getByRole("link", { name: "Minu andmed" })).toHaveAttribute("href", "/self-service/data");
    // A choice in the consent banner re-renders the page around the document (once the banner's
    // code is there: a click before it is the plain post).
    await consentBannerReady(page);
    await consentBanner(page).getByRole("button", { name: "Luban analüütika" }).click();
    await expect(page.getByText("Salvestatud: analüütika on lubatud.")).toBeFocused();
    expect(await headings()).toEqual(sentHeadings);
    await expectNoAxeViolations(page);
    await page.goto("/accessibility");
    await hydrated(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privaatsusteade" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privaatsusteade" })).toBeVisible();
    expect(await headings()).toEqual(sentHeadings);
    await expectNoAxeViolations(page);
  });
});

// The data protection authority's Estonian name is read in Estonian in the English and Russian
// notice (WCAG 3.1.2): the customer's complaint and the beneficiaries'. With JavaScript also as a
// client navigation renders it from the page's data, not only as the server sent it.
for (const [lng, title, footerLink] of [
  ["en", "Privacy notice", "Privacy notice"],
  ["ru", "Уведомление о конфиденциальности", "Конфиденциальность"],
] as const) {
  test(`the privacy notice in ${lng} names the inspectorate in Estonian`, async ({ page }) => {
    const named = async () => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(main.getByText("Andmekaitse Inspektsioon", { exact: true })).toHaveCount(2);
      for (const name of await main.getByText("Andmekaitse Inspektsioon", { exact: true }).all()) await expect(name).toHaveAttribute("lang", "et");
      await expect(main).not.toContainText("<et>");
    };
    await page.goto(`/privacy?lng=${lng}`);
    await named();
    await expectNoAxeViolations(page);
    await page.goto(`/accessibility?lng=${lng}`);
    if (jsEnabled()) await hydrated(page);
    await page.getByRole("contentinfo").getByRole("link", { name: footerLink }).click();
    await named();
  });
}
