// `node scripts/no-core-in-browser.mjs` after `remix build` (`npm run build` runs it): fails when
// a chunk of the browser build holds a module of app/core (issue 23 item 7,
// docs/decisions/0175-no-core-in-the-browser.md). What the browser shares with the server lives
// in app/lib; the core stays on the server.
//
// Which source modules went into which chunk comes from the browser build's esbuild metafile,
// which the Remix compiler writes next to the server build (build/remix/metafile.js.json):
// each output's `inputs` are the modules whose code esbuild put into that output, after the
// route modules lost their loaders and actions and after tree-shaking. A module imported only
// by a loader (or only for its types) is not there; one whose value a component uses is.
// esbuild inlines a core constant (a number, a string) into the chunk and leaves its module
// out, so the graph is read too: no module of the browser build other than a route module
// (whose loader and action the build drops) may import the core at all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** An input of the metafile as a path from the project root: namespaces and queries dropped. */
export function sourcePath(input) {
  const namespaced = /^[\w-]+:(?!\/)/.exec(input);
  const file = (namespaced ? input.slice(namespaced[0].length) : input).replace(/\?.*$/, "");
  // Remix's route-module namespaces name their files from app/ ("browser-route-module:routes/x.tsx").
  return namespaced && !file.startsWith("app/") && !file.startsWith(".") ? `app/${file}` : file;
}

/** Each browser chunk that holds a module of app/core, with those modules. */
export function coreModulesInChunks(metafile) {
  const found = [];
  for (const [chunk, output] of Object.entries(metafile.outputs)) {
    if (!chunk.endsWith(".js")) continue;
    const modules = Object.keys(output.inputs).map(sourcePath).filter(isCore);
    if (modules.length) found.push({ chunk, modules: [...new Set(modules)].sort() });
  }
  return found;
}

const isCore = (file) => file.startsWith("app/core/");
/** Route modules: their imports for a loader or an action are in the graph, never in a chunk. */
const isRouteModule = (file) => /^app\/(routes\/|root\.tsx$)/.test(file);

/** Each module of the browser build's graph, route modules aside, that imports a module of app/core. */
export function coreImporters(metafile) {
  const found = [];
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const file = sourcePath(input);
    if (isCore(file) || isRouteModule(file)) continue;
    const core = imports.map((i) => sourcePath(i.path)).filter(isCore);
    if (core.length) found.push({ module: file, imports: [...new Set(core)].sort() });
  }
  return found;
}

async function main() {
  const { default: config } = await import(pathToFileURL(path.resolve("remix.config.js")).href);
  const file = path.join(path.dirname(config.serverBuildPath ?? "build/index.js"), "metafile.js.json");
  const metafile = JSON.parse(readFileSync(file, "utf8"));
  const chunks = Object.keys(metafile.outputs).filter((chunk) => chunk.endsWith(".js"));
  if (chunks.length === 0) throw new Error(`${file} lists no browser chunks: has the Remix compiler changed?`);
  const inChunks = coreModulesInChunks(metafile);
  const importers = coreImporters(metafile);
  if (inChunks.length || importers.length) {
    console.error("The browser build holds or imports core modules (move what both sides need into app/lib):");
    for (const { chunk, modules } of inChunks) console.error(`- ${chunk} holds ${modules.join(", ")}`);
    for (const { module, imports } of importers) console.error(`- ${module} imports ${imports.join(", ")}`);
    process.exit(1);
  }
  console.log(`No core module in the browser: ${chunks.length} chunks checked (${file}).`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
