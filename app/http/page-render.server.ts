/**
 * A page rendered whole, as one string (docs/decisions/0254): every visitor gets the page in
 * one piece (docs/decisions/0040, 0248), and React's string renderer makes it for less than its
 * stream, which encodes the text into 2 KB buffers that are then gathered again (and in React
 * 18.3 pads some with NUL bytes, facebook/react#26228).
 */
import type { EntryContext } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** React's stream writes the doctype of an <html> root (every page's, app/root.tsx); its string renderer leaves it out. */
const DOCTYPE = "<!DOCTYPE html>";
/** How React marks a Suspense boundary whose content it left for the browser to render. */
const LEFT_TO_THE_BROWSER = "<!--$!-->";

/**
 * The page's HTML, and whether it is whole. A string render cannot wait: a part that suspends,
 * or throws inside a Suspense boundary, is left for the browser to render (`whole: false`).
 * None of ours does once the data is read (`withHandoffRead`).
 */
export function renderWhole(page: ReactElement): { html: string; whole: boolean } {
  const html = DOCTYPE + renderToString(page);
  return { html, whole: !html.includes(LEFT_TO_THE_BROWSER) };
}

/** The part of Remix's EntryContext this reads and fills. */
type Handoff = Pick<EntryContext, "serverHandoffStream" | "renderMeta">;

/**
 * The data Remix hands to the browser (single fetch's turbo-stream of the loaders' data, which
 * its `StreamTransfer` writes into the page as scripts, suspending on each chunk it reads),
 * read whole before the render and left where `StreamTransfer` looks for the chunks it has
 * read (EntryContext's `renderMeta.streamCache`): one chunk, then the end, so the render never
 * suspends on it. Remix ends the stream by its `streamTimeout` (4.95 s) at the latest.
 */
export async function withHandoffRead<C extends Handoff>(context: C): Promise<C & Pick<Handoff, "renderMeta">> {
  const stream = context.serverHandoffStream;
  if (!stream) return context;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
  text += decoder.decode();
  reader.releaseLock();
  const read = (done: boolean, value: string) => Object.assign(Promise.resolve(), { result: { done, value } });
  return { ...context, renderMeta: { ...context.renderMeta, streamCache: { 0: read(false, text), 1: read(true, "") } } };
}
