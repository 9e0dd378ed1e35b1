// Bundles server.ts and the core into build/server.js, and the document threads' entry into
// build/pdf-worker.js (app/core/documents/workers.ts); dependencies stay in node_modules.
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** The bundle's options; tests/integration/document-workers.test.ts bundles the thread's entry with them too. */
export const SERVER_BUILD = {
  entryPoints: { server: "server.ts", "pdf-worker": "app/core/documents/worker.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build(SERVER_BUILD);
