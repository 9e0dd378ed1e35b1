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
import { Writable } from "node:stream";

/** VIEW_SIZE in react-dom/cjs/react-dom-server.node.*.js (18.3.1). */
export const REACT_VIEW_SIZE = 2048;
const MAX_PADDING = 3;

/**
 * Where a page's render is piped: its chunks, each without React's padding, gathered into the
 * one body `done` gets when React ends the stream (a page is sent in one piece, decision 0040).
 * A plain writable, not a transform read by a collector: half the stream machinery per chunk.
 * It never closes on its own (`autoDestroy: false`): React answers a destination's "close"
 * by ending it once more, which Node refuses with an error object made, stack and all, on every
 * page (docs/decisions/0242).
 */
export function pageCollector(done: (body: ReturnType<typeof Buffer.concat>) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    autoDestroy: false,
    write(chunk: Buffer, _encoding, next) {
      let end = chunk.length;
      if (end === REACT_VIEW_SIZE) while (end > REACT_VIEW_SIZE - MAX_PADDING && chunk[end - 1] === 0) end--;
      chunks.push(end === chunk.length ? chunk : chunk.subarray(0, end));
      next();
    },
    final(next) {
      done(Buffer.concat(chunks));
      next();
    },
  });
}
