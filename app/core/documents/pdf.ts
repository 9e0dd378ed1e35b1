/**
 * A small PDF writer over PDFKit: A4 pages, DejaVu Sans embedded (Estonian and Russian
 * letters are outside the standard PDF fonts' encoding), headings, label–value rows and
 * tables with wrapping and page breaks, and a QR code drawn as vector squares. The fonts are
 * read from the dejavu-fonts-ttf package at run time, never from the system, so every
 * server renders the same document.
 *
 * The PDF is tagged for PDF/UA (docs/decisions/0155): every piece of page content is marked
 * with the structure element it belongs to (H1/H2, P, L/LI/Lbl/LBody, Table/THead/TBody/TR/
 * TH/TD with the header cells' scope, Figure with its alternative text), in reading order;
 * the brand line, rules and running footer are artifacts; the document language and title
 * (shown in the window's title bar) are set.
 *
 * Text is drawn in visual order: each line goes through the Unicode bidirectional algorithm
 * (bidi-js), so a right-to-left name (Hebrew, Arabic) reads right to left inside a
 * left-to-right document instead of coming out reversed. Which letters a name may hold is
 * decided by what these fonts draw (app/lib/name-characters.ts, decision 0032).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import encodeQR from "@paulmillr/qr";
import bidiFactory from "bidi-js";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import type { Language } from "../../lib/euro.js";
import * as offerTexts from "../../locales/offer.js";
import * as precontractTexts from "../../locales/precontract.js";
import * as withdrawalTexts from "../../locales/withdrawal.js";
import type { Column } from "../../lib/document-blocks.js";
import * as wordingTexts from "../../locales/wording.js";
import * as privacyTexts from "../../locales/privacy.js";
import * as needsTexts from "../../locales/needs.js";
import { createTranslator } from "../../i18n/translator.js";

const texts = {
  et: { ...offerTexts.et, ...precontractTexts.et, ...withdrawalTexts.et, ...wordingTexts.et, ...privacyTexts.et, ...needsTexts.et },
  en: { ...offerTexts.en, ...precontractTexts.en, ...withdrawalTexts.en, ...wordingTexts.en, ...privacyTexts.en, ...needsTexts.en },
  ru: { ...offerTexts.ru, ...precontractTexts.ru, ...withdrawalTexts.ru, ...wordingTexts.ru, ...privacyTexts.ru, ...needsTexts.ru },
};

/** A document text's key; a counted one by its name without the plural suffix (app/locales/plurals.ts). */
export type DocKey = keyof typeof texts.et extends infer K ? (K extends `${infer Base}_${"one" | "other"}` ? Base : K) : never;

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

/** A font parsed once per process, and its words shaped once (`shaperOf`). */
interface ParsedFont {
  font: fontkit.Font;
  shape: (text: string) => ShapedWord;
}

let parsedFonts: { regular: ParsedFont; bold: ParsedFont } | undefined;

/**
 * The fonts parsed once per process (fontkit, PDFKit's own font library), as each document
 * needs them. Handed the files, PDFKit parses both fonts again for every document: about 40
 * of a 90 ms application document, all of it holding the event loop (docs/decisions/0231).
 *
 * Each document gets a view of the parsed font with a glyph cache of its own: fontkit keeps a
 * glyph with the characters it was first laid out for, and a glyph first met in another
 * document (or in a subset's encoding, with none) would lose its text in this one's ToUnicode
 * map (a "B" missing from the copied text; tests/unit/tagged-pdf.test.ts). The parsed tables
 * are shared: fontkit only reads them.
 */
function documentFonts(): { regular: fontkit.Font; bold: fontkit.Font } {
  if (!parsedFonts) {
    const { regular, bold } = fonts();
    const parse = (bytes: Uint8Array): ParsedFont => {
      const font = fontkit.create(Buffer.from(bytes)) as fontkit.Font;
      return { font, shape: shaperOf(font) };
    };
    parsedFonts = { regular: parse(regular), bold: parse(bold) };
  }
  return { regular: documentView(parsedFonts.regular), bold: documentView(parsedFonts.bold) };
}

