/**
 * The production build started as a child process (tests that need whole servers: several
 * processes, several instances). Built here when missing.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_HEALTH_DATA_KEY } from "./keys";

function ensureBuilt(): void {
  if (existsSync("build/server.js") && existsSync("build/remix/index.js")) return;
  // A production build: under vitest NODE_ENV is "test", which would build React's dev JSX.
  const built = spawnSync("npm", ["run", "build"], { stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } });
  if (built.status !== 0) throw new Error("npm run build failed");
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface BuiltServer {
  base: string;
  child: ChildProcess;
}

/**
 * `node build/server.js` in production with the demo, on a free port, its own data folder
 * (removed when it exits) and the test keys; `env` adds to or overrides that. Resolves once
 * /healthz answers.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  onSpawn?: (child: ChildProcess) => void,
  /** Each piece of its standard output (the JSON log); without it the output is dropped. */
  onOutput?: (text: string) => void,
): Promise<BuiltServer> {
  ensureBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "elukaitse-server-"));
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO: "true",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SESSION_SECRET: "built-server-secret-0123456789abcdef0123",
      HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY,
      ...env,
    },
    stdio: ["ignore", onOutput ? "pipe" : "ignore", "inherit"],
  });
  child.stdout?.on("data", (chunk: Buffer) => onOutput?.(chunk.toString()));
  // The data folder goes with the server (listeners run in order: before stopChild resolves).
  child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  onSpawn?.(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { base, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not start");
}

/** SIGTERM, resolved once the process has exited. */
export const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
