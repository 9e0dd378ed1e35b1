import { Writable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageCollector, REACT_VIEW_SIZE } from "~/http/react-stream";

/** Paragraphs whose multi-byte characters fall on every possible offset of React's 2 048-byte buffer. */
const page = () =>
  createElement(
    "main",
    null,
    Array.from({ length: 400 }, (_, i) => createElement("p", { key: i }, `${"a".repeat(i % 7)}õun ${"ü".repeat(i % 3)} Привет`)),
  );

/** The page rendered into `pageCollector` (the app's way), or into a plain writable (React's bytes as they are). */
function render(collector?: typeof pageCollector): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = collector
      ? collector(resolve)
      : new Writable({
          write(chunk: Buffer, _e, done) {
            chunks.push(Buffer.from(chunk));
            done();
          },
        }).on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(page(), {
      onAllReady() {
        pipe(sink);
      },
      onError: reject,
    });
  });
}

describe("React 18.3's stream padding", () => {
  it("is still there in the React we run (remove app/http/react-stream.ts when this fails)", async () => {
    const raw = await render();
    expect(raw.includes(0)).toBe(true);
  });

  it("is cut exactly: the bytes are renderToString's", async () => {
    const fixed = await render(pageCollector);
    expect(fixed.includes(0)).toBe(false);
    expect(fixed.toString("utf8")).toBe(renderToString(page()));
    expect(fixed.length).toBeGreaterThan(4 * REACT_VIEW_SIZE);
  });
});
