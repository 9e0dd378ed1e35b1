/**
 * The documents as accessible web pages (decision 0031): reached from the links beside the
 * PDFs, axe-clean, and showing the same figures as the PDF they link; an invoice's QR code
 * reads as its payment.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Page } from "@playwright/test";
import { customerOnOffer } from "./journey";
import { expect, expectNoAxeViolations, PERSONS, signIn, test } from "./fixtures";
import { timeLimit } from "./time-limits";
import { pdfText } from "../support/pdf-text";

const figures = (text: string) => (text.replace(/[\u00a0\u202f]/g, " ").match(/\d+(?:[.,:/-]\d+)*/g) ?? []).sort();

/** The document's figures on the page equal those in the PDF it links (less the PDF's page numbers). */
async function expectFiguresOfPdf(page: Page) {
  const article = page.locator("article.document");
  const text = await article.evaluate((el) =>
    [...el.children]
      .filter((child) => !child.classList.contains("document__links"))
      .map((child) => (child as HTMLElement).innerText)
      .join("\n"),
  );
  const href = await article.locator(".document__links a[download]").getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const pdf = (await pdfText(await response.body())).replace(/^-- \d+ of \d+ --$/gm, "").replace(/(Lehekülg|Page|Страница) \d+\/\d+/g, "");
  expect(figures(text)).toEqual(figures(pdf));
}

/** What zbar (as a banking app) reads from an SVG QR code drawn 640 px wide in a page of its own. */
async function scannedQr(page: Page, svg: string): Promise<string> {
  const canvas = await page.context().newPage();
  try {
    await canvas.setContent(`<body style="margin:0">${svg.replace(/width="\d+" height="\d+"/, 'width="640" height="640"')}</body>`);
    const file = path.join(test.info().outputDir, "qr.png");
    await canvas.locator("svg").screenshot({ path: file });
    return execFileSync("zbarimg", ["--quiet", "--raw", "-Sbinary", file], { stdio: ["ignore", "pipe", "ignore"] }).toString("utf8").replace(/\n$/, "");
  } finally {
    await canvas.close();
  }
}

test("the offer's application and payment schedule as web pages", async ({ page }) => {
  test.setTimeout(timeLimit(60_000));
  await customerOnOffer(page);
  await page.goto("/offer");
  await page.getByRole("link", { name: "Kindlustustaotlus veebilehena" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kindlustustaotlus" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Kuumakse" })).toBeVisible();
  // The customer's demands and needs from their own choices, and no advice (IDD art. 20(1), 18; decision 0296).
  await expect(page.getByRole("heading", { level: 2, name: "Sinu soovid ja vajadused" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^elukindlustust .*\d.*, mis makstakse sinu surma korral sinu nimetatud soodustatud isikutele: .+ \d+%;$/ })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^maksta kuumakset .*\d.* igakuise arve alusel\.$/ })).toBeVisible();
  await expect(page.getByText(/^Me ei nõusta sind ega anna isiklikku soovitust\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFiguresOfPdf(page);

  await page.goto("/offer");
  await page.getByRole("link", { name: "Maksegraafik veebilehena" }).click();
  // The payments, then how the premium changes with age (docs/decisions/0090).
  await expect(page.getByRole("table")).toHaveCount(2);
  await expect(page.getByRole("columnheader", { name: "Maksepäev" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Kuidas makse vanusega muutub" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFiguresOfPdf(page);
});

test("the policyholder's documents and an invoice as web pages", async ({ page }) => {
  // Five pages, each scanned by axe and compared with its PDF.
  test.setTimeout(timeLimit(90_000));
  await signIn(page, PERSONS.jaanTamm);
  await page.goto("/self-service/insurance");
  // The insurance conditions beside the contract's own documents (docs/decisions/0283).
  await expect(page.getByRole("link", { name: "Kindlustustingimused (PDF)" })).toHaveAttribute("href", "/api/insurance-conditions");
  for (const name of ["Kindlustuspoliis veebilehena", "Maksegraafik veebilehena", "Avalduse kinnitus veebilehena", "Kindlustustingimused veebilehena"]) {
    await page.goto("/self-service/insurance");
    await page.getByRole("link", { name }).click();
    await expect(page.locator("article.document h2").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFiguresOfPdf(page);
  }

  await page.goto("/self-service/bills");
  await page.getByRole("table").getByRole("rowheader").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 2, name: /^Arve EK-/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /QR-kood/ })).toBeVisible();
  // A banking app reads the page's QR code as the invoice's payment (drawn larger, as a phone's camera would see it).
  const pid = (await page.getByRole("heading", { level: 2, name: /^Arve EK-/ }).innerText()).replace(/^Arve /, "");
  const invoice = ((await (await page.request.get("/api/invoices")).json()) as { pid: string; epcQr: string }[]).find((i) => i.pid === pid)!;
  expect(await scannedQr(page, await page.getByRole("img", { name: /QR-kood/ }).evaluate((svg) => svg.outerHTML))).toBe(invoice.epcQr);
  await expect(page.getByText("Viitenumber", { exact: true })).toBeVisible();
  await expect(page.getByText("Rahvusvaheline viitenumber (RF)")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFiguresOfPdf(page);
});

test("Liis Lepp's credited invoice asks for no payment; her schedule and services say the contract ended (docs/decisions/0269)", async ({ page }) => {
  test.slow();
  await signIn(page, "49204120336");
  await page.goto("/self-service/bills");
  const row = page.getByRole("table").getByRole("row").filter({ has: page.getByRole("link", { name: /^EK-/ }) }).first();
  await expect(row).toContainText("ei pea tasuma (krediteeritud)");
  await expectNoAxeViolations(page);
  await row.getByRole("link", { name: /^EK-/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: /^Arve EK-/ })).toBeVisible();
  await expect(page.getByText(/^See arve on krediteeritud kreeditarvega KR-/)).toBeVisible();
  // Nothing a banking app could pay it by, and no instruction to.
  await expect(page.getByRole("img", { name: /QR-kood/ })).toHaveCount(0);
  await expect(page.getByText(/Skanni QR-kood|Makse andmed|Maksetähtaeg|Tasumisele kuulub/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectFiguresOfPdf(page);

  await page.goto("/self-service/documents/payment-schedule");
  await expect(page.getByText(/^Taganesid sellest lepingust \d{2}\.\d{2}\.\d{4}: leping lõppes algusest peale/)).toBeVisible();
  await expect(page.getByText(/Järgmine arve arvestatakse|Tulevased summad/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto("/self-service/services");
  await expect(page.getByText("Taganesid lepingust: kindlustuskaitset ei olnud, seega terviseteenuseid sellega ei kaasne.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /Broneeri|Logi sisse/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto("/self-service/insurance");
  await expect(page.getByText(/^puudus: taganesid lepingust, seega kindlustuskaitset ei olnud/)).toBeVisible();
});
