/**
 * The facts a buyer is given before signing (issue 20 item 3; docs/decisions/0090–0092): the
 * term and renewal and the premium by age on the offer (page and /api) and in the payment
 * schedule and policy; the pre-contract information, public or the customer's own, as a web
 * page and a PDF in three languages; the insurer in every page's footer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "~/core/clock";
import { formatAmount, formatDate, formatMoney, formatWholeMoney } from "~/lib/euro";
import { docTranslator, type HtmlDocModel } from "~/core/documents/index";
import { allNo } from "~/core/demo/ready-to-sign";
import { loader as offerLoader } from "~/routes/offer";
import { loader as offerDocumentLoader } from "~/routes/offer_.documents.$kind";
import { loader as preContractLoader } from "~/routes/pre-contract-information";
import { loader as conditionsLoader } from "~/routes/insurance-conditions";
import { loader as rootLoader } from "~/root";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerReadyToSign } from "../support/offer-application";
import { customerAt } from "../support/reach";
import { pdfText } from "../support/pdf-text";
import { pdfInfo } from "../support/poppler";
import { routeArgs, run } from "../support/routes";

const NOW = "2026-03-10T10:00:00Z";
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: NOW, remix: true });
});
afterAll(() => app.close());

const LANGUAGES = ["et", "en", "ru"] as const;
/** PDF text with its line breaks and (narrow) no-break spaces as plain spaces: wrapped lines join. */
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");
const pdfOf = async (response: Response) => flat(await pdfText(new Uint8Array(await response.arrayBuffer())));
/** The PDF's text and its number of pages. */
const pdfPaged = async (response: Response) => {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { text: flat(await pdfText(bytes)), pages: Number((await pdfInfo(bytes)).Pages) };
};
const headings = (model: HtmlDocModel) => model.blocks.filter((b) => b.kind === "heading").map((b) => (b as { text: string }).text);

interface OfferPage {
  offer: {
    estimation: { premiumTotal: number };
    term: { startDate: string; endDate: string; renewalDate: string; noticeBy: string; withdrawalUntil: string };
    premiumByAge: Array<{ age: number; premiumTotal: number | null; cover: { reduced: boolean } | null }>;
  };
}

