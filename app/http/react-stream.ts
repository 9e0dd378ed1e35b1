/**
 * React 18.3's renderToPipeableStream encodes text into a 2 048-byte buffer; when a
 * multi-byte character (õ, ä, Cyrillic) does not fit at its end, it writes the whole buffer,
 * unfilled bytes included, so 1–3 NUL bytes land in the page (facebook/react#26228, fixed
 * in React 19 only). This stream cuts exactly those: trailing zero bytes of a chunk of
 * exactly the buffer's size, at most 3 of them (a UTF-8 character is at most 4 bytes). A page
 * of ours never holds a NUL of its own: control characters are refused at the door
 * (app/http/request-checks.ts) and PostgreSQL cannot store one in text.
 * docs/decisions/0021-react-stream-padding.md
 */
import { Transform } from "node:stream";

/** VIEW_SIZE in react-dom/cjs/react-dom-server.node.*.js (18.3.1). */
export const REACT_VIEW_SIZE = 2048;
const MAX_PADDING = 3;

export function withoutReactPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let end = chunk.length;
      if (end === REACT_VIEW_SIZE) while (end > REACT_VIEW_SIZE - MAX_PADDING && chunk[end - 1] === 0) end--;
      done(null, end === chunk.length ? chunk : chunk.subarray(0, end));
    },
  });
}
