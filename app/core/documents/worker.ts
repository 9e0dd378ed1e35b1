/**
 * A document thread's entry (app/core/documents/workers.ts): a document's model in, its PDF
 * out, drawn by the same `renderPdf` as in the server's own thread, so the bytes are the same.
 */
import { renderPdf, type DocModel } from "./index.js";

export default function render(model: DocModel): Promise<Uint8Array> {
  return renderPdf(model);
}