/** A word as the shaper laid it out: its glyphs (with the characters each stands for there) and their positions, in font units. */
interface ShapedWord {
  ids: number[];
  codePoints: number[][];
  positions: Array<{ xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }>;
  run: { script: string; language: string | null; direction: string; features: unknown };
}

/**
 * The most words a font keeps shaped; past it the cache starts again, as names and amounts are
 * endless. Every kind of document in three languages shapes about 4 600 words of both fonts;
 * a word kept costs under a kilobyte.
 */
const SHAPED_WORDS_MAX = 10_000;

/**
 * fontkit's GlyphRun prototype (its advanceWidth sums the positions), which the package does
 * not export: taken from a word's run. Never from a layout on the parsed font itself, which
 * would leave its layout engine there for every view to inherit, glyph cache included.
 */
let glyphRun: object | undefined;
type GlyphPositionClass = new (xAdvance: number, yAdvance: number, xOffset: number, yOffset: number) => fontkit.GlyphPosition;
/** fontkit's GlyphPosition, taken the same way: PDFKit scales each position's fields in a loop over them. */
let glyphPosition: GlyphPositionClass | undefined;

/**
 * The font's words shaped once per process (docs/decisions/0323). PDFKit lays text out word by
 * word, and fontkit's OpenType shaping of a word (its script's lookups, the kerning) was a third
 * of an application document's CPU, every document shaping the same words again. A word is
 * shaped in a view of its own with an empty glyph cache, so the characters its glyphs stand for
 * are the word's own, never a glyph first met elsewhere (the lost "B" of decision 0231).
 */
function shaperOf(font: fontkit.Font): (text: string) => ShapedWord {
  const scratch = Object.create(font) as fontkit.Font & { _glyphs: Record<number, unknown> };
  const words = new Map<string, ShapedWord>();
  return (text) => {
    let word = words.get(text);
    if (!word) {
      scratch._glyphs = {};
      const run = scratch.layout(text);
      glyphRun ??= Object.getPrototypeOf(run) as object;
      if (run.positions.length) glyphPosition ??= run.positions[0].constructor as GlyphPositionClass;
      word = {
        ids: run.glyphs.map((g) => g.id),
        codePoints: run.glyphs.map((g) => [...g.codePoints]),
        positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({ xAdvance, yAdvance, xOffset, yOffset })),
        run: { script: run.script, language: run.language, direction: run.direction, features: run.features },
      };
      if (words.size >= SHAPED_WORDS_MAX) words.clear();
      words.set(text, word);
    }
    return word;
  };
}

/**
 * A document's view of a parsed font: a glyph cache of its own (decision 0231), and its words
 * shaped once per process (`shaperOf`). A word's glyphs are the document's own glyph objects,
 * each first met keeping the characters it stands for in that word, as when the document
 * shaped it itself. Text laid out with features of its own (a right-to-left run) is shaped here.
 */
function documentView({ font, shape }: ParsedFont): fontkit.Font {
  const view = Object.assign(Object.create(font) as fontkit.Font, { _glyphs: {} });
  const layout = font.layout;
  view.layout = function (this: fontkit.Font, text: string, ...rest: unknown[]) {
    if (rest.some((r) => r !== undefined)) return layout.call(this, text, ...(rest as []));
    const word = shape(text);
    const run = Object.create(glyphRun!) as fontkit.GlyphRun;
    return Object.assign(run, word.run, {
      glyphs: word.ids.map((id, i) => this.getGlyph(id, word.codePoints[i])),
      // PDFKit scales the positions it is handed in place: each layout gets its own.
      positions: word.positions.map((p) => new glyphPosition!(p.xAdvance, p.yAdvance, p.xOffset, p.yOffset)),
    });
  } as fontkit.Font["layout"];
  return view;
}

