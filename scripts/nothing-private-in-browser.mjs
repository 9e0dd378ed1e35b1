// `node scripts/nothing-private-in-browser.mjs` after `remix build` (`npm run build` runs it):
// fails when what the browser is served (public/build) holds something of the server or of the
// machine that built it: the name of a setting (app/core/config.ts reads them; a name in the
// browser means server code or configuration reached it) or the value the build's environment
// gives one, a path of the build's folder or home, a source map or a comment naming one, or a
// development build of a library (React's warns and checks on every render, and is larger).
// Nothing of this is there today; this keeps it so (no-core-in-browser.mjs keeps app/core out).
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Files that are the same text compressed, or not text. */
const SKIPPED = /\.(br|gz|ico|png|jpe?g|webp|avif|woff2?)$/;

/**
 * The settings' names in config.ts: its schema's keys and what it reads from `env.`, those with
 * an underscore (a bare `PORT` or `DEMO` may be any library's word).
 */
export function settingNames(configSource) {
  const keys = [...configSource.matchAll(/^\s+([A-Z][A-Z0-9_]*[A-Z0-9]):\s/gm)].map((m) => m[1]);
  const read = [...configSource.matchAll(/\benv\.([A-Z][A-Z0-9_]*[A-Z0-9])\b/g)].map((m) => m[1]);
  return [...new Set([...keys, ...read])].filter((name) => name.includes("_")).sort();
}

/**
 * What is wrong with a browser build: `files` its files (path relative to the build folder, and
 * text), `inputs` the source modules esbuild put into its scripts (the metafile's), `settings`
 * the names to look for, `values` the environment's values of those set when it was built,
 * `paths` the machine's folders.
 */
export function privateInBrowser({ files, inputs, settings, values, paths }) {
  const found = [];
  const word = settings.length ? new RegExp(`\\b(${settings.join("|")})\\b`, "g") : null;
  for (const { file, text } of files) {
    if (file.endsWith(".map")) found.push(`${file} is a source map`);
    if (/[#@] sourceMappingURL=/.test(text)) found.push(`${file} names a source map`);
    for (const name of new Set(word ? [...text.matchAll(word)].map((m) => m[1]) : [])) found.push(`${file} names the setting ${name}`);
    for (const [name, value] of Object.entries(values)) if (text.includes(value)) found.push(`${file} holds the value of ${name}`);
    for (const folder of paths) if (text.includes(folder)) found.push(`${file} holds the path ${folder}`);
  }
  for (const input of inputs) if (/node_modules\/.*[.-]development\.js$/.test(input)) found.push(`${input} is a development build`);
  return found;
}

function filesOf(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(file, base);
    return SKIPPED.test(entry.name) ? [] : [{ file: path.relative(base, file), text: readFileSync(file, "utf8") }];
  });
}

async function main() {
  const { default: config } = await import(pathToFileURL(path.resolve("remix.config.js")).href);
  const assets = path.resolve(config.assetsBuildDirectory ?? "public/build");
  const metafile = JSON.parse(readFileSync(path.join(path.dirname(config.serverBuildPath ?? "build/index.js"), "metafile.js.json"), "utf8"));
  const settings = settingNames(readFileSync("app/core/config.ts", "utf8"));
  if (!settings.includes("SESSION_SECRET") || !settings.includes("HEALTH_DATA_KEYS")) throw new Error("app/core/config.ts: no setting names found; has its schema changed shape?");
  // A value shorter than 8 characters (`true`, `3000`, `info`) would be found in any script.
  const values = Object.fromEntries(settings.filter((name) => (process.env[name]?.length ?? 0) >= 8).map((name) => [name, process.env[name]]));
  // As a folder (`/root/`, not the `/root` of `/build/root-….js`); a home of `/` is no path of ours.
  const paths = [process.cwd(), os.homedir()].filter((folder) => path.resolve(folder) !== path.parse(folder).root).map((folder) => path.join(folder, path.sep));
  const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
  const files = filesOf(assets);
  const found = privateInBrowser({ files, inputs, settings, values, paths });
  if (found.length) {
    console.error("The browser build holds what only the server or the build machine should:");
    for (const line of found) console.error(`- ${line}`);
    process.exit(1);
  }
  console.log(`Nothing private in the browser: ${files.length} files checked for ${settings.length} setting names.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
