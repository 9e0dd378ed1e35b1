/**
 * A document's lines: text breaks at spaces, and a word longer than the line breaks where the
 * line is full. A questionnaire's detail field holds up to SUB_TEXT_MAX characters, typed
 * without a space if the customer wishes; the PDFs are drawn one at a time for every customer,
 * so such a field must cost a few measurements per line, not one per character.
 */
import PDFDocument from "pdfkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PdfWriter } from "~/core/documents/pdf";
import { docTranslator, renderPdf } from "~/core/documents/index";
import { DOCUMENTS } from "../support/document-models";
import { SUB_TEXT_MAX } from "~/lib/questionnaire-sets";
import { fontFaces } from "../../scripts/name-characters/repertoire";
import { PDFParse } from "pdf-parse";
import { pdfText } from "../support/pdf-text";
import { structText } from "../support/poppler";

const WIDTH = 300;
const SIZE = 10;

async function writer() {
  return PdfWriter.create({ title: "Test", language: "en", createdAt: new Date("2026-05-01T08:00:00Z"), footer: "Elukaitse" });
}

afterEach(() => vi.restoreAllMocks());

describe("wrapping a document's text", () => {
  it("breaks a word longer than the line where each line is full, with no character lost", async () => {
    const pdf = await writer();
    const word = "Kõrgvererõhktõbi".repeat(Math.ceil(SUB_TEXT_MAX / 16)).slice(0, SUB_TEXT_MAX);
    const lines = pdf.wrap(word, WIDTH, SIZE);
    expect(lines.join("")).toBe(word);
    expect(lines.length).toBeGreaterThan(5);
    for (const [n, line] of lines.entries()) {
      // Each line fits; a line but the last is full: one more character would not have fitted.
      expect(pdf.wrap(line, WIDTH, SIZE)).toEqual([line]);
      if (n < lines.length - 1) expect(pdf.wrap(line + lines[n + 1][0], WIDTH, SIZE)).toHaveLength(2);
    }
  });

  it("measures a line of a long word a few times, not once per character", async () => {
    const pdf = await writer();
    const measure = vi.spyOn(PDFDocument.prototype, "widthOfString");
    const lines = pdf.wrap("x".repeat(SUB_TEXT_MAX), WIDTH, SIZE);
    // Halving over a thousand characters takes ten measurements per line, plus the line's own check.
    expect(measure.mock.calls.length).toBeLessThanOrEqual(lines.length * 14);
  });

  it("breaks at spaces and keeps the space at the end of the line it breaks", async () => {
    const pdf = await writer();
    const lines = pdf.wrap("Insured person's blood pressure has been measured twice a year since the diagnosis, always normal.", 120, SIZE);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(0, -1).every((line) => line.endsWith(" ") && !line.endsWith("  "))).toBe(true);
    expect(lines.join("")).toBe("Insured person's blood pressure has been measured twice a year since the diagnosis, always normal.");
  });
});

describe("a table's header", () => {
  const drawn = async (header: string[]) => {
    const pdf = await writer();
    pdf.table([{ width: 0.1, align: "right" }, { width: 0.9 }], [["40", "x"]], { header });
    return (await pdfText(await pdf.save())).replace(/\s+/g, " ");
  };

  it("keeps each word whole in a narrow column: its text gets smaller instead (the Russian schedule broke «Возраст» inside)", async () => {
    expect(await drawn(["Возраст", "Премия"])).toContain("Возраст");
  });

  it("keeps each word of a row's heading whole too (the Russian pre-contract information broke «нетрудоспособност-и» in its price table)", async () => {
    const pdf = await writer();
    // The two-column pre-contract information's price table: a label column a word of 18 letters overflows at full size.
    pdf.table([{ width: 0.19 }, { width: 0.81, align: "right" }], [["Страховая сумма на случай нетрудоспособности", "50 000 €"]]);
    expect((await pdfText(await pdf.save())).replace(/\s+/g, " ")).toContain("нетрудоспособности");
  });

  it("breaks a word too long for its column even at three quarters of its size, with no character lost", async () => {
    const text = await drawn(["Kindlustusperioodi", "Премия"]);
    expect(text.replace(/ /g, "")).toContain("Kindlustusperioodi");
    expect(text).not.toContain("Kindlustusperioodi");
  });
});

