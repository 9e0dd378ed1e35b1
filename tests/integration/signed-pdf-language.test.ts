/**
 * The signed application's PDF is the bytes signed, in the language they were signed in; a page
 * in another language says which language its link hands over ("in Estonian", with `hreflang`),
 * rather than an English or Russian link label on an Estonian file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-12-01T10:00:00Z", remix: true });
});
afterAll(() => app.close());

/** The page's link to `href…` (its opening tag and text). */
const link = (html: string, href: string) => new RegExp(`<a href="${href.replace(/[?]/g, "\\$&")}[^"]*"[^>]*>[^<]*(?:<!-- -->[^<]*)*</a>`).exec(html)?.[0] ?? "";

describe("the signed application's PDF link", () => {
  it("names the Estonian the application was signed in on an English or Russian page, and nothing on an Estonian one", async () => {
    const { client } = await freshPolicyholder(app);
    const english = await (await client.fetch("/self-service/insurance?lng=en")).text();
    const tab = link(english, "/api/documents/application");
    expect(tab).toContain('hrefLang="et"');
    expect(tab.replace(/<!-- -->/g, "")).toContain("(PDF, in Estonian)");
    // The policy and the schedule are drawn in the page's language: no note.
    expect(link(english, "/api/documents/policy")).not.toContain("hrefLang");

    const page = await (await client.fetch("/self-service/documents/application?lng=ru")).text();
    const download = link(page, "/api/documents/application?lng=ru");
    expect(download).toContain('hrefLang="et"');
    expect(download.replace(/<!-- -->/g, "")).toContain("скачать PDF (на эстонском языке)");

    const estonian = await (await client.fetch("/self-service/insurance?lng=et")).text();
    expect(link(estonian, "/api/documents/application")).not.toContain("hrefLang");
    expect(link(estonian, "/api/documents/application").replace(/<!-- -->/g, "")).toContain("(PDF)");
  });
});
