import { createElement, lazy, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderWhole, withHandoffRead } from "~/http/page-render.server";

/** Paragraphs whose multi-byte characters fall on every offset of React 18.3's 2 048-byte stream buffer. */
const text = Array.from({ length: 400 }, (_, i) => `${"a".repeat(i % 7)}õun ${"ü".repeat(i % 3)} Привет`);
const page = (...body: Parameters<typeof createElement>[2][]) =>
  createElement("html", { lang: "et" }, createElement("body", null, createElement("main", null, ...body)));

function Throws(): null {
  throw new Error("broken");
}

describe("a page rendered whole", () => {
  it("is React's markup after the doctype, multi-byte text intact and no NUL byte (the stream's padding)", () => {
    const { html, whole } = renderWhole(page(...text.map((line, i) => createElement("p", { key: i }, line))));
    expect(whole).toBe(true);
    expect(html.startsWith('<!DOCTYPE html><html lang="et"><body><main><p>õun  Привет</p>')).toBe(true);
    const bytes = Buffer.from(html);
    expect(bytes.length).toBeGreaterThan(4 * 2048);
    expect(bytes.indexOf(0)).toBe(-1);
    for (const line of text) expect(html).toContain(line);
  });

  it("is whole with a Suspense boundary that does not suspend (the later parts of the layout)", () => {
    const { html, whole } = renderWhole(page(createElement(Suspense, { fallback: "…" }, createElement("footer", null, "jalus"))));
    expect(whole).toBe(true);
    expect(html).toContain("<!--$--><footer>jalus</footer><!--/$-->");
  });

  it("is not whole when a part suspends or fails inside a boundary: the browser would render it", () => {
    const Never = lazy(() => new Promise<never>(() => {}));
    for (const part of [createElement(Never), createElement(Throws)]) {
      const { html, whole } = renderWhole(page(createElement(Suspense, { fallback: "…" }, part)));
      expect(whole).toBe(false);
      expect(html).toContain("…");
    }
  });

  it("fails as a whole when a part fails outside any boundary (Remix then renders its error page)", () => {
    expect(() => renderWhole(page(createElement(Throws)))).toThrow("broken");
  });
});

describe("the data handed to the browser, read before the render", () => {
  const streamOf = (...chunks: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });

  it("is one chunk then the end, where Remix's StreamTransfer looks for what it has read, characters split across chunks whole", async () => {
    const bytes = Buffer.from('[{"name":"Õie Ääremaa","city":"Тарту"}]');
    const cut = bytes.indexOf(Buffer.from("Ä")) + 1;
    const context = { serverHandoffStream: streamOf(bytes.subarray(0, cut), bytes.subarray(cut)), renderMeta: { didRenderScripts: false }, other: 1 };
    const read = await withHandoffRead(context);
    expect(read.other).toBe(1);
    expect(read.renderMeta?.didRenderScripts).toBe(false);
    const cache = read.renderMeta?.streamCache ?? {};
    expect(Object.keys(cache)).toEqual(["0", "1"]);
    expect(cache[0].result).toEqual({ done: false, value: bytes.toString("utf8") });
    expect(cache[1].result).toEqual({ done: true, value: "" });
    // Remix's StreamTransfer asks the stream for a reader of its own when it renders.
    expect(() => context.serverHandoffStream.getReader()).not.toThrow();
  });

  it("leaves a context without such data as it is", async () => {
    const context = { renderMeta: {} };
    expect(await withHandoffRead(context)).toBe(context);
  });
});
