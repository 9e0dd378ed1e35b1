// Bundles server.ts and the core into build/server.js, and the document threads' entry into
// build/pdf-worker.js (app/core/documents/workers.ts); dependencies stay in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: { server: "server.ts", "pdf-worker": "app/core/documents/worker.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
