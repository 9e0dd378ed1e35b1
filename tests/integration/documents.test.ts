/**
 * Documents for every reader (docs/decisions/0031, 0032): each document's accessible HTML
 * version (the page's loader) carries the same figures as its PDF (/api), before and after
 * signing and in every language; names in several scripts come out whole in the PDF, a
 * right-to-left one not reversed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docTranslator, type HtmlDocModel } from "~/core/documents/index";
import { loader as offerDocumentLoader } from "~/routes/offer_.documents.$kind";
import { loader as selfServiceDocumentLoader } from "~/routes/self-service.documents.$kind";
import { loader as invoiceLoader } from "~/routes/self-service.bills_.$pid";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerReadyToSign } from "../support/offer-application";
import { pdfText } from "../support/pdf-text";
import { makePersonalCode } from "~/lib/personal-code";
import { door, saveStep } from "../support/reach";
import { routeArgs, run } from "../support/routes";
import { signInDemoFrame } from "../support/walk";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Every number in a text (amounts, dates, codes, percentages), sorted: what must agree. */
export function figures(text: string): string[] {
  return (text.replace(/[\u00a0\u202f]/g, " ").match(/\d+(?:[.,:/-]\d+)*/g) ?? []).sort();
}

/** The text the HTML version shows, block by block. */
function htmlText(model: HtmlDocModel): string {
  return model.blocks
    .map((b) => {
      switch (b.kind) {
        case "title":
          return `${b.text}\n${b.subtitle}`;
        case "heading":
        case "paragraph":
          return b.text;
        case "list":
          return b.items.join("\n");
        case "fields":
          return b.rows.map((r) => `${r.label} ${r.value}`).join("\n");
        case "table":
          return [...(b.header ?? []), ...b.rows.flat()].join("\n");
        case "qr":
          return b.caption;
      }
    })
    .join("\n");
}

/** The footer's page number in each language ("Lehekülg 1/2"), built from the document texts. */
const PAGE_NUMBER = new RegExp(
  (["et", "en", "ru"] as const).map((l) => docTranslator(l)("doc.page", { n: "§", total: "§" }).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/§/g, "\\d+")).join("|"),
  "g",
);

/** The PDF's text without its page numbers (the footer's, the extractor's "-- 1 of 2 --"): a web page has none. */
const pdfFigures = async (bytes: ArrayBuffer) => figures((await pdfText(new Uint8Array(bytes))).replace(/^-- \d+ of \d+ --$/gm, "").replace(PAGE_NUMBER, ""));

const cookieOf = (client: Client) => client.cookieHeader;

async function viewOf(loader: typeof offerDocumentLoader, client: Client, path: string, params: Record<string, string>) {
  const result = await run<{ model: HtmlDocModel; pdfHref: string }>(() => loader(routeArgs(app, path, { cookie: cookieOf(client), params })));
  expect(result.data, path).toBeDefined();
  return result.data!;
}

async function expectSameFigures(client: Client, view: { model: HtmlDocModel; pdfHref: string }) {
  const pdf = await client.fetch(view.pdfHref);
  expect(pdf.status, view.pdfHref).toBe(200);
  const html = figures(htmlText(view.model));
  expect(html.length).toBeGreaterThan(3);
  expect(html).toEqual(await pdfFigures(await pdf.arrayBuffer()));
}

