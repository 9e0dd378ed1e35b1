/**
 * A small PDF writer over pdf-lib: A4 pages, DejaVu Sans embedded (Estonian and Russian
 * letters are outside the standard PDF fonts' encoding), headings, label–value rows and
 * tables with wrapping and page breaks, and a QR code drawn as vector squares. The fonts are
 * read from the dejavu-fonts-ttf package at run time, never from the system, so every
 * server renders the same document.
 *
 * Text is drawn in visual order: each line goes through the Unicode bidirectional algorithm
 * (bidi-js), so a right-to-left name (Hebrew, Arabic) reads right to left inside a
 * left-to-right document instead of coming out reversed. Which letters a name may hold is
 * decided by what these fonts draw (app/lib/name-characters.ts, decision 0032).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import encodeQR from "@paulmillr/qr";
import bidiFactory from "bidi-js";
import { PDFDocument, rgb, type Color, type PDFFont, type PDFPage } from "pdf-lib";
import type { Language } from "../../lib/euro.js";
import * as offerTexts from "../../locales/offer.js";
import * as precontractTexts from "../../locales/precontract.js";

const texts = {
  et: { ...offerTexts.et, ...precontractTexts.et },
  en: { ...offerTexts.en, ...precontractTexts.en },
  ru: { ...offerTexts.ru, ...precontractTexts.ru },
};

export type DocKey = keyof typeof texts.et;

let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined;

/** The document fonts' files (the name-character test reads them too). */
export function fonts() {
  if (!fontBytes) {
    const require = createRequire(import.meta.url);
    fontBytes = {
      regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
      bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
    };
  }
  return fontBytes;
}

