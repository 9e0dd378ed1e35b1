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

/** How long a stop waits for a thread still loading its modules before ending it anyway. */
const LOAD_WAIT_MS = 10_000;

/**
 * `threads` threads started at once and kept (each parses the fonts once), running `filename`:
 * build/pdf-worker.js, or app/core/documents/worker.ts under tsx. They take each customer's
 * documents in turn (./turns.ts), never more at once than there are threads.
 */
export function documentWorkers({ filename, threads }: { filename: string; threads: number }): DocumentWorkers {
  const pool = new Piscina<DocModel, Uint8Array>({ filename, minThreads: threads, maxThreads: threads, idleTimeout: Infinity });
  const inTurn = turns(threads);
  // Each thread's first task (./worker.ts `loaded`, one per thread, before any document): settled
  // once every thread has loaded its modules, and at once after that, whatever the queue holds.
  const asked = pool as unknown as Piscina<null, true>;
  const loading = Promise.all(Array.from({ length: threads }, () => asked.run(null, { name: "loaded" }))).catch(() => undefined);
  return {
    render: (model, drawnFor) => inTurn(drawnFor, () => pool.run(model)),
    // Ended only once loaded: a start that fails to listen stops the pool a moment after making
    // it. A thread that never loads is ended after LOAD_WAIT_MS.
    close: async () => {
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([loading, new Promise((resolve) => (waited = setTimeout(resolve, LOAD_WAIT_MS)))]);
      clearTimeout(waited);
      await pool.destroy();
    },
  };
}