/**
 * The document texts of one language, with {{name}} parameters and plural forms by `count`:
 * the pages' translator (app/lib/translator.ts), so a document says what the page says.
 */
export function docTranslator(language: Language) {
  const t = createTranslator(language, texts[language]);
  return (key: DocKey, params: Record<string, string | number> = {}) => t(key, params);
}

const A4 = { width: 595.28, height: 841.89 };
/** The brand line and metadata of a document drawn without a product name (PRODUCT_NAME's default). */
const DEFAULT_BRAND = "Elukaitse";
const MARGIN = 56;
const INK = "#1a1a1a";
const MUTED = "#595959";
const RULE = "#bfbfbf";
const BRAND = "#005724";

const bidi = bidiFactory();
/** Scripts written right to left, which PDFKit's shaper (fontkit) lays out reversed by itself. */
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

/** An Estonian name in an English or Russian text, marked `<et>…</et>` (app/lib/document-blocks.ts), and a marker alone. */
const ESTONIAN_PART = /<et>([\s\S]*?)<\/et>/g;
const PART_MARKER = /<\/?et>/g;

/** A text without its markers: what is measured and read. */
const unmarked = (text: string) => text.replace(PART_MARKER, "");

/**
 * A line's parts in order, each with its language when it is not the document's: an Estonian
 * name is a part of its own, tagged as Estonian in the PDF (PDF/UA, WCAG 3.1.2), as the web
 * page gives it `lang="et"`. A marker without its pair is left out.
 */
function languageParts(text: string): Array<{ text: string; lang?: "et" }> {
  const parts: Array<{ text: string; lang?: "et" }> = [];
  let at = 0;
  for (const match of text.matchAll(ESTONIAN_PART)) {
    parts.push({ text: unmarked(text.slice(at, match.index)) }, { text: unmarked(match[1]), lang: "et" });
    at = match.index + match[0].length;
  }
  parts.push({ text: unmarked(text.slice(at)) });
  return parts.filter((part) => part.text);
}

/**
 * Lines wrapped from a marked text, each with its markers paired: a line that starts inside an
 * Estonian part opens it again, one that ends inside closes it.
 */
function pairedMarkers(lines: string[]): string[] {
  let open = false;
  return lines.map((line) => {
    const paired = `${open ? "<et>" : ""}${line}`;
    for (const marker of line.match(PART_MARKER) ?? []) open = marker === "<et>";
    return open ? `${paired}</et>` : paired;
  });
}

/** The QR code's modules (true = dark), without the quiet zone: EPC069-12 asks for error correction M. */
const qrModules = (payload: string): boolean[][] => encodeQR(payload, "raw", { ecc: "medium", encoding: "byte", border: 0 });

/** The light margin around a QR code, in modules (ISO/IEC 18004 asks for four). */
const QR_QUIET_ZONE = 4;

/**
 * The QR code as one SVG path, with its side in modules (quiet zone included): each row's runs
 * of dark modules as one rectangle each, the first of a row placed absolutely, the next ones
 * relative to the one before (`z` returns to a rectangle's start). Half the bytes of a square
 * per module, which the web page carries twice (its markup and its hydration data).
 */
