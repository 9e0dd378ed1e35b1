/**
 * The Remix server build, for integration tests that go through the whole Express stack
 * (pages and their actions included). Built by the integration run's global setup when it
 * is missing or older than the sources, as `npm start` does.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";

const BUILD = path.resolve("build/remix/index.js");
const SOURCES = ["app", "remix.config.js", "package.json"];

function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

export function ensureRemixBuild(): void {
  const built = existsSync(BUILD) ? statSync(BUILD).mtimeMs : 0;
  if (built === 0 || !SOURCES.every((s) => newest(s) <= built)) {
    // A production build, as `npm run build` makes it (vitest sets NODE_ENV=test).
    const result = spawnSync("npx", ["remix", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (result.status !== 0) throw new Error("remix build failed");
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