describe("the accessible HTML versions", () => {
  it("of the offer's application and payment schedule carry the PDFs' figures, in each language", async () => {
    const { client } = await customerReadyToSign(app, { age: 40 });
    for (const lng of ["et", "en", "ru"]) {
      for (const kind of ["application", "payment-schedule"]) {
        const view = await viewOf(offerDocumentLoader, client, `/offer/documents/${kind}?lng=${lng}`, { kind });
        expect(view.model.language).toBe(lng);
        await expectSameFigures(client, view);
        if (kind !== "application") continue;
        // The beneficiaries' contact column: the second label a word of the phrase ("E-post, Telefon" before).
        const beneficiaries = view.model.blocks.find((b) => b.kind === "table" && b.header?.length === 4);
        expect(beneficiaries?.kind === "table" ? beneficiaries.header?.[3] : null).toBe({ et: "E-post, telefon", en: "E-mail, phone", ru: "Эл. почта, телефон" }[lng]);
      }
    }
  });

  it("of the signed application carry the signed PDF's figures", async () => {
    const { client, code } = await customerReadyToSign(app, { age: 40 });
    await saveStep(client, "offer");
    await signInDemoFrame(door(client));
    expect((await (await client.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).state).toBe("AGREEMENT_SIGNED");
    // The policy starts the next day: the operator's activation makes the customer a policyholder.
    app.clock.set(new Date(app.clock.now().getTime() + 86_400_000));
    try {
      await app.core.offer.operations.activateDue();
      const later = new Client(app.url);
      expect((await later.signIn(code)).result).toBe("SUCCESS");
      // The signed PDF is kept as signed (Estonian); the web page puts it together again.
      const view = await viewOf(selfServiceDocumentLoader, later, "/self-service/documents/application?lng=et", { kind: "application" });
      await expectSameFigures(later, view);
    } finally {
      app.clock.set(new Date(app.clock.now().getTime() - 86_400_000));
    }
  });

  it("of an application signed across Tallinn's midnight, on the eve of a birthday, carry the signed PDF's date and age", async () => {
    // Started at 23:58 on 23 November in Tallinn (21:58 UTC), at 39, and confirmed at 00:02 on
    // the 24th, the 40th birthday: the signed PDF says the 23rd and 39, and the premium frozen
    // on the policy is the one for 39. The web version once said the 24th and 40, and the
    // payment schedule's age table put 40 beside the premium for 39.
    const back = app.clock.now();
    app.clock.set("2026-11-23T21:58:00Z");
    try {
      const code = makePersonalCode("1986-11-24", "F", 417);
      const { client } = await customerReadyToSign(app, { code });
      await saveStep(client, "offer");
      await signInDemoFrame(door(client));
      app.clock.set("2026-11-23T22:02:00Z");
      expect((await (await client.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).state).toBe("AGREEMENT_SIGNED");
      // The policy starts on the 25th, the day after the signing's confirmation.
      app.clock.set("2026-11-25T10:00:00Z");
      await app.core.offer.operations.activateDue();
      const later = new Client(app.url);
      expect((await later.signIn(code)).result).toBe("SUCCESS");
      const view = await viewOf(selfServiceDocumentLoader, later, "/self-service/documents/application?lng=et", { kind: "application" });
      expect(htmlText(view.model)).toContain("23.11.2026");
      await expectSameFigures(later, view);
      const schedule = await viewOf(selfServiceDocumentLoader, later, "/self-service/documents/payment-schedule?lng=et", { kind: "payment-schedule" });
      // The age table's first row: policy year, from, age, cover, premium.
      const ages = schedule.model.blocks.find((b) => b.kind === "table" && b.rows[0]?.length === 5);
      expect(ages?.kind === "table" ? ages.rows[0].slice(0, 3) : null).toEqual(["1", "25.11.2026", "39"]);
    } finally {
      app.clock.set(back);
    }
  });

  it("of the policy, the payment schedule and the invoices carry the PDFs' figures", async () => {
    const { client } = await freshPolicyholder(app);
    for (const lng of ["et", "ru"]) {
      for (const kind of ["policy", "payment-schedule"]) {
        const view = await viewOf(selfServiceDocumentLoader, client, `/self-service/documents/${kind}?lng=${lng}`, { kind });
        expect(view.model.language).toBe(lng);
        await expectSameFigures(client, view);
      }
      const invoices: Array<{ pid: string }> = await (await client.fetch("/api/invoices")).json();
      for (const { pid } of invoices.slice(0, 3)) {
        const view = await viewOf(invoiceLoader, client, `/self-service/bills/${pid}?lng=${lng}`, { pid });
        expect(view.model.blocks.some((b) => b.kind === "qr")).toBe(true);
        await expectSameFigures(client, view);
      }
    }
  });

  it("are not found for someone else's invoice or an unknown document", async () => {
    const { client } = await freshPolicyholder(app);
    for (const [loader, path, params] of [
      [invoiceLoader, "/self-service/bills/EK-1-200001", { pid: "EK-1-200001" }],
      [selfServiceDocumentLoader, "/self-service/documents/nope", { kind: "nope" }],
    ] as const) {
      const result = await run(() => loader(routeArgs(app, path, { cookie: client.cookieHeader, params })));
      expect(result.status).toBe(404);
    }
  });
});
