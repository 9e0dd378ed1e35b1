/**
 * The privacy notice (GDPR art. 13, docs/decisions/0292): public, as a page and a PDF drawn from
 * one model in three languages; the way back; the old static addresses' 301; and every page of the
 * app it sends a customer to opens for a policyholder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docTranslator, type HtmlDocModel } from "~/core/documents/index";
import { PRIVACY_PATHS } from "~/core/documents/privacy-notice";
import { translatorFor } from "~/i18n/i18next.server";
import { BENEFICIARIES_NOTICE_ID } from "~/lib/beneficiaries-fields";
import { loader as privacyLoader } from "~/routes/privacy._index";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerAt } from "../support/reach";
import { pdfText } from "../support/pdf-text";
import { routeArgs, run } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-12-01T10:00:00Z", remix: true });
});
afterAll(() => app.close());

const LANGUAGES = ["et", "en", "ru"] as const;
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");
const loaderData = async (path: string, cookie?: string) =>
  (await run<{ model: HtmlDocModel; pdfHref: string; back: { href: string } }>(() => privacyLoader(routeArgs(app, path, { cookie })))).data!;

describe("the privacy notice (decision 0292)", () => {
  it("is public, in three languages, as a page and a PDF from the same model", async () => {
    const anonymous = new Client(app.url);
    for (const lng of LANGUAGES) {
      const t = docTranslator(lng);
      const view = await loaderData(`/privacy?lng=${lng}`);
      expect(view.model.title).toBe(t("privacy.title"));
      expect(view.back.href).toBe("/");
      expect(view.pdfHref).toBe(`/api/privacy-notice?lng=${lng}`);
      // The controller and its officer from the configuration (the demo's here).
      expect(JSON.stringify(view.model)).toContain("Elukaitse AS");
      expect(JSON.stringify(view.model)).toContain("andmekaitse@elukaitse.ee");
      const response = await anonymous.fetch(view.pdfHref);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toContain(lng === "en" ? "privacy-notice.pdf" : lng === "et" ? "privaatsusteade.pdf" : "uvedomlenie-o-konfidentsialnosti.pdf");
      const pdf = flat(await pdfText(new Uint8Array(await response.arrayBuffer())));
      for (const block of view.model.blocks) {
        if (block.kind === "heading") expect(pdf, `${lng}: ${block.text}`).toContain(flat(block.text));
      }
      // The in-app places print with their paths; the officer's address as it is.
      expect(pdf).toContain(`${t("privacy.link.data")} (${PRIVACY_PATHS.data})`);
      expect(pdf).toContain("andmekaitse@elukaitse.ee");
      expect(pdf).toContain(flat(t("privacy.automated.rights")));
    }
  });

  it("keeps the way back to the sign-up for a customer signed in, and the old static addresses lead to it", async () => {
    const { client } = await customerAt(app, "score", { age: 30 });
    expect((await loaderData("/privacy?lng=et", client.cookieHeader)).back.href).toBe("/score");
    const anonymous = new Client(app.url);
    for (const lng of LANGUAGES) {
      const response = await anonymous.fetch(`/documents/privacy.${lng}.html`, { redirect: "manual" });
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`/privacy?lng=${lng}`);
    }
    expect((await anonymous.fetch("/documents/privacy.fi.html", { redirect: "manual" })).status).toBe(404);
  });

  it("has a section for the people named as beneficiaries at the anchor both beneficiaries' forms link, in three languages (decision 0316)", async () => {
    const anonymous = new Client(app.url);
    const { client: applicant } = await customerAt(app, "beneficiaries", { age: 30 });
    const { client: policyholder } = await freshPolicyholder(app);
    for (const lng of LANGUAGES) {
      const t = docTranslator(lng);
      const html = await (await anonymous.fetch(`/privacy?lng=${lng}`)).text();
      const section = html.slice(html.indexOf(`<h2 id="${BENEFICIARIES_NOTICE_ID}">`));
      expect(section.startsWith(`<h2 id="beneficiaries">${escaped(t("privacy.beneficiaries.heading"))}</h2>`), lng).toBe(true);
      for (const key of ["source", "purpose", "recipients", "retention", "told", "rights"] as const) {
        expect(section, `${lng} ${key}`).toContain(escaped(t(`privacy.beneficiaries.${key}`, { section: t("privacy.retention.heading") })));
      }
      expect(section).toContain(`href="mailto:andmekaitse@elukaitse.ee"`);
      expect(section).toContain(`href="https://www.aki.ee"`);
      // The onboarding step and the self-service change ask the customer to tell the people named, linking the section.
      for (const [client, path] of [[applicant, "/beneficiaries"], [policyholder, "/self-service/beneficiaries"]] as const) {
        const page = await client.fetch(`${path}?lng=${lng}`);
        expect(page.status, path).toBe(200);
        const [before, link, after] = translatorFor(lng)("beneficiaries.tell").split(/<\/?notice>/);
        const markup = await page.text();
        expect(markup, `${lng} ${path}`).toContain(`${escaped(before)}<a href="/privacy#beneficiaries" target="_blank" rel="noopener">${escaped(link)}<span class="visually-hidden">`);
        expect(markup, `${lng} ${path}`).toContain(`${escaped(translatorFor(lng)("account.new_tab"))}</span></a>${escaped(after)}`);
      }
    }
  });

  it("sends a policyholder only to pages that open for them", async () => {
    const { client } = await freshPolicyholder(app);
    const view = await loaderData("/privacy?lng=en", client.cookieHeader);
    const hrefs = view.model.blocks.flatMap((b) => (b.kind === "links" ? b.items.flatMap((item) => item.links.map((link) => link.href)) : [])).filter((href) => href.startsWith("/"));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of new Set(hrefs)) {
      const response = await client.fetch(href, { redirect: "manual" });
      expect(response.status, href).toBe(200);
    }
  });
});
