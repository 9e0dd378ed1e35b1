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
import * as withdrawalTexts from "../../locales/withdrawal.js";

const texts = {
  et: { ...offerTexts.et, ...precontractTexts.et, ...withdrawalTexts.et },
  en: { ...offerTexts.en, ...precontractTexts.en, ...withdrawalTexts.en },
  ru: { ...offerTexts.ru, ...precontractTexts.ru, ...withdrawalTexts.ru },
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

/**
 * How a document is laid out. `standard`: one column, 10 pt text. `compact`: the one-page
 * layout of an insurance product information document (docs/decisions/0092): narrow margins,
 * two columns the blocks flow through, 8.5 pt text.
 */
export type Layout = "standard" | "compact";

interface Style {
  margin: number;
  columns: number;
  gutter: number;
  text: number;
  small: number;
  leading: number;
  heading: number;
  title: number;
  /** The label's share of a label–value row. */
  label: number;
}

const STYLES: Record<Layout, Style> = {
  standard: { margin: MARGIN, columns: 1, gutter: 0, text: 10, small: 9, leading: 1.5, heading: 13, title: 20, label: 0.45 },
  compact: { margin: 28, columns: 2, gutter: 16, text: 8.5, small: 8, leading: 1.16, heading: 9.5, title: 15, label: 0.38 },
};

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  /** The column being filled, and where columns start (below the title on the first page). */
  private column = 0;
  private top = 0;
  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
    private readonly style: Style,
  ) {}

  /**
   * `createdAt` fixes the document dates, so the same data and clock give the same bytes
   * (and the same SHA-256).
   */
  static async create(input: { title: string; language: Language; createdAt: Date; footer: string; layout?: Layout }): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(fontkit);
    const { regular, bold } = fonts();
    const writer = new PdfWriter(
      doc,
      await doc.embedFont(regular, { subset: true }),
      await doc.embedFont(bold, { subset: true }),
      input.footer,
      STYLES[input.layout ?? "standard"],
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

  /** The width of a column. */
  private get contentWidth() {
    const { margin, columns, gutter } = this.style;
    return (A4.width - 2 * margin - (columns - 1) * gutter) / columns;
  }

  /** The left edge of the column being filled. */
  private get left() {
    return this.style.margin + this.column * (this.contentWidth + this.style.gutter);
  }

  private newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = this.top = A4.height - this.style.margin;
    this.column = 0;
  }

  /** Room for `height` more: else the next column, or a new page. */
  private ensure(height: number) {
    if (this.y - height >= this.style.margin + 12) return;
    if (this.column < this.style.columns - 1) {
      this.column++;
      this.y = this.top;
    } else this.newPage();
  }

  private lineHeight(size: number) {
    return this.style.columns > 1 ? Math.round(size * this.style.leading * 10) / 10 : size + 5;
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

  /** The title across the whole page: the columns start below it. */
  title(text: string, subtitle?: string) {
    const { margin, title: size } = this.style;
    const full = A4.width - 2 * margin;
    const compact = this.style.columns > 1;
    const brand = compact ? 10 : 12;
    this.page.drawText("Elukaitse", { x: margin, y: this.y - brand, size: brand, font: this.bold, color: BRAND });
    this.y -= compact ? brand + 8 : 40;
    for (const line of this.wrap(text, full, size, this.bold)) {
      this.line(line, margin, this.y - size, size, this.bold, INK);
      this.y -= size * 1.3;
    }
    if (subtitle) {
      const small = this.style.small;
      this.line(subtitle, margin, this.y - small, small, this.regular, MUTED);
      this.y -= small + 8;
    }
    this.y -= compact ? 2 : 8;
    if (compact) {
      this.page.drawLine({ start: { x: margin, y: this.y }, end: { x: A4.width - margin, y: this.y }, thickness: 0.75, color: BRAND });
      this.y -= 4;
    }
    this.top = this.y;
  }

  heading(text: string) {
    const size = this.style.heading;
    const compact = this.style.columns > 1;
    // A heading keeps a few lines of what follows with it.
    this.ensure(compact ? size + 3 * this.lineHeight(this.style.text) : 40);
    if (this.y < this.top) this.y -= compact ? 5 : 10;
    const lines = this.wrap(text, this.contentWidth, size, this.bold);
    for (const line of lines) {
      this.line(line, this.left, this.y - size, size, this.bold, BRAND);
      this.y -= compact ? size + 3 : 20;
    }
    this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.left + this.contentWidth, y: this.y }, thickness: 0.5, color: RULE });
    this.y -= compact ? 3 : 6;
  }

  paragraph(text: string, size = this.style.text, options: { small?: boolean } = {}) {
    const s = options.small ? this.style.small : size;
    const step = this.lineHeight(s);
    for (const line of this.wrap(text, this.contentWidth, s)) {
      this.ensure(step);
      this.line(line, this.left, this.y - s, s, this.regular, INK);
      this.y -= step;
    }
    this.y -= this.style.columns > 1 ? 2 : 4;
  }

  /** A bulleted item: the text wraps under itself, not under the bullet. */
  bullet(text: string) {
    const s = this.style.text;
    const step = this.lineHeight(s);
    const indent = this.regular.widthOfTextAtSize("• ", s);
    this.wrap(text, this.contentWidth - indent, s).forEach((line, n) => {
      this.ensure(step);
      if (n === 0) this.line("•", this.left, this.y - s, s, this.regular, INK);
      this.line(line, this.left + indent, this.y - s, s, this.regular, INK);
      this.y -= step;
    });
    this.y -= this.style.columns > 1 ? 1 : 4;
  }

  /** Label on the left, value on the right half. */
  field(label: string, value: string) {
    this.fields([{ label, value }]);
  }

  /** Label–value rows. */
  fields(rows: Array<{ label: string; value: string }>) {
    const { label } = this.style;
    this.table(
      [{ width: label }, { width: 1 - label }],
      rows.map((r) => [r.label, r.value]),
    );
  }

  table(columns: Column[], rows: string[][], options: { header?: string[]; boldLast?: boolean } = {}) {
    const size = this.style.text;
    const compact = this.style.columns > 1;
    const gap = compact ? 6 : 8;
    const step = compact ? this.lineHeight(size) : size + 4;
    const widths = columns.map((c) => c.width * this.contentWidth);
    const drawRow = (cells: string[], font: PDFFont) => {
      const wrapped = cells.map((cell, i) => this.wrap(cell, widths[i] - gap, size, font));
      const height = Math.max(...wrapped.map((w) => w.length)) * step + (compact ? 2 : 4);
      this.ensure(height);
      let x = this.left;
      wrapped.forEach((lines, i) => {
        lines.forEach((line, n) => {
          const lineWidth = font.widthOfTextAtSize(line, size);
          const lx = columns[i].align === "right" ? x + widths[i] - gap - lineWidth : x;
          this.line(line, lx, this.y - size - n * step, size, font, INK);
        });
        x += widths[i];
      });
      this.y -= height;
    };
    if (compact) {
      // A short table is kept in one column rather than split across two.
      const rowHeight = (cells: string[], font: PDFFont) =>
        Math.max(...cells.map((cell, i) => this.wrap(cell, widths[i] - gap, size, font).length)) * step + 2;
      const whole = (options.header ? rowHeight(options.header, this.bold) : 0) + rows.reduce((sum, row) => sum + rowHeight(row, this.bold), 0);
      if (whole <= 120) this.ensure(whole);
    }
    if (options.header) {
      drawRow(options.header, this.bold);
      this.page.drawLine({ start: { x: this.left, y: this.y + 2 }, end: { x: this.left + this.contentWidth, y: this.y + 2 }, thickness: 0.5, color: RULE });
    }
    rows.forEach((row, i) => drawRow(row, options.boldLast && i === rows.length - 1 ? this.bold : this.regular));
    if (compact) this.y -= 2;
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
        if (dark) this.page.drawRectangle({ x: this.left + (quiet + c) * cell, y: top - (quiet + r + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
      }),
    );
    const textX = this.left + side + 12;
    const lines = this.wrap(caption, this.contentWidth - side - 12, 10);
    lines.forEach((line, n) => this.line(line, textX, top - 4 * cell - 10 - n * 14, 10, this.regular, INK));
    this.y = top - side - 8;
  }

  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = this.footer.replace("{{n}}", String(i + 1)).replace("{{total}}", String(pages.length));
      const { margin } = this.style;
      page.drawText(text, { x: margin, y: margin - 20 > 12 ? margin - 20 : 14, size: 8, font: this.regular, color: MUTED });
    });
    return this.doc.save({ useObjectStreams: false });
  }
}
