/**
 * A signed PDF is the bytes signed, in the language they were signed in (the application, a
 * change of beneficiaries); a page in another language says which language its link hands over
 * ("in Estonian", with `hreflang`), rather than an English or Russian link label on an Estonian
 * file: the insurance tab, the document's page, the confirmation page and the data page's earlier
 * contracts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { PEETER_ALONE } from "../support/beneficiary-change";
import { freshPolicyholder } from "../support/customers";
import { demoSigningPost } from "../support/offer-application";
import { REGISTRATION } from "../support/questionnaire";
import { customerAt, json } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-12-01T10:00:00Z", remix: true });
});
afterAll(() => app.close());

/** The page's link to `href…` (its opening tag and text). */
const link = (html: string, href: string) => new RegExp(`<a href="${href.replace(/[?]/g, "\\$&")}[^"]*"[^>]*>[^<]*(?:<!-- -->[^<]*)*</a>`).exec(html)?.[0] ?? "";

describe("the signed application's PDF link", () => {
  it("names the Estonian the application was signed in on an English or Russian page, and nothing on an Estonian one", async () => {
    const { client, customer } = await freshPolicyholder(app);
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

    // The file is named in Estonian too, asked for in English, as the onboarding's copy is.
    const [policy] = await app.core.db.query<{ id: number }>(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id]);
    const file = await client.fetch("/api/documents/application?lng=en");
    expect(file.headers.get("content-disposition")).toContain(`filename="taotlus-EK-${policy.id}.pdf"`);
  });
});

/** The link's text as it reads (React's separators between its parts left out). */
const text = (link: string) => link.replace(/<!-- -->/g, "").replace(/<[^>]*>/g, "");

describe("the confirmation page's signed application", () => {
  it("is named as Estonian, the language it was signed in, on an English or Russian confirmation; the policy and the schedule are not", async () => {
    const { client } = await customerAt(app, "confirmation");
    const english = await (await client.fetch("/confirmation?lng=en")).text();
    const application = link(english, "/api/onboarding/documents/application");
    expect(application).toContain('hrefLang="et"');
    expect(text(application)).toBe("Application statement (PDF, in Estonian)");
    for (const drawn of ["/api/documents/policy", "/api/documents/payment-schedule"]) {
      expect(link(english, drawn), drawn).toMatch(/\(PDF\)<\/a>$/);
      expect(link(english, drawn), drawn).not.toContain("hrefLang");
    }
    const russian = await (await client.fetch("/confirmation?lng=ru")).text();
    expect(text(link(russian, "/api/onboarding/documents/application"))).toContain("(PDF, на эстонском языке)");
    const estonian = await (await client.fetch("/confirmation?lng=et")).text();
    expect(link(estonian, "/api/onboarding/documents/application")).not.toContain("hrefLang");
    expect(text(link(estonian, "/api/onboarding/documents/application"))).toMatch(/ \(PDF\)$/);
  });
});

describe("an earlier contract's signed documents on the data page", () => {
  it("each name the language it was signed in when it is not the page's: the application Estonian, a change signed in English", async () => {
    const { client, code, customer } = await freshPolicyholder(app);
    const [policy] = await app.core.db.query<{ id: number }>(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id]);
    const number = `EK-${policy.id}`;
    // The change of beneficiaries signed in English: its signed PDF is English.
    expect((await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: PEETER_ALONE } })).status).toBe(200);
    const config = await json(await client.fetch("/api/self-service/beneficiaries/sign/init?lng=en", { method: "POST" }));
    expect((await demoSigningPost(client, config, "sign", true)).status).toBe(200);
    expect(await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} }))).toMatchObject({ result: "SIGNED", version: 2 });
    // Withdrawn, and signing up again: the contract is an earlier one, on the data page.
    await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }));
    expect(await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }))).toMatchObject({ state: "ACCOUNT_REGISTERED" });

    const application = `/api/documents/application?policy=${number}`;
    const change = `/api/self-service/policy/versions/2/change?policy=${number}`;
    const english = await (await client.fetch("/self-service/data?lng=en")).text();
    expect(link(english, application)).toContain('hrefLang="et"');
    expect(text(link(english, application))).toBe("Signed insurance application (PDF, in Estonian)");
    expect(link(english, change)).not.toContain("hrefLang");
    expect(text(link(english, change))).toMatch(/ \(PDF\)$/);

    const estonian = await (await client.fetch("/self-service/data?lng=et")).text();
    expect(link(estonian, application)).not.toContain("hrefLang");
    expect(text(link(estonian, application))).toMatch(/ \(PDF\)$/);
    expect(link(estonian, change)).toContain('hrefLang="en"');
    expect(text(link(estonian, change))).toMatch(/ \(PDF, inglise keeles\)$/);

    const russian = await (await client.fetch("/self-service/data?lng=ru")).text();
    expect(link(russian, application)).toContain('hrefLang="et"');
    expect(link(russian, change)).toContain('hrefLang="en"');

    // The files are named in the language they are in, whatever the request's.
    const fileName = async (path: string) => (await client.fetch(path)).headers.get("content-disposition");
    expect(await fileName(`${application}&lng=ru`)).toContain(`filename="taotlus-${number}.pdf"`);
    expect(await fileName(`${change}&lng=ru`)).toContain(`filename="beneficiary-change-${number}-v2.pdf"`);
    expect(await fileName(`${change}&lng=et`)).toContain(`filename="beneficiary-change-${number}-v2.pdf"`);
  });
});
