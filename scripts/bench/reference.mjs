// The bare Remix page every page is measured against (issue 25): bench/reference, a Remix v2
// app with the app's React, Remix, Express and compression and a form from a loader (as many
// fields as the page it is compared with), and the page's own markup as plain elements
// (`/markup?page=N`), built with the same compiler and served beside the app in the same run;
// its browser files served as the app's are (brotli and gzip copies made at build time).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { asker, cpuSecondsOf, PRELOAD } from "./server.mjs";

const DIR = path.resolve("bench/reference");

/** Whether bench/reference is built (by this run's build or an earlier one's). */
export const referenceBuilt = () => existsSync(path.join(DIR, "build/index.js"));

/** Builds bench/reference into bench/reference/build (ignored by git). */
export function buildReference() {
  const built = spawnSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build", DIR], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) throw new Error(`the reference page did not build (${built.status})`);
  // Its browser files compressed as the app's are, for the Slow 3G rows (scripts/bench/slow3g.mjs).
  const compressed = spawnSync(process.execPath, [path.resolve("scripts/compress-assets.mjs"), path.join(DIR, "build/public/build")], { stdio: ["ignore", "ignore", "inherit"] });
  if (compressed.status !== 0) throw new Error(`the reference page's files were not compressed (${compressed.status})`);
}

/**
 * Starts the reference page's server (one process, production mode) on `port`, with the
 * bench's preload (for its CPU profile, as the app's); `/markup?page=N` renders
 * `markupDir`/N.html.
 */
export async function startReference(port, markupDir) {
  const child = spawn(process.execPath, ["--import", PRELOAD, path.join(DIR, "server.mjs")], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), REFERENCE_MARKUP_DIR: markupDir },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`the reference page's server exited with ${code}`)));
  });
  const ask = asker(child);
  return {
    base: `http://127.0.0.1:${port}`,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    profileStart: () => ask("profile-start"),
    profileStop: (file) => ask("profile-stop", { file }),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A page's form size as the reference counts it: the controls a customer can use in its
 * `<main>` (inputs other than hidden ones, selects, text areas, buttons), less the one submit
 * button the reference has too. At least one field.
 */
export function formFieldsOf(html) {
  const main = /<main[\s>][\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  const controls = (main.match(/<(input|select|textarea|button)\b[^>]*>/g) ?? []).filter((tag) => !/^<input\b[^>]*\btype="hidden"/.test(tag));
  return Math.max(1, controls.length - 1);
}

/**
 * What a page's `<body>` holds before Remix's scripts (the module preloads, the context and
 * the stream of its data): the markup its components rendered, for `/markup?page=N`.
 */
export function bodyMarkupOf(html) {
  const body = html.slice(html.indexOf(">", html.indexOf("<body")) + 1);
  const scripts = body.search(/<link rel="modulepreload"|<script\b/);
  return scripts === -1 ? body.replace(/<\/body>[\s\S]*$/, "") : body.slice(0, scripts);
}
