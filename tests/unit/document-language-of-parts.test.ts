/**
 * The Estonian authorities named in the English and Russian documents (the privacy notice, the
 * pre-contract information, the insurance conditions): the web page reads each in Estonian
 * (`<span lang="et">`, WCAG 3.1.2), the PDF drawn from the same blocks tags it as a span in
 * Estonian (`/Lang (et)`, PDF/UA), and neither shows an `<et>` tag.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocumentView } from "~/components/document-view";
import { demoInsurer } from "~/core/config";
import { htmlModel, renderPdf, type DocModel } from "~/core/documents/index";
import { privacyNoticeModel } from "~/core/documents/privacy-notice";
import { resources } from "~/i18n/i18next.server";
import { TranslationProvider } from "~/i18n/react";
import { createTranslator } from "~/i18n/translator";
import type { Language } from "~/lib/euro";
import { DOCUMENTS } from "../support/document-models";
import { pdfText } from "../support/pdf-text";
import { structText } from "../support/poppler";

/** Embedding the fonts and reading the text back takes seconds on a busy machine. */
const RENDER_TIMEOUT = 30_000;
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");

const privacy = (language: Language) =>
  privacyNoticeModel({ language, at: new Date("2026-05-01T08:00:00Z"), date: "2026-05-01", insurer: demoInsurer(), eid: "dokobit", signing: "dokobit", integrations: true });

/** Each document and the Estonian names it states. */
const NAMED: Array<{ name: string; build: (language: Language) => DocModel; names: string[] }> = [
  { name: "privacy notice", build: privacy, names: ["Andmekaitse Inspektsioon"] },
  { name: "pre-contract information", build: DOCUMENTS["pre-contract information"], names: ["Finantsinspektsioon"] },
  { name: "pre-contract information of a customer", build: DOCUMENTS["pre-contract information of a customer"], names: ["Finantsinspektsioon"] },
  { name: "insurance conditions", build: DOCUMENTS["insurance conditions"], names: ["Finantsinspektsioon"] },
];

function page(language: Language, model: DocModel): string {
  const view = createElement(DocumentView, { model: htmlModel(model), level: 1, pdfHref: "/document.pdf", back: { href: "/", label: "back" } });
  return renderToStaticMarkup(createElement(TranslationProvider, { value: { t: createTranslator(language, resources[language].common), i18n: { language } } }, view));
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("an Estonian name in an English or Russian document", () => {
  for (const language of ["en", "ru"] as const) {
    for (const { name, build, names } of NAMED) {
      it(`is read in Estonian on the web page and in the PDF: the ${name} in ${language}`, async () => {
        const model = build(language);
        const html = page(language, model);
        for (const estonian of names) {
          // Each time the document names it, in its own language.
          expect(count(html, `<span lang="et">${estonian}</span>`), estonian).toBeGreaterThan(0);
          expect(count(html, `<span lang="et">${estonian}</span>`), estonian).toBe(count(html, estonian));
        }
        expect(html).not.toMatch(/&lt;\/?et&gt;|<\/?et>/);

        const bytes = await renderPdf(model);
        const text = flat(await pdfText(bytes));
        for (const estonian of names) expect(text).toContain(estonian);
        expect(text).not.toMatch(/<\/?et>/);
        // Each time the document names it, a span of its own in the structure tree, in Estonian (PDF/UA: a change of language is declared).
        const spans = [...(await structText(bytes)).matchAll(/^\s*Span \(inline\)\n\s*"(.*)"$/gm)].map((m) => m[1]);
        const marked = model.blocks.flatMap((block) => JSON.stringify(block).match(/<et>.*?<\/et>/g) ?? []);
        expect(spans).toEqual(marked.map((part) => part.replace(/<\/?et>/g, "")));
        const raw = Buffer.from(bytes).toString("latin1");
        const spanElements = [...raw.matchAll(/\/S \/Span\n([\s\S]*?)>>\nendobj/g)].map((m) => m[1]);
        expect(spanElements).toHaveLength(spans.length);
        for (const element of spanElements) expect(element).toContain("/Lang (et)");
      }, RENDER_TIMEOUT);
    }
  }

  it("is not marked in the Estonian documents (the page is Estonian already)", () => {
    for (const { build } of NAMED) expect(page("et", build("et"))).not.toContain('<span lang="et"');
  });

  it("is marked in no other document, nor leaks from one (every kind, each language)", async () => {
    for (const language of ["et", "en", "ru"] as const) {
      for (const [name, build] of Object.entries(DOCUMENTS)) expect(page(language, build(language)), `${name} in ${language}`).not.toMatch(/&lt;\/?et&gt;|<\/?et>/);
    }
  });
});
