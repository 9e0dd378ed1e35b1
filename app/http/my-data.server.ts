/**
 * The download of one's data, for both doors (the page's link and GET /api/self-service/export,
 * docs/decisions/0135): the file's headers and its pieces as a stream that gives the next piece
 * only when the client has taken the last. The file is read whole before (one snapshot,
 * docs/decisions/0280): a slow client holds its pieces in memory, never the database.
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
export function exportStream(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(encoder.encode(chunks[next++]));
      else controller.close();
    },
  });
}