export function qrSvgPath(payload: string): { size: number; d: string } {
  const modules = qrModules(payload);
  let d = "";
  modules.forEach((row, r) => {
    let previous: number | null = null;
    for (let c = 0; c < row.length; c++) {
      if (!row[c] || row[c - 1]) continue;
      let length = 1;
      while (row[c + length]) length++;
      d += previous === null ? `M${c + QR_QUIET_ZONE} ${r + QR_QUIET_ZONE}` : `m${c - previous} 0`;
      d += `h${length}v1h-${length}z`;
      previous = c;
    }
  });
  return { size: modules.length + 2 * QR_QUIET_ZONE, d };
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

type Font = "regular" | "bold";
type Struct = PDFKit.PDFStructureElement;
/** Structure element options PDFKit 0.20 takes and its type declarations do not list yet. */
type StructOptions = PDFKit.Mixins.StructureElementOptions & {
  /** A header cell's scope (the Table attribute owner's /Scope). */
  scope?: "Row" | "Column";
  /** [left, top, right, bottom] in PDFKit's top-down coordinates: a figure's bounding box (the Layout attribute owner's /BBox). */
  bbox?: [number, number, number, number];
};

/**
 * Draws the page content in the block model's order and tags it as it goes: every line is a
 * marked-content sequence of its structure element, so the reading order is the drawing order.
 * Positions are kept as in PDF user space (y up from the page's bottom) and turned into
 * PDFKit's top-down ones only where something is drawn.
 */
export class PdfWriter {
  private y = 0;
  /** The column being filled, and where columns start (below the title on the first page). */
  private column = 0;
  private top = 0;
  /** The document's structure element: every block's element is its child, in reading order. */
  private readonly root: Struct;
  /** Each element's structure type, which its marked content is tagged with. */
  private readonly types = new WeakMap<Struct, string>();
  private constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly language: Language,
    private readonly footer: string,
    private readonly style: Style,
    /** The product's name on each title's brand line (PRODUCT_NAME). */
    private readonly brand: string,
  ) {
    this.root = doc.struct("Document");
    doc.addStructure(this.root);
  }

  /**
   * `createdAt` fixes the document dates, so the same data and clock give the same bytes
   * (and the same SHA-256).
   */
  static async create(input: { title: string; language: Language; createdAt: Date; footer: string; layout?: Layout; brand?: string }): Promise<PdfWriter> {
    const brand = input.brand ?? DEFAULT_BRAND;
    const options: PDFKit.PDFDocumentOptions = {
      size: [A4.width, A4.height],
      margin: 0,
      autoFirstPage: false,
      // The footer states the page count, so it is drawn once every page exists.
      bufferPages: true,
      pdfVersion: "1.7",
      tagged: true,
      lang: input.language,
      displayTitle: true,
      info: { Title: input.title, Author: brand, Producer: brand, Creator: brand, CreationDate: input.createdAt, ModDate: input.createdAt },
    };
    // PDFKit 0.20 writes the PDF/UA identification into the XMP metadata; its type declarations know only the PDF/A subsets.
    const doc = new PDFDocument({ ...options, subset: "PDF/UA" as PDFKit.Mixins.PDFSubsets });
    const { regular, bold } = documentFonts();
    // PDFKit 0.20 takes a parsed fontkit font as a font source (PDFFontFactory.open); its type declarations know only files.
    doc.registerFont("regular", regular as unknown as PDFKit.Mixins.PDFFontSource);
    doc.registerFont("bold", bold as unknown as PDFKit.Mixins.PDFFontSource);
    const writer = new PdfWriter(doc, input.language, input.footer, STYLES[input.layout ?? "standard"], brand);
    writer.newPage();
    return writer;
  }

  /** A structure element under `parent` (the document's when none). */
  private struct(type: string, parent: Struct = this.root, options: StructOptions = {}): Struct {
    const element = this.doc.struct(type, options);
    this.types.set(element, type);
    parent.add(element);
    return element;
  }

  /** The element whose content is being drawn (`marked`), and its marked-content sequence while one is open. */
  private current: { element: Struct; content: PDFKit.PDFStructureContent | null } | null = null;

  /**
   * What `draw` puts on the page, as content of `element`: a marked-content sequence opened by
   * the first thing drawn (`open`), so a line that starts with a part in another language
   * (`inLanguage`) leaves no empty one before it.
   */
  private marked(element: Struct, draw: () => void) {
    this.current = { element, content: null };
    draw();
    this.close();
    this.current = null;
  }

  /** Opens the marked-content sequence of the element being drawn, unless one is open. */
  private open() {
    if (this.current && !this.current.content) this.current.content = this.doc.markStructureContent(this.types.get(this.current.element) ?? "Span");
  }

  /** Closes the element's open marked-content sequence, its content from then on. */
  private close() {
    if (!this.current?.content) return;
    this.doc.endMarkedContent();
    this.current.element.add(this.current.content);
    this.current.content = null;
  }

  /**
   * What `draw` puts on the page, as a span of the element being drawn in language `lang`: a
   * structure element of its own with its /Lang, between the element's content before and after
   * it (not marked content nested in the element's, which poppler reads as the element's end).
   */
  private inLanguage(lang: string, draw: () => void) {
    const current = this.current;
    if (!current) return draw();
    this.close();
    const span = this.struct("Span", current.element, { lang });
    this.current = { element: span, content: null };
    draw();
    this.close();
    span.end();
    this.current = current;
  }

  /** What `draw` puts on the page, as an artifact (not read out: rules, the brand line, the running footer). */
  private artifact(draw: () => void, options: PDFKit.Mixins.MarkingOptions = { type: "Layout" }) {
    this.doc.markContent("Artifact", options);
    draw();
    this.doc.endMarkedContent();
  }

  private setFont(font: Font, size: number) {
    this.doc.font(font).fontSize(size);
  }

  private widthOf(text: string, size: number, font: Font = "regular") {
    this.setFont(font, size);
    return this.doc.widthOfString(unmarked(text));
  }

  /**
   * Draws one line from `x` (the baseline at `y`): its parts left to right, an Estonian part
   * as a span in Estonian (`/Lang (et)`), each in visual order.
   */
  private line(text: string, x: number, y: number, size: number, font: Font, color: string) {
    this.setFont(font, size);
    this.doc.fillColor(color);
    let at = x;
    for (const part of languageParts(text)) {
      if (part.lang) this.inLanguage(part.lang, () => (at = this.runs(part.text, at, y)));
      else at = this.runs(part.text, at, y);
    }
  }

  /** Draws text in visual order from `x` (the baseline at `y`) in the font set; answers where it ends. */
  private runs(text: string, x: number, y: number): number {
    this.open();
    const runs = visualRuns(text);
    const reordered = runs.length > 1 || RTL_LETTER.test(text);
    // A reordered line is read out as its text in logical order (ActualText), not as the glyphs' visual order.
    if (reordered) this.doc.markContent("Span", { actual: text });
    let at = x;
    for (const run of runs) {
      // PDFKit shapes text word by word unless features are given: a right-to-left run is shaped whole, so its words come in visual order too.
      const features = RTL_LETTER.test(run) ? [] : undefined;
      this.doc.text(run, at, A4.height - y, { lineBreak: false, baseline: "alphabetic", features });
      at += this.doc.widthOfString(run, { features });
    }
    if (reordered) this.doc.endMarkedContent();
    return at;
  }

  private rule(x1: number, x2: number, y: number, thickness: number, color: string) {
    this.artifact(() =>
      this.doc
        .moveTo(x1, A4.height - y)
        .lineTo(x2, A4.height - y)
        .lineWidth(thickness)
        .strokeColor(color)
        .stroke(),
    );
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
    this.doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    this.y = this.top = A4.height - this.style.margin;
    this.column = 0;
  }

  /** Room for `height` more: else the next column, or a new page. Answers whether it moved on. */
  private ensure(height: number): boolean {
    if (this.y - height >= this.style.margin + 12) return false;
    if (this.column < this.style.columns - 1) {
      this.column++;
      this.y = this.top;
    } else this.newPage();
    return true;
  }

  private lineHeight(size: number) {
    return this.style.columns > 1 ? Math.round(size * this.style.leading * 10) / 10 : size + 5;
  }

  /**
   * Splits text into lines that fit `width` at `size`, breaking at spaces (or anywhere in a
   * very long word). A line broken at a space keeps it at its end. A line break typed in a
   * textarea (CR LF, as the browser sends it, or a CR alone) breaks the line, and a tab is a
   * space: the font has no glyph for either, which drew its empty box in the document.
   */
  wrap(text: string, width: number, size: number, font: Font = "regular"): string[] {
    const fits = (s: string) => this.widthOf(s, size, font) <= width;
    const lines: string[] = [];
    for (const typed of text.replace(/\r\n?/g, "\n").replace(/\t/g, " ").split("\n")) {
      // An Estonian part's markers weigh nothing; a word too long for the line, cut anywhere, loses them (never met: a name fits a line).
      // Measured only for a text with markers: without, it is its own unmarked text.
      const marked = typed.includes("<et>") || typed.includes("</et>");
      const paragraph = marked && !typed.split(" ").every(fits) ? unmarked(typed) : typed;
      let line = "";
      for (const word of paragraph.split(" ")) {
        const candidate = line ? `${line} ${word}` : word;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        // The space a line breaks at stays at its end (not drawn visibly), so the words either side are not read as one.
        if (line) lines.push(`${line} `);
        let rest = word;
        while (!fits(rest) && rest.length > 1) {
          // The longest head that fits (at least one character), found by halving: a field of a thousand
          // characters without a space costs a few dozen measurements, not a million (width grows with length).
          let cut = 1;
          for (let high = rest.length - 1; cut < high; ) {
            const middle = Math.ceil((cut + high) / 2);
            if (fits(rest.slice(0, middle))) cut = middle;
            else high = middle - 1;
          }
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return pairedMarkers(lines);
  }

  /** The title across the whole page (the document's H1): the columns start below it. */
  title(text: string, subtitle?: string) {
    const { margin, title: size } = this.style;
    const full = A4.width - 2 * margin;
    const compact = this.style.columns > 1;
    const brand = compact ? 10 : 12;
    // The brand line repeats the insurer the footer names: decoration, not read out.
    this.artifact(() => this.line(this.brand, margin, this.y - brand, brand, "bold", BRAND), { type: "Pagination", attached: ["Top"] });
    this.y -= compact ? brand + 8 : 40;
    const h1 = this.struct("H1");
    for (const line of this.wrap(text, full, size, "bold")) {
      this.marked(h1, () => this.line(line, margin, this.y - size, size, "bold", INK));
      this.y -= size * 1.3;
    }
    h1.end();
    if (subtitle) {
      const small = this.style.small;
      const p = this.struct("P");
      this.marked(p, () => this.line(subtitle, margin, this.y - small, small, "regular", MUTED));
      p.end();
      this.y -= small + 8;
    }
    this.y -= compact ? 2 : 8;
    if (compact) {
      this.rule(margin, A4.width - margin, this.y, 0.75, BRAND);
      this.y -= 4;
    }
    this.top = this.y;
  }

  heading(text: string) {
    const size = this.style.heading;
    const compact = this.style.columns > 1;
    // A heading keeps with it the room it takes (the space above, its line, its rule) and three lines of what follows: a table's header and first row.
    this.ensure(compact ? size + 3 * this.lineHeight(this.style.text) : 36 + 3 * this.lineHeight(this.style.text));
    if (this.y < this.top) this.y -= compact ? 5 : 10;
    const h2 = this.struct("H2");
    for (const line of this.wrap(text, this.contentWidth, size, "bold")) {
      this.marked(h2, () => this.line(line, this.left, this.y - size, size, "bold", BRAND));
      this.y -= compact ? size + 3 : 20;
    }
    h2.end();
    this.rule(this.left, this.left + this.contentWidth, this.y, 0.5, RULE);
    this.y -= compact ? 3 : 6;
  }

  paragraph(text: string, size = this.style.text, options: { small?: boolean } = {}) {
    const s = options.small ? this.style.small : size;
    const step = this.lineHeight(s);
    const p = this.struct("P");
    for (const line of this.wrap(text, this.contentWidth, s)) {
      this.ensure(step);
      this.marked(p, () => this.line(line, this.left, this.y - s, s, "regular", INK));
      this.y -= step;
    }
    p.end();
    this.y -= this.style.columns > 1 ? 2 : 4;
  }

  /** A bulleted list (L): each item's bullet is its label, the text wraps under itself, not under the bullet. */
  list(items: string[]) {
    const s = this.style.text;
    const step = this.lineHeight(s);
    const indent = this.widthOf("• ", s);
    const list = this.struct("L");
    for (const item of items) {
      const li = this.struct("LI", list);
      const label = this.struct("Lbl", li);
      const body = this.struct("LBody", li);
      this.wrap(item, this.contentWidth - indent, s).forEach((line, n) => {
        this.ensure(step);
        if (n === 0) this.marked(label, () => this.line("•", this.left, this.y - s, s, "regular", INK));
        this.marked(body, () => this.line(line, this.left + indent, this.y - s, s, "regular", INK));
        this.y -= step;
      });
      li.end();
      this.y -= this.style.columns > 1 ? 1 : 4;
    }
    list.end();
  }

  /** Label–value rows: a table whose labels are row headers. */
  fields(rows: Array<{ label: string; value: string }>) {
    const { label } = this.style;
    this.table(
      [{ width: label }, { width: 1 - label }],
      rows.map((r) => [r.label, r.value]),
    );
  }

  /** A table: the header's cells head their columns, each row's first cell heads its row (as on the web page). */
  table(columns: Column[], rows: string[][], options: { header?: string[]; boldLast?: boolean } = {}) {
    const size = this.style.text;
    const compact = this.style.columns > 1;
    const gap = compact ? 6 : 8;
    const step = compact ? this.lineHeight(size) : size + 4;
    const widths = columns.map((c) => c.width * this.contentWidth);
    const table = this.struct("Table");
    // A heading's words are never broken inside ("Возрас-т" in a narrow column, "нетрудоспособност-и"
    // in a row's label): its text gets smaller, down to three quarters, until its longest word fits
    // its column. The header's cells take one size; a row's heading (its first cell) its own.
    const wholeWordsSize = (cells: string[], font: Font) => {
      const fits = (s: number) => cells.every((cell, i) => cell.split(/\s+/).every((word) => this.widthOf(word, s, font) <= widths[i] - gap));
      let s = size;
      while (!fits(s) && s - 0.25 >= size * 0.75) s -= 0.25;
      return s;
    };
    /** A row's cells wrapped to their columns, the size of each, and its height. */
    const laidOut = (cells: string[], font: Font, header: boolean) => {
      const headerSize = header ? wholeWordsSize(cells, font) : size;
      const sizes = cells.map((_, i) => (header ? headerSize : i === 0 ? wholeWordsSize([cells[0]], font) : size));
      const wrapped = cells.map((cell, i) => this.wrap(cell, widths[i] - gap, sizes[i], font));
      return { cells, font, sizes, wrapped, height: Math.max(...wrapped.map((w) => w.length)) * step + (compact ? 2 : 4) };
    };
    type Row = ReturnType<typeof laidOut>;
    /** Draws a row's cells, each through `cell` (which tags it, or draws it as an artifact). */
    const drawCells = (row: Row, cell: (i: number, draw: () => void) => void) => {
      let x = this.left;
      row.wrapped.forEach((lines, i) => {
        const cellX = x;
        cell(i, () =>
          lines.forEach((line, n) => {
            const lineWidth = this.widthOf(line.trimEnd(), row.sizes[i], row.font);
            const lx = columns[i].align === "right" ? cellX + widths[i] - gap - lineWidth : cellX;
            this.line(line, lx, this.y - size - n * step, row.sizes[i], row.font, INK);
          }),
        );
        x += widths[i];
      });
    };
    const drawRow = (section: Struct, row: Row, header: boolean) => {
      const tr = this.struct("TR", section);
      drawCells(row, (i, draw) => {
        const cell = header || i === 0 ? this.struct("TH", tr, { scope: header ? "Column" : "Row" }) : this.struct("TD", tr);
        // An empty cell is an element without content, so the rows keep their cells in line.
        if (row.cells[i].trim()) this.marked(cell, draw);
      });
      tr.end();
      this.y -= row.height;
    };
    const head = options.header ? laidOut(options.header, "bold", true) : null;
    const headRule = () => this.rule(this.left, this.left + this.contentWidth, this.y + 2, 0.5, RULE);
    if (compact) {
      // A short table is kept in one column rather than split across two.
      const rowHeight = (cells: string[], font: Font) =>
        Math.max(...cells.map((cell, i) => this.wrap(cell, widths[i] - gap, size, font).length)) * step + 2;
      const whole = (options.header ? rowHeight(options.header, "bold") : 0) + rows.reduce((sum, row) => sum + rowHeight(row, "bold"), 0);
      if (whole <= 120) this.ensure(whole);
    }
    const body = rows.map((cells, i) => laidOut(cells, options.boldLast && i === rows.length - 1 ? "bold" : "regular", false));
    if (head) {
      // The header goes on with the first row, never alone at a page's foot.
      this.ensure(head.height + (body[0]?.height ?? 0));
      const section = this.struct("THead", table);
      drawRow(section, head, true);
      section.end();
      headRule();
    }
    const section = this.struct("TBody", table);
    for (const row of body) {
      // On each page or column the table goes on to, its header again: an artifact, as its cells are in the structure once.
      if (this.ensure(row.height) && head) {
        this.artifact(() => drawCells(head, (_, draw) => draw()));
        this.y -= head.height;
        headRule();
      }
      drawRow(section, row, false);
    }
    section.end();
    table.end();
    if (compact) this.y -= 2;
  }

  /** A QR code (error correction M, as EPC069-12 asks): a figure with its alternative text, its caption beside it. */
  qr(payload: string, caption: string) {
    const modules = qrModules(payload);
    const quiet = QR_QUIET_ZONE;
    const side = 128;
    const cell = side / (modules.length + 2 * quiet);
    this.ensure(side + 8);
    const top = this.y - 4;
    const left = this.left;
    const alt = docTranslator(this.language)("doc.view.qr");
    const figure = this.struct("Figure", this.root, {
      alt,
      title: alt,
      bbox: [left, A4.height - top, left + side, A4.height - top + side],
    });
    this.marked(figure, () => {
      this.open();
      modules.forEach((row, r) =>
        row.forEach((dark, c) => {
          if (dark) this.doc.rect(left + (quiet + c) * cell, A4.height - (top - (quiet + r) * cell), cell, cell);
        }),
      );
      this.doc.fillColor("#000000").fill();
    });
    figure.end();
    const textX = left + side + 12;
    const lines = this.wrap(caption, this.contentWidth - side - 12, 10);
    const p = this.struct("P");
    lines.forEach((line, n) => this.marked(p, () => this.line(line, textX, top - 4 * cell - 10 - n * 14, 10, "regular", INK)));
    p.end();
    this.y = top - side - 8;
  }

  async save(): Promise<Uint8Array> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const text = this.footer.replace("{{n}}", String(i + 1)).replace("{{total}}", String(count));
      const { margin } = this.style;
      this.artifact(() => this.line(text, margin, margin - 20 > 12 ? margin - 20 : 14, 8, "regular", MUTED), { type: "Pagination", attached: ["Bottom"] });
    }
    this.root.end();
    const chunks: Buffer[] = [];
    const done = new Promise<void>((resolve, reject) => {
      this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      this.doc.on("end", resolve);
      this.doc.on("error", reject);
    });
    this.doc.end();
    await done;
    return new Uint8Array(Buffer.concat(chunks));
  }
}
