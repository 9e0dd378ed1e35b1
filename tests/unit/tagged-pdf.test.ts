/**
 * Every document is a tagged PDF a screen reader can read (docs/decisions/0155), as poppler
 * reads it, not as the library that wrote it says: pdfinfo says "Tagged: yes", the structure
 * tree (`pdfinfo -struct-text`) holds the document's blocks in reading order (the title as
 * H1, headings as H2, paragraphs, lists with their items, tables whose header cells head
 * their columns and rows, the QR code as a figure with its alternative text), the brand line
 * and the running footer are artifacts (on the page, outside the tree), the document language
 * is the customer's and the window shows the title.
 */
import { describe, expect, it } from "vitest";
import { docTranslator, invoiceModel, renderPdf, type DocModel } from "~/core/documents/index";
import type { Language } from "~/lib/euro";
import { catalogue, pdfInfo, structText } from "../support/poppler";
import { DOCUMENTS, documentInvoice } from "../support/document-models";
import { pdfText } from "../support/pdf-text";

const LANGUAGES: Language[] = ["et", "en", "ru"];
/** Embedding the fonts and running poppler takes seconds on a busy machine. */
const TIMEOUT = 30_000;
/** A text as the PDF prints it: one space between words, an Estonian name without its web page's `<et>` markup. */
const flat = (text: string) => text.replace(/<\/?et>/g, "").replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ").trim();

interface Element {
  type: string;
  title: string | null;
  attributes: string[];
  text: string;
}

/**
 * pdfinfo -struct-text's lines as elements in reading order, each with its title, attributes and
 * its own text: a text line is its element's by its indent (text after an inline span is the
 * span's parent's).
 */
function parseStructure(output: string): Element[] {
  const elements: Element[] = [];
  const depth: number[] = [];
  for (const line of output.split("\n")) {
    const indent = /^\s*/.exec(line)![0].length;
    const text = /^\s*"(.*)"$/.exec(line);
    if (text) {
      let owner = depth.length - 1;
      while (depth[owner] >= indent) owner--;
      elements[owner].text += text[1];
      continue;
    }
    const attribute = /^\s+(\/\w+ .*)$/.exec(line);
    if (attribute) {
      elements[elements.length - 1].attributes.push(attribute[1].trim());
      continue;
    }
    const element = /^\s*(\w+)(?: "(.*)")?(?: \((?:block|inline)\))?:?$/.exec(line);
    if (element) {
      elements.push({ type: element[1], title: element[2] ?? null, attributes: [], text: "" });
      depth.push(indent);
    }
  }
  return elements.map((e) => ({ ...e, text: flat(e.text) }));
}

/** The Estonian names of a text (`<et>…</et>`). */
const estonianParts = (text: string) => [...text.matchAll(/<et>(.*?)<\/et>/g)].map((m) => m[1]);

/**
 * What a screen reader must meet, element by element, for a document model's blocks: [type,
 * text]. An Estonian name in a text is a span of its own after its element, which holds the rest.
 */
function expectedStructure(model: DocModel): Array<[string, string]> {
  const out: Array<[string, string]> = [["Document", ""]];
  const element = (type: string, text: string) => {
    out.push([type, flat(text.replace(/<et>.*?<\/et>/g, ""))]);
    for (const part of estonianParts(text)) out.push(["Span", part]);
  };
  const row = (cells: string[], header: boolean) => {
    out.push(["TR", ""]);
    cells.forEach((cell, i) => element(header ? "TH Column" : i === 0 ? "TH Row" : "TD", cell));
  };
  for (const block of model.blocks) {
    switch (block.kind) {
      case "title":
        out.push(["H1", flat(block.text)], ["P", flat(block.subtitle)]);
        break;
      case "heading":
        out.push(["H2", flat(block.text)]);
        break;
      case "paragraph":
        element("P", block.text);
        break;
      case "list":
        out.push(["L", ""]);
        for (const item of block.items) {
          out.push(["LI", ""], ["Lbl", "•"]);
          element("LBody", item);
        }
        break;
      case "fields":
        out.push(["Table", ""], ["TBody", ""]);
        for (const r of block.rows) row([r.label, r.value], false);
        break;
      case "table":
        out.push(["Table", ""]);
        if (block.header) {
          out.push(["THead", ""]);
          row(block.header, true);
        }
        out.push(["TBody", ""]);
        for (const r of block.rows) row(r, false);
        break;
      case "qr":
        out.push(["Figure", ""], ["P", flat(block.caption)]);
        break;
    }
  }
  return out;
}

