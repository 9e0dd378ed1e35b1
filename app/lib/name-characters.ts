/** Whether a name can be printed in the documents (docs/decisions/0032-names-in-documents.md). */
import { NAME_CHARACTER_RANGES } from "./name-character-ranges";

export { NAME_CHARACTER_RANGES };

/** Whether every character of `name` (compared in NFC) is one the documents can print. */
export function isPrintableName(name: string): boolean {
  for (const char of name.normalize("NFC")) {
    const cp = char.codePointAt(0)!;
    let lo = 0;
    let hi = NAME_CHARACTER_RANGES.length - 1;
    let found = false;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [from, to] = NAME_CHARACTER_RANGES[mid];
      if (cp < from) hi = mid - 1;
      else if (cp > to) lo = mid + 1;
      else {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}