describe("the offer", () => {
  it("states the term and renewal and the premium for this policy year and the next five (page and /api)", async () => {
    const { client } = await customerReadyToSign(app, { age: 40 });
    const page = await run<OfferPage>(() => offerLoader(routeArgs(app, "/offer", { cookie: client.cookieHeader })));
    const { offer } = page.data!;
    const start = addDays(today(app.clock), 1);
    expect(offer.term).toMatchObject({ startDate: start, endDate: "2027-03-10", renewalDate: "2027-03-11", noticeBy: "2027-02-09", withdrawalFrom: "signing", withdrawalUntil: "2026-04-09" });
    expect(offer.premiumByAge.map((r) => r.age)).toEqual([40, 41, 42, 43, 44, 45]);
    // The first year is the offer's own price; every later one is dearer (same cover, older).
    expect(offer.premiumByAge[0].premiumTotal).toBe(offer.estimation.premiumTotal);
    const totals = offer.premiumByAge.map((r) => r.premiumTotal!);
    for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeGreaterThan(totals[i - 1]);
    // 100 000 / 50 000 is within every limit up to 45: never lowered.
    expect(offer.premiumByAge.every((r) => r.cover && !r.cover.reduced)).toBe(true);
    // The page's data carries totals only; the /api its full estimations.
    expect(offer.premiumByAge[1]).not.toHaveProperty("estimation");
    const api = await (await client.fetch("/api/onboarding/offer")).json();
    // The /api states the last day of cover (docs/decisions/0282); the page only when it ends the first year.
    expect(offer.term).not.toHaveProperty("lastDay");
    expect(api.term).toEqual({ ...offer.term, lastDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(api.premiumByAge.map((r: { estimation: { premiumTotal: number } | null }) => r.estimation?.premiumTotal)).toEqual(totals);
  });

  it("shows a cover that a later age does not allow as lowered", async () => {
    const long = { type: "UW_L2" as const, height: 180, weight: 80, content: allNo("UW_L2") };
    const { client } = await customerReadyToSign(app, { age: 38, rows: { sumInsuredForDeathCover: 400_000, sumInsuredForDisabilityCover: 100_000, questionnaire: long } });
    const { offer } = (await run<OfferPage>(() => offerLoader(routeArgs(app, "/offer", { cookie: client.cookieHeader })))).data!;
    // 400 000 is above the 300 000 maximum from 40 on.
    expect(offer.premiumByAge.map((r) => [r.age, r.cover && r.cover.reduced])).toEqual([
      [38, false],
      [39, false],
      [40, true],
      [41, true],
      [42, true],
      [43, true],
    ]);
    // The one-page information writes the lowered cover as the offer does: whole euro (decisions 0297, 0350).
    const english = (await pdfText(new Uint8Array(await (await client.fetch("/api/pre-contract-information?lng=en")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(english).toContain(`lowered: ${formatWholeMoney(300_000)} / ${formatWholeMoney(100_000)}`.replace(/\s+/g, " "));
  });

  it("shows no renewal past 64", async () => {
    const long = { type: "UW_L2" as const, height: 180, weight: 80, content: allNo("UW_L2") };
    const { client } = await customerReadyToSign(app, { age: 62, rows: { questionnaire: long } });
    const { offer } = (await run<OfferPage>(() => offerLoader(routeArgs(app, "/offer", { cookie: client.cookieHeader })))).data!;
    // 100 000 / 50 000 is the 60–64 maximum already; at 65 the contract is not renewed.
    expect(offer.premiumByAge.map((r) => [r.age, r.premiumTotal === null, r.cover === null])).toEqual([
      [62, false, false],
      [63, false, false],
      [64, false, false],
      [65, true, true],
    ]);
  });

  it("prints the age table in the payment schedule (web page and PDF) in each language", async () => {
    const { client } = await customerReadyToSign(app, { age: 40 });
    for (const lng of LANGUAGES) {
      const t = docTranslator(lng);
      const view = await run<{ model: HtmlDocModel }>(() =>
        offerDocumentLoader(routeArgs(app, `/offer/documents/payment-schedule?lng=${lng}`, { cookie: client.cookieHeader, params: { kind: "payment-schedule" } })),
      );
      expect(headings(view.data!.model)).toContain(t("ageTable.heading"));
      const pdf = await pdfOf(await client.fetch(`/api/onboarding/documents/payment-schedule?lng=${lng}`));
      expect(pdf).toContain(t("ageTable.heading"));
      expect(pdf).toContain(t("ageTable.monthly"));
      // The sixth policy year starts on the fifth anniversary.
      expect(pdf).toContain(formatDate("2031-03-11"));
    }
  });
});

describe("the policy and the policyholder's payment schedule", () => {
  it("print the term and renewal, and the age table from the frozen premium", async () => {
    const { client } = await freshPolicyholder(app);
    for (const lng of ["et", "en"] as const) {
      const t = docTranslator(lng);
      const policy = await pdfOf(await client.fetch(`/api/documents/policy?lng=${lng}`));
      expect(policy).toContain(t("term.heading"));
      expect(policy).toContain(flat(t("term.premium.value")));
      const schedule = await pdfOf(await client.fetch(`/api/documents/payment-schedule?lng=${lng}`));
      expect(schedule).toContain(t("ageTable.heading"));
    }
  });
});

describe("the demands-and-needs statement (IDD art. 20, decision 0296)", () => {
  it("is on the application before signing, its page and its PDF, from the steps the customer saved, in three languages", async () => {
    const { client } = await customerReadyToSign(app, { age: 40, rows: { sumInsuredForDisabilityCover: 0 } });
    const { offer } = (await run<OfferPage>(() => offerLoader(routeArgs(app, "/offer", { cookie: client.cookieHeader })))).data!;
    for (const lng of LANGUAGES) {
      const t = docTranslator(lng);
      const view = await run<{ model: HtmlDocModel }>(() => offerDocumentLoader({ ...routeArgs(app, `/offer/documents/application?lng=${lng}`, { cookie: client.cookieHeader }), params: { kind: "application" } }));
      const at = view.data!.model.blocks.findIndex((b) => b.kind === "heading" && b.id === "needs");
      expect(at, lng).toBeGreaterThan(0);
      const html = view.data!.model.blocks.slice(at).flatMap((b) => (b.kind === "list" ? b.items : b.kind === "paragraph" ? [b.text] : []));
      const money = (cents: number) => formatMoney(cents, lng);
      const lines = [
        t("needs.death", { amount: formatWholeMoney(100_000), beneficiaries: "Mari Maasikas 100%" }),
        t("needs.disability.none"),
        t("needs.term", { age: 40, until: 65 }),
        t("needs.premium", { amount: money(offer.estimation.premiumTotal) }),
        t("needs.consistent"),
        t("needs.advice"),
      ];
      for (const line of lines) expect(html, `${lng}: ${line}`).toContain(line);
      expect(html.join(" ")).toMatch(new RegExp(t("needs.services", { services: ".+" })));
      const pdf = await pdfOf(await client.fetch(`/api/onboarding/documents/application?lng=${lng}`));
      for (const line of [t("needs.heading"), ...lines]) expect(pdf, `${lng}: ${line}`).toContain(flat(line));
    }
  });
});

describe("the pre-contract information", () => {
  const loaderData = async (path: string, cookie?: string) =>
    (await run<{ model: HtmlDocModel; pdfHref: string; back: { href: string } }>(() => preContractLoader(routeArgs(app, path, { cookie })))).data!;

  it("is public: the general version with price examples, in three languages, as a page and a PDF", async () => {
    const anonymous = new Client(app.url);
    for (const lng of LANGUAGES) {
      const t = docTranslator(lng);
      const view = await loaderData(`/pre-contract-information?lng=${lng}`);
      expect(view.model.language).toBe(lng);
      expect(view.model.title).toBe(t("precontract.title"));
      expect(view.back.href).toBe("/");
      expect(headings(view.model)).toEqual([
        t("precontract.insurer.heading"),
        t("precontract.insured.heading"),
        t("precontract.excluded.heading"),
        t("term.heading"),
        t("precontract.price.heading"),
        t("precontract.withdrawal.heading"),
        t("precontract.complaints.heading"),
      ]);
      const response = await anonymous.fetch(view.pdfHref);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("cache-control")).toContain("no-store");
      const { text: pdf, pages } = await pdfPaged(response);
      // One A4 page, as an insurance product information document (docs/decisions/0092).
      expect(pages, lng).toBe(1);
      for (const text of [t("precontract.title"), t("precontract.public"), "Elukaitse AS", "12345678", "4.1-1/99", "kaebused@elukaitse.ee", "Finantsinspektsioon"]) {
        expect(pdf, `${lng}: ${text}`).toContain(flat(text));
      }
      for (const key of ["precontract.insured.heading", "precontract.excluded.heading", "term.heading", "precontract.withdrawal.heading", "precontract.complaints.heading"] as const) {
        expect(pdf, `${lng}: ${key}`).toContain(t(key));
      }
      expect(pdf).toContain(flat(t("precontract.withdrawal.text", { count: 30, email: "kaebused@elukaitse.ee" })));
      // Every factor of the price, smoking's loading with its figure (Directive 2002/65/EC art.
      // 3(1)(2)(b)), and whether the insurer advises (IDD art. 18(b)(ii)).
      expect(pdf).toContain(flat(t("precontract.price.discount", { smoker: lng === "en" ? "1.5" : "1,5" }).split(". ")[0]));
      expect(pdf).toContain(flat(`${t("precontract.insurer.advice")} ${t("precontract.insurer.advice.value")}`));
      // Solvency II art. 185 (decision 0296): how premiums are paid and for how long, the days from
      // the invoicing's configuration, the tax, the law by the conditions' section, the insurer's report.
      for (const [label, value] of [
        [t("precontract.payment"), `${t("precontract.payment.value", { count: app.config.invoicing.dueDays })} ${t("precontract.tax.value", { url: app.config.insurer.taxInfoUrl })}`],
        [t("precontract.law"), t("precontract.law.value", { section: t("conditions.law.heading") })],
        [t("precontract.sfcr"), t("precontract.sfcr.value", { url: app.config.insurer.sfcrUrl })],
      ]) {
        expect(pdf, `${lng}: ${label}`).toContain(flat(`${label} ${value}`));
        expect(view.model.blocks.some((b) => b.kind === "fields" && b.rows.some((r) => r.label === label && r.value === value))).toBe(true);
      }
    }
  });

  it("states the signed-in customer's own price before signing, the offer's price", async () => {
    const { client } = await customerReadyToSign(app, { age: 40 });
    const { offer } = (await run<OfferPage>(() => offerLoader(routeArgs(app, "/offer", { cookie: client.cookieHeader })))).data!;
    const view = await loaderData("/pre-contract-information?lng=en", client.cookieHeader);
    const t = docTranslator("en");
    expect(view.back.href).toBe("/offer");
    const { text: pdf, pages } = await pdfPaged(await client.fetch(view.pdfHref));
    expect(pages).toBe(1);
    expect(pdf).toContain(t("precontract.personal", { name: "Test Kasutaja" }));
    expect(pdf).not.toContain(t("precontract.public"));
    expect(pdf).toContain(`${t("doc.premium.total")} ${formatAmount(offer.estimation.premiumTotal, "en")} €`);
    expect(pdf).toContain(t("ageTable.heading"));
  });

  it("is the general version for a customer with no package yet", async () => {
    const { client } = await customerAt(app, "score", { age: 30 });
    const t = docTranslator("et");
    const pdf = await pdfOf(await client.fetch("/api/pre-contract-information?lng=et"));
    expect(pdf).toContain(t("precontract.public"));
  });

  it("is a page anyone may open, with the insurer in its footer, and stays on one language's texts", async () => {
    const anonymous = new Client(app.url);
    for (const lng of LANGUAGES) {
      const response = await anonymous.fetch(`/pre-contract-information?lng=${lng}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const t = docTranslator(lng);
      expect(html).toContain(`<h1>${t("precontract.title")}</h1>`);
      expect(html).toContain('id="complaints"');
      expect(html).toContain("Finantsinspektsioon");
      expect(html).toContain('href="/pre-contract-information#complaints"');
    }
  });
});

describe("the insurance conditions (decision 0283)", () => {
  const loaderData = async (path: string, cookie?: string) =>
    (await run<{ model: HtmlDocModel; pdfHref: string; back: { href: string } }>(() => conditionsLoader(routeArgs(app, path, { cookie })))).data!;
  /** The blocks a heading opens, up to the next heading. */
  const section = (model: HtmlDocModel, heading: string) => {
    const start = model.blocks.findIndex((b) => b.kind === "heading" && b.text === heading);
    expect(start, heading).toBeGreaterThan(-1);
    const end = model.blocks.findIndex((b, i) => i > start && b.kind === "heading");
    return model.blocks.slice(start + 1, end === -1 ? undefined : end);
  };

  it("are public, in three languages, as a page and a PDF, and state each fact the pre-contract information states in its words", async () => {
    const anonymous = new Client(app.url);
    for (const lng of LANGUAGES) {
      const t = docTranslator(lng);
      const view = await loaderData(`/insurance-conditions?lng=${lng}`);
      const preContract = (await run<{ model: HtmlDocModel }>(() => preContractLoader(routeArgs(app, `/pre-contract-information?lng=${lng}`)))).data!.model;
      expect(view.model.title).toBe(t("conditions.title"));
      expect(view.back.href).toBe("/");
      expect(headings(view.model)).toEqual([
        t("precontract.insurer.heading"),
        t("conditions.eligible.heading"),
        t("precontract.insured.heading"),
        t("precontract.excluded.heading"),
        t("doc.beneficiaries.heading"),
        t("conditions.premium.heading"),
        t("term.heading"),
        t("precontract.withdrawal.heading"),
        t("precontract.complaints.heading"),
        t("conditions.law.heading"),
      ]);
      // The static pages of before listed two exclusions against the pre-contract information's five.
      for (const heading of ["precontract.insurer.heading", "precontract.insured.heading", "precontract.excluded.heading", "precontract.complaints.heading"] as const) {
        expect(section(view.model, t(heading)), `${lng} ${heading}`).toEqual(section(preContract, t(heading)));
      }
      // The right to withdraw as the pre-contract information states it, and when the 30 days start (decision 0273).
      expect(section(view.model, t("precontract.withdrawal.heading"))).toEqual([
        ...section(preContract, t("precontract.withdrawal.heading")),
        { kind: "paragraph", text: t("conditions.concluded") },
      ]);
      const response = await anonymous.fetch(view.pdfHref);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toContain(lng === "en" ? "insurance-conditions.pdf" : lng === "et" ? "kindlustustingimused.pdf" : "usloviya-strakhovaniya.pdf");
      const pdf = await pdfOf(response);
      for (const heading of headings(view.model)) expect(pdf, `${lng}: ${heading}`).toContain(flat(heading));
      // The invoices' days from the configuration; cancelling online as withdrawing is (the old pages said "in writing").
      expect(pdf).toContain(flat(t("conditions.premium.invoice", { count: 14 })));
      expect(pdf).toContain(flat(t("conditions.term.cancel.how", { email: "kaebused@elukaitse.ee" })));
      expect(pdf).toContain(flat(t("conditions.law.text")));
    }
  });

  it("keep the way back to the sign-up for a customer signed in, and the old static addresses lead to them", async () => {
    const { client } = await customerAt(app, "score", { age: 30 });
    expect((await loaderData("/insurance-conditions?lng=et", client.cookieHeader)).back.href).toBe("/score");
    const anonymous = new Client(app.url);
    for (const lng of LANGUAGES) {
      const response = await anonymous.fetch(`/documents/conditions.${lng}.html`, { redirect: "manual" });
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`/insurance-conditions?lng=${lng}`);
    }
    expect((await anonymous.fetch("/documents/conditions.fi.html", { redirect: "manual" })).status).toBe(404);
  });
});

describe("every page's footer", () => {
  it("names the insurer, its registry code, address and licence from the configuration", async () => {
    const root = await run<{ insurer: unknown }>(() => rootLoader(routeArgs(app, "/login")));
    expect(root.data!.insurer).toEqual(["Elukaitse AS", "12345678", "Narva mnt 7, 10117 Tallinn", "4.1-1/99"]);
    const anonymous = new Client(app.url);
    for (const path of ["/", "/login?lng=en", "/login-failed/locked"]) {
      const html = (await (await anonymous.fetch(path)).text()).replace(/<!-- -->/g, "");
      expect(html, path).toContain("Elukaitse AS");
      expect(html, path).toContain("12345678");
      expect(html, path).toContain("Narva mnt 7, 10117 Tallinn");
      expect(html, path).toContain("4.1-1/99");
      expect(html, path).toContain('href="/pre-contract-information#complaints"');
    }
  });
});