/** The document texts of one language, with {{name}} parameters. */
export function docTranslator(language: Language) {
  const table = texts[language];
  return (key: DocKey, params: Record<string, string | number> = {}) =>
    table[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.75, 0.75, 0.75);
const BRAND = rgb(0, 0.34, 0.14);

const bidi = bidiFactory();
/** Scripts written right to left, which pdf-lib's shaper (fontkit) lays out reversed by itself. */
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * A line as runs in visual order, left to right. A right-to-left run keeps its logical order
 * when it holds a right-to-left letter (the shaper reverses and joins it, as Arabic needs);
 * one of neutrals only is reversed here. Mirrored characters (brackets) are swapped.
 */
export function visualRuns(line: string): string[] {
  if (!line) return [];
  const embedding = bidi.getEmbeddingLevels(line, "ltr");
  const { levels } = embedding;
  if (levels.every((l) => l === 0)) return [line];
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const runs: Array<{ start: number; end: number; level: number }> = [];
  for (let i = 0; i < line.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.end = i;
    else runs.push({ start: i, end: i, level: levels[i] });
  }
  const order = bidi.getReorderedIndices(line, embedding);
  const runOf = (index: number) => runs.findIndex((r) => index >= r.start && index <= r.end);
  const visual: number[] = [];
  for (const index of order) {
    const run = runOf(index);
    if (visual[visual.length - 1] !== run) visual.push(run);
  }
  return visual.map((n) => {
    const { start, end, level } = runs[n];
    let text = "";
    for (let i = start; i <= end; i++) text += mirrored.get(i) ?? line[i];
    if (level % 2 === 1 && !RTL_LETTER.test(text)) return [...text].reverse().join("");
    return text;
  });
}

/** The QR code's modules (true = dark), without the quiet zone: EPC069-12 asks for error correction M. */
const qrModules = (payload: string): boolean[][] => encodeQR(payload, "raw", { ecc: "medium", encoding: "byte", border: 0 });

/** The light margin around a QR code, in modules (ISO/IEC 18004 asks for four). */
const QR_QUIET_ZONE = 4;

/** The QR code as one SVG path of unit squares, with its side in modules (quiet zone included). */
export function qrSvgPath(payload: string): { size: number; d: string } {
  const modules = qrModules(payload);
  let d = "";
  modules.forEach((row, r) => row.forEach((dark, c) => dark && (d += `M${c + QR_QUIET_ZONE} ${r + QR_QUIET_ZONE}h1v1h-1z`)));
  return { size: modules.length + 2 * QR_QUIET_ZONE, d };
}

export interface Column {
  /** Share of the content width. */
  width: number;
  align?: "left" | "right";
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {}

  /**
   * `createdAt` fixes the document dates, so the same data and clock give the same bytes
   * (and the same SHA-256).
   */
  static async create(input: { title: string; language: Language; createdAt: Date; footer: string }): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(fontkit);
    const { regular, bold } = fonts();
    const writer = new PdfWriter(
      doc,
      await doc.embedFont(regular, { subset: true }),
      await doc.embedFont(bold, { subset: true }),
      input.footer,
    );
    doc.setTitle(input.title, { showInWindowTitleBar: true });
    doc.setAuthor("Elukaitse");
    doc.setProducer("Elukaitse");
    doc.setCreator("Elukaitse");
    doc.setLanguage(input.language);
    doc.setCreationDate(input.createdAt);
    doc.setModificationDate(input.createdAt);
    writer.newPage();
    return writer;
  }

  /** Draws one line in visual order from `x` (the baseline at `y`). */
  private line(text: string, x: number, y: number, size: number, font: PDFFont, color: Color) {
    let at = x;
    for (const run of visualRuns(text)) {
      this.page.drawText(run, { x: at, y, size, font, color });
      at += font.widthOfTextAtSize(run, size);
    }
  }

  private get contentWidth() {
    return A4.width - 2 * MARGIN;
  }

  private newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN + 24) this.newPage();
  }

  /** Splits text into lines that fit `width` at `size`, breaking at spaces (or anywhere in a very long word). */
  wrap(text: string, width: number, size: number, font: PDFFont = this.regular): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      for (const word of paragraph.split(" ")) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  title(text: string, subtitle?: string) {
    this.page.drawText("Elukaitse", { x: MARGIN, y: this.y - 12, size: 12, font: this.bold, color: BRAND });
    this.y -= 40;
    for (const line of this.wrap(text, this.contentWidth, 20, this.bold)) {
      this.line(line, MARGIN, this.y - 20, 20, this.bold, INK);
      this.y -= 26;
    }
    if (subtitle) {
      this.line(subtitle, MARGIN, this.y - 10, 10, this.regular, MUTED);
      this.y -= 18;
    }
    this.y -= 8;
  }

  heading(text: string) {
    this.ensure(40);
    this.y -= 10;
    this.line(text, MARGIN, this.y - 13, 13, this.bold, BRAND);
    this.y -= 20;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.5, color: RULE });
    this.y -= 6;
  }

  paragraph(text: string, size = 10) {
    for (const line of this.wrap(text, this.contentWidth, size)) {
      this.ensure(size + 5);
      this.line(line, MARGIN, this.y - size, size, this.regular, INK);
      this.y -= size + 5;
    }
    this.y -= 4;
  }

  /** Label on the left, value on the right half. */
  field(label: string, value: string) {
    this.table([{ width: 0.45 }, { width: 0.55 }], [[label, value]]);
  }

  table(columns: Column[], rows: string[][], options: { header?: string[]; boldLast?: boolean } = {}) {
    const size = 10;
    const gap = 8;
    const widths = columns.map((c) => c.width * this.contentWidth);
    const drawRow = (cells: string[], font: PDFFont) => {
      const wrapped = cells.map((cell, i) => this.wrap(cell, widths[i] - gap, size, font));
      const height = Math.max(...wrapped.map((w) => w.length)) * (size + 4) + 4;
      this.ensure(height);
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        lines.forEach((line, n) => {
          const lineWidth = font.widthOfTextAtSize(line, size);
          const lx = columns[i].align === "right" ? x + widths[i] - gap - lineWidth : x;
          this.line(line, lx, this.y - size - n * (size + 4), size, font, INK);
        });
        x += widths[i];
      });
      this.y -= height;
    };
    if (options.header) {
      drawRow(options.header, this.bold);
      this.page.drawLine({ start: { x: MARGIN, y: this.y + 2 }, end: { x: A4.width - MARGIN, y: this.y + 2 }, thickness: 0.5, color: RULE });
    }
    rows.forEach((row, i) => drawRow(row, options.boldLast && i === rows.length - 1 ? this.bold : this.regular));
  }

  /** A QR code (error correction M, as EPC069-12 asks) with its caption beside it. */
  qr(payload: string, caption: string) {
    const modules = qrModules(payload);
    const quiet = QR_QUIET_ZONE;
    const side = 128;
    const cell = side / (modules.length + 2 * quiet);
    this.ensure(side + 8);
    const top = this.y - 4;
    modules.forEach((row, r) =>
      row.forEach((dark, c) => {
        if (dark) this.page.drawRectangle({ x: MARGIN + (quiet + c) * cell, y: top - (quiet + r + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
      }),
    );
    const textX = MARGIN + side + 12;
    const lines = this.wrap(caption, this.contentWidth - side - 12, 10);
    lines.forEach((line, n) => this.line(line, textX, top - 4 * cell - 10 - n * 14, 10, this.regular, INK));
    this.y = top - side - 8;
  }

  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = this.footer.replace("{{n}}", String(i + 1)).replace("{{total}}", String(pages.length));
      page.drawText(text, { x: MARGIN, y: MARGIN - 20, size: 8, font: this.regular, color: MUTED });
    });
    return this.doc.save({ useObjectStreams: false });
  }
}
