/**
 * What the document fonts draw of the name scripts: the repertoire app/lib/name-characters.ts is
 * generated from (decision 0032). Build-time only (scripts/name-characters.ts and its test), so
 * fontkit is a development dependency here; PDFKit brings its own at run time.
 */
import * as fontkit from "fontkit";
import { fonts } from "../../app/core/documents/pdf.js";

/** The regular and bold document fonts as fontkit reads them (fontkit is the shaper PDFKit draws with). */
export function fontFaces(): fontkit.Font[] {
  const { regular, bold } = fonts();
  return [regular, bold].map((bytes) => {
    const font = fontkit.create(Buffer.from(bytes));
    if ("fonts" in font) throw new Error("A document font file is a collection, not one font");
    return font;
  });
}

/** Scripts people's and companies' names are written in, which the fonts cover. */
export const NAME_SCRIPTS = ["Latin", "Greek", "Cyrillic", "Armenian", "Georgian", "Hebrew", "Arabic"];
/** Besides letters: digits (company names) and the signs names use. */
const SIGNS = " -'’.,&()/+\"„“«»0123456789";

export function nameCharacterRanges(): Array<[number, number]> {
  const faces = fontFaces();
  const drawn = (cp: number) => faces.every((f) => f.hasGlyphForCodePoint(cp));
  const letter = new RegExp(`^(?:[${NAME_SCRIPTS.map((s) => `\\p{Script=${s}}`).join("")}]|\\p{Script=Inherited})$`, "u");
  const accepted = (cp: number) => {
    const char = String.fromCodePoint(cp);
    if (SIGNS.includes(char)) return true;
    return /^[\p{L}\p{M}]$/u.test(char) && letter.test(char) && drawn(cp);
  };
  const ranges: Array<[number, number]> = [];
  for (let cp = 0; cp <= 0x2ffff; cp++) {
    if (!accepted(cp)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return ranges;
}
