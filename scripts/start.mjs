// `npm start`: builds when the build is missing or older than the sources, then serves: the
// demo when NODE_ENV is unset, otherwise what the shell says (scripts/start/environment.mjs).
import { spawn, spawnSync } from "node:child_process";
import { constants } from "node:os";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { startEnvironment } from "./start/environment.mjs";

const SOURCES = ["app", "server.ts", "remix.config.js", "package.json", "public"];
const OUTPUTS = ["build/server.js", "build/pdf-worker.js", "build/remix/index.js"];

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

// Unset NODE_ENV: the one-command demo (README.md "Start it"); a NODE_ENV the shell sets is
// taken as it is, so `NODE_ENV=production npm start` is a real deployment (docs/decisions/0100).
const env = startEnvironment(process.env);
const server = spawn(process.execPath, ["--enable-source-maps", "build/server.js"], { stdio: "inherit", env });
// A stop sent to this process (a container's or a supervisor's SIGTERM to `npm start`) is the
// server's: passed on, and this process ends when the server has, with its exit code. Ended at
// once, it left the server running without it, or killed it mid-request with the container.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
