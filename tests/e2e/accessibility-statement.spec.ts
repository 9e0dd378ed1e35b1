/**
 * The accessibility statement (issue 24 item 5, docs/decisions/0150): linked from every page's
 * footer, in Estonian, English and Russian, JavaScript on and off; what the European
 * Accessibility Act asks of it (standard, testing, what does not conform, how to report a
 * barrier, the enforcement body); axe clean, and its HTML within the 6 KB gzip page budget.
 */
import { gzipSync } from "node:zlib";
import { expect, expectNoAxeViolations, returningPageHtml, test } from "./fixtures";
import { signInViaApi } from "./journey";

const LANGUAGES = [
  { lng: "et", heading: "Ligipääsetavuse teatis", title: "ligipääsetavuse teatis | Elukaitse", sections: ["Millisele nõudele vastame", "Mida saad teha", "Kuidas kontrollisime", "Mis veel ei vasta", "Anna teada takistusest", "Kui vastus ei rahulda"] },
  { lng: "en", heading: "Accessibility statement", title: "accessibility statement | Elukaitse", sections: ["The standard we aim at", "What you can do", "How it was tested", "What does not conform yet", "Report a barrier", "If our answer does not satisfy you"] },
  { lng: "ru", heading: "Заявление о доступности", title: "заявление о доступности | Elukaitse", sections: ["Какому стандарту мы следуем", "Что можно делать", "Как мы проверяли", "Что ещё не соответствует", "Сообщите о препятствии", "Если ответ вас не устраивает"] },
] as const;

test("every footer links the statement: from the sign-in page and from a step", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("contentinfo").getByRole("link", { name: "Ligipääsetavus", exact: true }).click();
  await expect(page).toHaveURL("/accessibility");
  await expect(page.getByRole("heading", { level: 1, name: "Ligipääsetavuse teatis" })).toBeFocused();

  await signInViaApi(page);
  await page.goto("/account");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Ligipääsetavus", exact: true })).toHaveAttribute("href", "/accessibility");
});

for (const language of LANGUAGES) {
  test(`the statement in ${language.lng}: standard, testing, limits, reporting and enforcement; axe clean`, async ({ page }) => {
    // A page of text under axe: on a loaded 2-core machine past the default 30 s.
    test.slow();
    await page.goto(`/accessibility?lng=${language.lng}`);
    await expect(page.locator("html")).toHaveAttribute("lang", language.lng);
    await expect(page).toHaveTitle(language.title);
    await expect(page.getByRole("heading", { level: 1, name: language.heading })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([...language.sections]);
    const main = page.getByRole("main");
    for (const named of ["WCAG 2.2", "EN 301 549", "2019/882", "axe-core", "WCAG 1.4.12", "WCAG 1.4.10", "PDF/UA", "NVDA", "Tarbijakaitse ja Tehnilise Järelevalve Amet"]) await expect(main).toContainText(named);
    // A barrier goes to the insurer's configured complaints address; the authority is linked.
    await expect(main.getByRole("link", { name: "kaebused@elukaitse.ee" })).toHaveAttribute("href", "mailto:kaebused@elukaitse.ee");
    await expect(main.getByRole("link", { name: "www.ttja.ee" })).toHaveAttribute("href", "https://www.ttja.ee");
    await expect(main.getByRole("link", { name: "info@ttja.ee" })).toHaveAttribute("href", "mailto:info@ttja.ee");
    // The authority's Estonian name is read in Estonian on every language's page (WCAG 3.1.2).
    const authority = main.getByText("Tarbijakaitse ja Tehnilise Järelevalve Amet", { exact: true });
    if (language.lng === "et") await expect(authority).toHaveCount(0);
    else await expect(authority).toHaveAttribute("lang", "et");
    await expectNoAxeViolations(page);

    // The page's own HTML (the document a first visit loads) within the 6 KB gzip budget (docs/decisions/0040).
    const html = await returningPageHtml(page, `/accessibility?lng=${language.lng}`);
    expect(gzipSync(html).length).toBeLessThanOrEqual(6 * 1024);
  });
}
