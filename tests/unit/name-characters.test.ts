/**
 * Names in documents (decision 0032): a name is accepted only when every character is one
 * the document fonts draw, and such names come out whole in the PDF: a right-to-left name in
 * reading order, not reversed.
 */
import { describe, expect, it } from "vitest";
import { fontFaces, nameCharacterRanges, textCharacterRanges } from "../../scripts/name-characters/repertoire";
import { visualRuns } from "~/core/documents/pdf";
import { paymentScheduleModel, renderPdf } from "~/core/documents/index";
import { nameIssue } from "~/lib/beneficiaries-schema";
import { isPrintableName, isPrintableText, NAME_CHARACTER_RANGES, TEXT_CHARACTER_RANGES } from "~/lib/name-characters";
import { pdfText } from "../support/pdf-text";

const NAMES = {
  Estonian: ["Mari-Liis", "Õunapuu-Šmidt"],
  Russian: ["Юлия", "Щербакова"],
  Greek: ["Γιώργος", "Παπαδόπουλος"],
  Armenian: ["Արամ", "Խաչատրյան"],
  Georgian: ["ნინო", "ბერიძე"],
  Vietnamese: ["Văn An", "Nguyễn"],
  Hebrew: ["דוד", "כהן-לוי"],
  Arabic: ["محمد", "عبد الله"],
  "Latin and Hebrew": ["David", "כהן"],
  "Latin and Arabic": ["Sara", "الحسيني"],
  Irish: ["Seán", "O’Brien"],
};

describe("the characters a name may hold", () => {
  it("are what scripts/name-characters.ts computes from the fonts now", () => {
    expect(NAME_CHARACTER_RANGES).toEqual(nameCharacterRanges());
    expect(TEXT_CHARACTER_RANGES).toEqual(textCharacterRanges());
  });

  it("a typed text may hold besides: digits, punctuation, symbols, line breaks and tabs; never a format character or an emoji", () => {
    expect(isPrintableText("Vererõhk ≥ 140/90 mmHg; 2× päevas ½ tabletti (5 µg) – № 3, 37,5 °C → „hea“")).toBe(true);
    expect(isPrintableText("rida\r\nrida\tlõpp")).toBe(true);
    for (const text of ["😀", "头痛", "\u202e", "\u200b", "\u00ad", "\ufeff", "\u0007"]) expect(isPrintableText(`a${text}b`), JSON.stringify(text)).toBe(false);
  });

  it("are every one drawn by both document fonts", () => {
    const faces = fontFaces();
    const missing: string[] = [];
    for (const [from, to] of [...NAME_CHARACTER_RANGES, ...TEXT_CHARACTER_RANGES])
      for (let cp = from; cp <= to; cp++) if (!faces.every((f) => f.hasGlyphForCodePoint(cp))) missing.push(cp.toString(16));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(NAMES))("take %s names", (_, [first, last]) => {
    expect(nameIssue(first)).toBeNull();
    expect(nameIssue(last)).toBeNull();
  });

  it("take a company's name with digits and signs", () => {
    expect(isPrintableName("Tamme Kodu OÜ")).toBe(true);
    expect(isPrintableName("AS „Põld & Mets“ (2024)")).toBe(true);
  });

  it("take a letter typed as a letter and a combining accent (compared in NFC)", () => {
    expect(isPrintableName("Jose\u0301")).toBe(true);
  });

  it.each([["王小明"], ["राम"], ["สมชาย"], ["Mari 😀"], ["Tab\tName"], ["<script>"]])("refuse %s with a message naming the alphabets", (name) => {
    expect(nameIssue(name)).toBe("error.name_characters");
  });
});

describe("a name in the PDF", () => {
  it.each(Object.entries(NAMES))("in %s comes out whole and in reading order", async (_, [firstName, lastName]) => {
    const bytes = await renderPdf(
      paymentScheduleModel({
        language: "et",
        at: new Date("2026-05-01T08:00:00Z"),
        date: "2026-05-01",
        customer: { firstName, lastName, personalCode: "49005150229", dateOfBirth: "1990-05-15", email: null, phone: null },
        startDate: "2026-05-02",
        provisional: false,
        payments: [{ number: 1, date: "2026-05-02", sumCents: 1234 }],
      }),
    );
    const text = (await pdfText(bytes)).normalize("NFC");
    expect(text).toContain(`${firstName} ${lastName}`.normalize("NFC"));
  });

  it("is laid out right to left as a run inside a left-to-right line", () => {
    // The shaper (fontkit) reverses a right-to-left run itself; the runs come in visual order.
    expect(visualRuns("Nimi: דוד כהן (P)")).toEqual(["Nimi: ", "דוד כהן", " (P)"]);
    expect(visualRuns("Mari Tamm")).toEqual(["Mari Tamm"]);
    expect(visualRuns("א (ב) ג")).toEqual(["א )ב( ג"]);
  });
});
