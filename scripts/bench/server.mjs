// Starting and stopping the benchmarked production server, and reading its CPU time.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BENCH_HEALTH_KEY } from "./util.mjs";

const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-00";

/**
 * Starts `node build/server.js` in production mode on `port`: with `databaseUrl` on that
 * PostgreSQL (and `workers` processes), else on a fresh embedded database in `dataDir`. Without
 * `dataDir` the server gets a folder of its own, removed when it is stopped.
 */
export async function startServer({ port, databaseUrl, dataDir, workers }) {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), "elukaitse-bench-"));
  const child = spawn(process.execPath, ["--import", PRELOAD, "build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO: "true",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl ?? "",
      WORKERS: workers ? String(workers) : "",
      SESSION_SECRET: BENCH_SECRET,
      HEALTH_DATA_KEY: BENCH_HEALTH_KEY,
      // As in production: a JSON line per request (to stdout, ignored here) and the metrics.
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ask = asker(child);
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    // A fresh embedded database is initialised on the first start: minutes on a busy machine.
    if (i > 900) {
      child.kill("SIGTERM");
      throw new Error("the server did not start in 3 minutes");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // With several workers /healthz answers once the first one listens: wait for all of them.
  if (workers > 1) {
    for (let i = 0; processTree(child.pid).length < workers + 1 && i < 300; i++) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    base,
    dataDir: dir,
    processes: workers > 1 ? workers : 1,
    pid: child.pid,
    /** CPU seconds (user + system) of the server and its worker processes so far. */
    cpuSeconds: () => processTree(child.pid).reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    /** SQL statements the (first) server process has sent so far. */
    queries: async () => (await ask("queries")).queries,
    sqlLog: (on) => ask("sql-log", { on }),
    profileStart: () => ask("profile-start"),
    profileStop: (file) => ask("profile-stop", { file }),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The path of the preload that answers the bench's questions in a server it starts. */
export const PRELOAD = path.resolve("scripts/bench/preload.mjs");

/** Questions to scripts/bench/preload.mjs in `child` (a server's first process only). */
export function asker(child) {
  let asked = 0;
  const replies = new Map();
  child.on("message", (message) => replies.get(message?.id)?.(message));
  return (cmd, extra = {}) =>
    new Promise((resolve, reject) => {
      const id = ++asked;
      replies.set(id, (message) => {
        replies.delete(id);
        if (message.error) reject(new Error(message.error));
        else resolve(message);
      });
      child.send({ id, cmd, ...extra });
    });
}

/** CPU seconds one process has used, from /proc (NaN once it is gone). */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** `pid` and its child processes (the cluster's workers). */
function processTree(pid) {
  const pids = [pid];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      if (parent === pid) pids.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return pids;
}
