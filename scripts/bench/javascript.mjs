// JavaScript figures: what a first visit of each page loads (gzip), what a client navigation
// to a later step adds, and which libraries those bytes are (from a source-mapped build).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { SourceMapConsumer } from "source-map-js";

const kb = (bytes) => +(bytes / 1024).toFixed(1);

/** The build manifest of `publicDir`: every route's module and the chunks it imports. */
export function readManifest(publicDir = "public") {
  const dir = path.join(publicDir, "build");
  const file = readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  const text = readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** The files a route (with its parent layouts) loads. */
export function routeFiles(manifest, id) {
  const files = new Set();
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

/** What a first visit of route `id` loads: the entry, root and the route with its chunks. */
export function firstVisitFiles(manifest, id) {
  return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routeFiles(manifest, id)])];
}

const gzipCache = new Map();
function gzipBytes(publicDir, file) {
  const key = path.join(publicDir, file);
  if (!gzipCache.has(key)) {
    // A source map comment is not part of what production serves.
    const text = readFileSync(key, "utf8").replace(/\n\/\/# sourceMappingURL=.*$/, "");
    gzipCache.set(key, gzipSync(text).length);
  }
  return gzipCache.get(key);
}

export const gzipKB = (files, publicDir = "public") => kb(files.reduce((sum, file) => sum + gzipBytes(publicDir, file), 0));

/**
 * gzip KB a client navigation to `id` adds: beyond the entry and root (`fromBase`), and
 * beyond what the page before it (`previousId`) already loaded (`fromPrevious`).
 */
export function additionalJs(manifest, id, previousId, publicDir = "public") {
  const base = new Set([manifest.entry.module, ...manifest.entry.imports, ...routeFiles(manifest, "root")]);
  const loaded = new Set([...base, ...(previousId ? routeFiles(manifest, previousId) : [])]);
  const own = [...routeFiles(manifest, id)];
  return { fromBase: gzipKB(own.filter((f) => !base.has(f)), publicDir), fromPrevious: gzipKB(own.filter((f) => !loaded.has(f)), publicDir) };
}

const importCache = new Map();
/** The files `file` imports statically and with `import()` (esbuild writes both as quoted paths). */
function importsOf(publicDir, file) {
  const key = path.join(publicDir, file);
  if (!importCache.has(key)) {
    const text = readFileSync(key, "utf8");
    const resolve = (spec) => (spec.startsWith(".") ? path.posix.join(path.posix.dirname(file), spec) : spec);
    const dynamic = [...text.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)].map((m) => resolve(m[1]));
    const statics = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)].map((m) => resolve(m[1]));
    importCache.set(key, { statics, dynamic });
  }
  return importCache.get(key);
}

/**
 * What route `id`'s scripts may load after the first visit's files, with `import()`: the
 * modules loaded after hydration (the forms' schemas and zod, the session warning) and on
 * demand (the activity tracker's flow), each with the chunks it imports that the page does
 * not have yet (docs/decisions/0043). `loaded`: files already there (default: the first visit's).
 */
export function laterFiles(manifest, id, publicDir = "public", loaded = new Set(firstVisitFiles(manifest, id))) {
  const later = new Set();
  const pending = [...loaded];
  const add = (file) => {
    if (loaded.has(file) || later.has(file)) return;
    later.add(file);
    pending.push(file);
    for (const dependency of importsOf(publicDir, file).statics) add(dependency);
  };
  while (pending.length) for (const target of importsOf(publicDir, pending.pop()).dynamic) add(target);
  return [...later];
}

/** The scripts a page's HTML makes the browser load (module preloads and script tags). */
export function scriptsOf(html) {
  return [...new Set([...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]))];
}

/** A library name for a source path in a source map. */
function libraryOf(source) {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const app = source.match(/(?:^|\/)app\/(.*)$/);
  if (app) return `app/${app[1].split("/").slice(0, app[1].startsWith("routes/") ? 2 : 1).join("/")}`;
  return source.replace(/^.*\.\.\//, "");
}

/**
 * Builds the browser bundle once more with source maps in a scratch copy (public/build stays
 * as it is) and splits each file's gzip bytes over the libraries its code comes from, in
 * proportion to their share of the minified bytes.
 */
export function libraryBreakdown() {
  const dir = mkdtempSync(path.join(tmpdir(), "elukaitse-bench-js-"));
  for (const entry of ["app", "remix.config.js", "package.json", "tsconfig.json", "remix.env.d.ts"]) {
    if (existsSync(entry)) cpSync(entry, path.join(dir, entry), { recursive: true });
  }
  symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
  const built = spawnSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build", "--sourcemap"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`source-mapped build failed: ${built.stderr}`);
  const publicDir = path.join(dir, "public");
  const manifest = readManifest(publicDir);
  const perFile = new Map();
  const librariesOf = (file) => {
    if (perFile.has(file)) return perFile.get(file);
    const code = readFileSync(path.join(publicDir, file), "utf8").replace(/\n\/\/# sourceMappingURL=.*$/, "");
    const lines = code.split("\n");
    const bytes = new Map();
    const mapFile = path.join(publicDir, `${file}.map`);
    if (existsSync(mapFile)) {
      const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8")));
      let previous = null;
      const close = (line, column) => {
        if (!previous) return;
        const length = previous.line === line ? column - previous.column : lines[previous.line - 1].length - previous.column;
        bytes.set(previous.library, (bytes.get(previous.library) ?? 0) + Math.max(0, length));
      };
      consumer.eachMapping((m) => {
        close(m.generatedLine, m.generatedColumn);
        previous = { line: m.generatedLine, column: m.generatedColumn, library: m.source ? libraryOf(m.source) : "(unmapped)" };
      });
      if (previous) close(previous.line + 1, 0);
    }
    const mapped = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
    const gzip = gzipBytes(publicDir, file);
    const shares = Object.fromEntries([...bytes].map(([library, n]) => [library, (gzip * n) / mapped]));
    if (!bytes.size) shares["(no map)"] = gzip;
    perFile.set(file, { gzip, shares });
    return perFile.get(file);
  };
  const pages = {};
  for (const id of Object.keys(manifest.routes)) {
    const files = firstVisitFiles(manifest, id);
    const libraries = new Map();
    const chunks = [];
    for (const file of files) {
      const { gzip, shares } = librariesOf(file);
      const main = Object.entries(shares).sort((a, b) => b[1] - a[1]);
      chunks.push({ file: file.replace(/-[A-Z0-9]{8}\.js$/, ".js"), gzipKB: kb(gzip), mostly: main.slice(0, 3).map(([l, b]) => `${l} ${kb(b)}`).join(", ") });
      for (const [library, b] of Object.entries(shares)) libraries.set(library, (libraries.get(library) ?? 0) + b);
    }
    pages[id] = {
      totalKB: kb(files.reduce((sum, f) => sum + librariesOf(f).gzip, 0)),
      libraries: Object.fromEntries([...libraries].sort((a, b) => b[1] - a[1]).map(([l, b]) => [l, kb(b)])),
      chunks,
    };
  }
  rmSync(dir, { recursive: true, force: true });
  return pages;
}
