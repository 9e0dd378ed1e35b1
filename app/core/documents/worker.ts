/**
 * A document thread's entry (app/core/documents/workers.ts): a document's model in, its PDF
 * out, drawn by the same `renderPdf` as in the server's own thread, so the bytes are the same.
 */
import { renderPdf, type DocModel } from "./index.js";

export default function render(model: DocModel): Promise<Uint8Array> {
  return renderPdf(model);
}

/**
 * Answered once the thread has loaded this module: the pool's stop waits for it, since a
 * thread ended while still loading its modules crashes the whole process on Node 20 (V8's
 * "FATAL ERROR: v8::Module::IsGraphAsync"), as a start that cannot listen did now and then.
 */
export function loaded(): true {
  return true;
}
