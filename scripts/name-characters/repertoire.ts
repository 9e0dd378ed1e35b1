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

const drawnByBoth = () => {
  const faces = fontFaces();
  return (cp: number) => faces.every((f) => f.hasGlyphForCodePoint(cp));
};

const nameLetter = new RegExp(`^(?:[${NAME_SCRIPTS.map((s) => `\\p{Script=${s}}`).join("")}]|\\p{Script=Inherited})$`, "u");

/** The code points `accepted` takes below `end`, as inclusive ranges, ascending. */
function rangesOf(accepted: (cp: number) => boolean, end: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let cp = 0; cp <= end; cp++) {
    if (!accepted(cp)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return ranges;
}

export function nameCharacterRanges(): Array<[number, number]> {
  const drawn = drawnByBoth();
  const accepted = (cp: number) => {
    const char = String.fromCodePoint(cp);
    if (SIGNS.includes(char)) return true;
    return /^[\p{L}\p{M}]$/u.test(char) && nameLetter.test(char) && drawn(cp);
  };
  return rangesOf(accepted, 0x2ffff);
}

/**
 * What a typed text printed in a document may hold besides a name's characters (a
 * questionnaire's detail, printed in the application signed): the letters, digits,
 * punctuation, symbols and spaces of no script of their own ("µ", "½", "№", "–", "→", "≥")
 * or of a name's script (the Hebrew geresh, the Arabic comma) that both fonts draw, up to the
 * end of the symbol blocks (U+2BFF). Never a format character
 * (the bidirectional overrides, which reorder what is drawn; zero-width ones), nor emoji and
 * ideographs beyond those blocks, which the fonts do not draw or draw only in part.
 */
export function textCharacterRanges(): Array<[number, number]> {
  const drawn = drawnByBoth();
  const names = nameCharacterRanges();
  const named = (cp: number) => names.some(([from, to]) => cp >= from && cp <= to);
  const common = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
  const accepted = (cp: number) => {
    const char = String.fromCodePoint(cp);
    return !named(cp) && /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]$/u.test(char) && (common.test(char) || nameLetter.test(char)) && drawn(cp);
  };
  return rangesOf(accepted, 0x2bff);
}