/** A PDF literal string entry (`/Key (…)`) of a dictionary's text: escapes undone, UTF-16BE (with its byte order mark) or PDFDocEncoding decoded. */
function literalString(dictionary: string, key: string): string | null {
  const start = dictionary.indexOf(`/${key} (`);
  if (start < 0) return null;
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, "(": 40, ")": 41, "\\": 92 };
  for (let i = start + key.length + 3, depth = 0; i < dictionary.length; i++) {
    const c = dictionary[i];
    if (c === "\\") {
      const next = dictionary[++i];
      const octal = /^[0-7]{1,3}/.exec(dictionary.slice(i, i + 3));
      if (octal) {
        bytes.push(parseInt(octal[0], 8));
        i += octal[0].length - 1;
      } else if (next in escapes) bytes.push(escapes[next]);
      continue;
    }
    if (c === ")" && depth === 0) break;
    if (c === "(") depth++;
    if (c === ")") depth--;
    bytes.push(c.charCodeAt(0));
  }
  const buffer = Buffer.from(bytes);
  return buffer[0] === 0xfe && buffer[1] === 0xff ? Buffer.from(buffer.subarray(2)).swap16().toString("utf16le") : buffer.toString("latin1");
}

const scoped = (e: Element) => (e.type === "TH" ? `TH ${e.attributes.find((a) => a.startsWith("/Scope"))?.replace("/Scope /", "")}` : e.type);

describe("every document as a tagged PDF", () => {
  for (const [name, build] of Object.entries(DOCUMENTS)) {
    for (const language of LANGUAGES) {
      it(`the ${name} in ${language}: tagged, its blocks in the structure tree in reading order, page furniture as artifacts`, async () => {
        const model = build(language);
        const bytes = await renderPdf(model);

        const info = await pdfInfo(bytes);
        expect(info.Tagged).toBe("yes");
        expect(info.Title).toBe(model.title);
        expect(info["PDF version"]).toBe("1.7");
        expect(catalogue(bytes)).toEqual({ lang: language, displayDocTitle: true });

        const elements = parseStructure(await structText(bytes));
        expect(elements.map((e) => [scoped(e), e.text])).toEqual(expectedStructure(model));

        // The brand line and the footer are on the page but not in the tree: a screen reader does not read them between blocks.
        const t = docTranslator(language);
        const pages = Number(info.Pages);
        const footer = flat(t("doc.page", { n: pages, total: pages }));
        expect(flat(await pdfText(bytes))).toContain(footer);
        expect(elements.map((e) => e.text).join(" ")).not.toContain(footer);
        expect(elements.some((e) => e.text === "Elukaitse")).toBe(false);
      }, TIMEOUT);
    }
  }

  it.each(LANGUAGES)("the invoice's QR code is a figure with its alternative text, in %s", async (language) => {
    const bytes = await renderPdf(invoiceModel({ language, invoice: documentInvoice() }));
    const alt = docTranslator(language)("doc.view.qr");
    const [figure] = parseStructure(await structText(bytes)).filter((e) => e.type === "Figure");
    // pdfinfo prints a structure element's title (/T), not its /Alt, and prints a non-ASCII title as raw UTF-16, cut at its first space.
    if (/^[\x20-\x7e]*$/.test(alt)) expect(figure.title).toBe(alt);
    expect(figure.attributes).toContain("/Placement /Block");
    // The /Alt a screen reader reads, from the figure's structure element in the file.
    const raw = Buffer.from(bytes).toString("latin1");
    const element = /\/S \/Figure\b[\s\S]*?>>\s*endobj/.exec(raw)?.[0] ?? "";
    expect(literalString(element, "Alt")).toBe(alt);
  }, TIMEOUT);
});
