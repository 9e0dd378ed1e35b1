// `npm start`: builds when the build is missing or older than the sources, then serves the demo.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "server.ts", "remix.config.js", "package.json", "public"];
const OUTPUTS = ["build/server.js", "build/remix/index.js"];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  if (entry === path.join("public", "build")) return 0;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

const built = Math.min(...OUTPUTS.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)));
if (built === 0 || SOURCES.some((s) => newest(s) > built)) {
  console.log("building…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The one-command demo: a production server (no error details on pages) with the demo parts
// asked for explicitly (README.md "Production"). Either can be overridden from the shell.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", DEMO: process.env.DEMO ?? "true" };
const server = spawnSync(process.execPath, ["--enable-source-maps", "build/server.js"], { stdio: "inherit", env });
process.exit(server.status ?? 0);
