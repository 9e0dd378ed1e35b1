/**
 * Whether a name, or a typed text, can be printed in the documents
 * (docs/decisions/0032-names-in-documents.md).
 */
import { NAME_CHARACTER_RANGES } from "./name-character-ranges";
import { TEXT_CHARACTER_RANGES } from "./text-character-ranges";

export { NAME_CHARACTER_RANGES, TEXT_CHARACTER_RANGES };

type Ranges = ReadonlyArray<readonly [number, number]>;

/** Whether `cp` is in one of `ranges` (ascending). */
function within(ranges: Ranges, cp: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to] = ranges[mid];
    if (cp < from) hi = mid - 1;
    else if (cp > to) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Whether every character of `name` (compared in NFC) is one the documents can print. */
export function isPrintableName(name: string): boolean {
  for (const char of name.normalize("NFC")) if (!within(NAME_CHARACTER_RANGES, char.codePointAt(0)!)) return false;
  return true;
}

/** A typed text's line breaks and tabs: the PDF writer breaks the line at the one and draws the other as a space. */
const TEXT_WHITESPACE = "\t\n\r";

/**
 * Whether every character of a typed text (compared in NFC) is one the documents can print: a
 * name's, one of the text's signs (digits, punctuation, symbols), a line break or a tab. Not an
 * emoji or a letter the fonts lack (drawn as an empty box), nor a bidirectional override (which
 * would reorder the line it is on).
 */
export function isPrintableText(text: string): boolean {
  for (const char of text.normalize("NFC")) {
    const cp = char.codePointAt(0)!;
    if (!TEXT_WHITESPACE.includes(char) && !within(NAME_CHARACTER_RANGES, cp) && !within(TEXT_CHARACTER_RANGES, cp)) return false;
  }
  return true;
}
