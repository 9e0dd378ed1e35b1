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

// E2E_SIGNING=dokobit: the server signs through the fake Dokobit gateway, a process of its own
// started first (tests/e2e/dokobit-gateway-server.ts), for the Dokobit specs (playwright.config.ts).
const DOKOBIT_ACCESS_TOKEN = "e2e-dokobit-gateway-access-token";
let gateway = null;
let signing = {};
if (process.env.E2E_SIGNING === "dokobit") {
  gateway = spawn(path.resolve("node_modules/.bin/tsx"), ["tests/e2e/dokobit-gateway-server.ts"], {
    env: { ...process.env, DOKOBIT_GATEWAY_ACCESS_TOKEN: DOKOBIT_ACCESS_TOKEN },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolve, reject) => {
    gateway.stdout.once("data", (chunk) => resolve(String(chunk).split("\n")[0].trim()));
    gateway.once("exit", () => reject(new Error("the fake Dokobit gateway did not start")));
  });
  signing = { SIGNING_PROVIDER: "dokobit", DOKOBIT_GATEWAY_URL: url, DOKOBIT_GATEWAY_ACCESS_TOKEN: DOKOBIT_ACCESS_TOKEN };
}
const server = spawn(process.execPath, ["build/server.js"], { env: { ...process.env, ...signing, DATA_DIR: dataDir }, stdio: "inherit" });

// The signal reaches the server too (same process group); this process only waits for it.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => {});

server.on("exit", (code, signal) => {
  gateway?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
