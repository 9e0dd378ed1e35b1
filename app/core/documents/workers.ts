/**
 * Documents drawn off the event loop (docs/decisions/0234). A PDF costs 50 ms of CPU
 * (decision 0231); drawn in the server's own thread, every request that reaches the process
 * meanwhile waits for it, which made the signing's neighbours the load test's tail. A pool of
 * worker threads (piscina) draws them instead; the request that wants the document waits for
 * it, nobody else does.
 */
import Piscina from "piscina";
import type { DocModel, RenderPdf } from "./index.js";
import { turns } from "./turns.js";

export interface DocumentWorkers {
  render: RenderPdf;
  close(): Promise<void>;
}

/**
 * `threads` threads started at once and kept (each parses the fonts once), running `filename`:
 * build/pdf-worker.js, or app/core/documents/worker.ts under tsx. They take each customer's
 * documents in turn (./turns.ts), never more at once than there are threads.
 */
export function documentWorkers({ filename, threads }: { filename: string; threads: number }): DocumentWorkers {
  const pool = new Piscina<DocModel, Uint8Array>({ filename, minThreads: threads, maxThreads: threads, idleTimeout: Infinity });
  const inTurn = turns(threads);
  return {
    render: (model, drawnFor) => inTurn(drawnFor, () => pool.run(model)),
    close: () => pool.destroy(),
  };
}
