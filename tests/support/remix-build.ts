/**
 * The Remix server build, for integration tests that go through the whole Express stack
 * (pages and their actions included), and the server's bundle, for those that start whole
 * servers. Built by the integration run's global setup when missing or older than the
 * sources, as `npm start` does.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";

const BUILD = path.resolve("build/remix/index.js");
const SOURCES = ["app", "remix.config.js", "package.json"];
/** The server's bundle (scripts/build-server.mjs), which tests that start whole servers run. */
const SERVER_BUNDLE = path.resolve("build/server.js");
const SERVER_SOURCES = ["app", "server.ts", "package.json"];

function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

/** Whether `file` is missing or older than one of `sources`. */
function outdated(file: string, sources: string[]): boolean {
  const built = existsSync(file) ? statSync(file).mtimeMs : 0;
  return built === 0 || !sources.every((s) => newest(s) <= built);
}

export function ensureRemixBuild(): void {
  if (outdated(BUILD, SOURCES)) {
    // A production build, as `npm run build` makes it (vitest sets NODE_ENV=test).
    const result = spawnSync("npx", ["remix", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (result.status !== 0) throw new Error("remix build failed");
  }
  // Made here, before any test runs, not by a test that starts a server while others read the build.
  if (outdated(SERVER_BUNDLE, SERVER_SOURCES)) {
    const bundled = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
    if (bundled.status !== 0) throw new Error("scripts/build-server.mjs failed");
  }
  // The browser files' compressed copies, as `npm run build` writes them (only those missing).
  const compressed = spawnSync(process.execPath, ["scripts/compress-assets.mjs"], { stdio: "ignore" });
  if (compressed.status !== 0) throw new Error("scripts/compress-assets.mjs failed");
}

let loaded: Promise<ServerBuild> | undefined;
export function remixBuild(): Promise<ServerBuild> {
  // React, react-dom and react-router pick their development or production bundle by
  // NODE_ENV when first loaded: the pages are measured as production serves them (the
  // development bundles render several times slower), and nothing else in a test file reads it.
  process.env.NODE_ENV = "production";
  return (loaded ??= import(/* @vite-ignore */ pathToFileURL(BUILD).href) as Promise<ServerBuild>);
}
