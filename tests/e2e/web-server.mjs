// The end-to-end run's server (playwright.config.ts `webServer`): `node build/server.js` on a
// data folder of its own, made here and removed once the server has exited, so that a run
// leaves no database behind in the system's temporary folder. Playwright ends the run with
// SIGTERM to the whole process group (`gracefulShutdown`): the server shuts down as in
// production; this process waits for it, removes the folder and exits with the server's code.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "elukaitse-e2e-"));
const server = spawn(process.execPath, ["build/server.js"], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "inherit" });

// The signal reaches the server too (same process group); this process only waits for it.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => {});

server.on("exit", (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