describe("a typed text's line breaks and tabs", () => {
  // A questionnaire's detail is a textarea: the browser sends each line break as CR LF, and a tab may be pasted in.
  const typed = "Esimene rida\r\nTeine rida\r\rKolmas\trida";

  it("break the line at CR LF (or a CR alone) and draw a tab as a space: no CR or tab is left to draw", async () => {
    const pdf = await writer();
    expect(pdf.wrap(typed, WIDTH, SIZE)).toEqual(["Esimene rida", "Teine rida", "", "Kolmas rida"]);
  });

  it("draw no character the font has no glyph for (the font's empty box at each line's end in a signed application)", async () => {
    const faces = fontFaces();
    const drawn: string[] = [];
    const text = PDFDocument.prototype.text;
    vi.spyOn(PDFDocument.prototype, "text").mockImplementation(function (this: PDFKit.PDFDocument, ...args: Parameters<typeof text>) {
      if (typeof args[0] === "string") drawn.push(args[0]);
      return text.apply(this, args);
    });
    const pdf = await writer();
    pdf.paragraph(typed);
    pdf.list([`Uuringud: ${typed}`]);
    pdf.fields([{ label: "Põhjus", value: typed }]);
    await pdf.save();
    const missing = [...drawn.join("")].filter((char) => !faces.every((face) => face.hasGlyphForCodePoint(char.codePointAt(0)!)));
    expect(missing).toEqual([]);
    expect(drawn.join(" ")).toContain("Kolmas rida");
  });
});

describe("a table across pages", () => {
  /** Each page's text, one space for every run of white space. */
  const pagesOf = async (bytes: Uint8Array) => {
    const parser = new PDFParse({ data: Buffer.from(bytes) });
    try {
      return (await parser.getText()).pages.map((page) => page.text.replace(/\s+/g, " "));
    } finally {
      await parser.destroy();
    }
  };
  const HEADER = ["Nimi", "Isikukood", "Osa"];
  const row = (n: number) => [`Isik ${n}`, `3850302013${n % 10}`, "10%"];

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])(
    "never leaves its heading or header alone at a page's foot, and heads the rows on the next page with the header again (%i lines before it)",
    async (lines) => {
      const pdf = await writer();
      // Fill the first page to a point near its foot: the beneficiaries of a change of them came under their header on page 2.
      for (let n = 0; n < 29 + lines; n++) pdf.paragraph(`Rida ${n}`);
      pdf.heading("Senised soodustatud isikud");
      pdf.table([{ width: 0.4 }, { width: 0.4 }, { width: 0.2, align: "right" }], Array.from({ length: 40 }, (_, n) => row(n)), { header: HEADER });
      const bytes = await pdf.save();
      const pages = await pagesOf(bytes);
      const withHeading = pages.findIndex((page) => page.includes("Senised soodustatud isikud"));
      // The heading's page holds the header and the first row.
      expect(pages[withHeading]).toContain("Nimi Isikukood Osa");
      expect(pages[withHeading]).toContain("Isik 0 ");
      // Every page the rows go on to starts with the header again, before its first row.
      for (const page of pages.slice(withHeading + 1)) {
        expect(page).toContain("Nimi Isikukood Osa");
        expect(page.indexOf("Nimi Isikukood Osa")).toBeLessThan(page.indexOf("Isik "));
      }
      expect(pages.length).toBeGreaterThan(withHeading + 1);
      // The repeated header is page furniture: the structure holds the header once.
      expect((await structText(bytes)).match(/"Isikukood"/g)).toHaveLength(1);
    },
    30_000,
  );
});

describe("the payment schedule's total row", () => {
  it.each(["et", "en", "ru"] as const)("says its label on one line in %s (the Russian «Всего за 12 месяцев» took three in the number's column)", async (language) => {
    const text = await pdfText(await renderPdf(DOCUMENTS["payment schedule"](language)));
    expect(text).toContain(docTranslator(language)("doc.schedule.total", { months: 12 }));
  });
});
