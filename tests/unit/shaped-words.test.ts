/**
 * The documents' words shaped once per process (app/core/documents/pdf.ts, docs/decisions/0323):
 * a document drawn again shapes none of its words again, and a document's bytes are the same
 * whichever documents the process drew before it, as if it were the first (the characters each
 * glyph stands for, which the copied text is read from, included).
 */
import * as fontkit from "fontkit";
import { describe, expect, it, vi } from "vitest";
import { invoiceModel, type DocModel } from "~/core/documents/index";
import { fonts } from "~/core/documents/pdf";
import type { Language } from "~/lib/euro";
import { DOCUMENTS, documentInvoice } from "../support/document-models";

/** Embedding the fonts takes seconds on a busy machine; the fresh drawings parse them each time. */
const TIMEOUT = 60_000;
const LANGUAGES: Language[] = ["et", "en", "ru"];

const invoiceTo = (firstName: string, lastName: string) => () => invoiceModel({ language: "en", invoice: documentInvoice({ firstName, lastName, personalCode: "38001010006" }) });

/**
 * Every kind of document in every language; an invoice to a right-to-left name (shaped by its
 * run, not word by word); and one to a name written with the letter "ﬁ" (U+FB01), the glyph
 * the shaper also makes of "f" and "i" in "beneficiary": a glyph stands for the characters it
 * was first met as in its document, never in another document's word.
 */
const every: Array<[string, () => DocModel]> = [
  ...Object.entries(DOCUMENTS).flatMap(([kind, model]) => LANGUAGES.map((language): [string, () => DocModel] => [`${kind} (${language})`, () => model(language)])),
  ["invoice to a right-to-left name", invoiceTo("דוד", "כהן")],
  ["invoice to a name with a ligature letter", invoiceTo("\ufb01ona", "Tamm")],
];

/** The PDF drawn by a process that has drawn nothing before it (a fresh copy of the document modules). */
async function drawnFirst(model: () => DocModel): Promise<Buffer> {
  vi.resetModules();
  const { renderPdf } = await import("~/core/documents/index");
  return Buffer.from(await renderPdf(model()));
}

describe("the documents' words, shaped once per process", () => {
  it(
    "a document drawn again shapes none of its words again",
    async () => {
      const { renderPdf } = await import("~/core/documents/index");
      const model = DOCUMENTS.application("ru");
      const first = Buffer.from(await renderPdf(model));
      const shaper = vi.spyOn(Object.getPrototypeOf(fontkit.create(Buffer.from(fonts().regular))) as fontkit.Font, "layout");
      try {
        const again = Buffer.from(await renderPdf(model));
        expect(shaper).not.toHaveBeenCalled();
        expect(again.equals(first)).toBe(true);
      } finally {
        shaper.mockRestore();
      }
    },
    TIMEOUT,
  );

  it(
    "a document's bytes are the same whichever documents were drawn before it",
    async () => {
      const named = (name: string) => every.find(([n]) => n === name)!;
      const watched = [named("application (en)"), named("invoice (et)"), every.at(-2)!, every.at(-1)!];
      const alone = new Map<string, Buffer>();
      for (const [name, model] of watched) alone.set(name, await drawnFirst(model));
      vi.resetModules();
      const { renderPdf } = await import("~/core/documents/index");
      for (const order of [every, [...every].reverse()]) {
        for (const [name, model] of order) {
          const drawn = Buffer.from(await renderPdf(model()));
          if (alone.has(name)) expect(drawn.equals(alone.get(name)!), name).toBe(true);
        }
      }
    },
    TIMEOUT * 2,
  );
});
