/**
 * The download of one's data, for both doors (the page's link and GET /api/self-service/export,
 * docs/decisions/0135): the file's headers and its pieces as a stream that pulls the next piece
 * (and so the next rows from the database) only when the client has taken the last.
 */
import type { Clock } from "../core/clock.js";
import { today } from "../core/clock.js";

export function exportHeaders(clock: Clock): Record<string, string> {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="my-data-${today(clock)}.json"`,
    "Cache-Control": "no-store",
  };
}

/** The pieces as a web stream (Remix's Response body), pulled one at a time. */
export function exportStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
