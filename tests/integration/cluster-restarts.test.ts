/**
 * A server with several processes (WORKERS=2, app/http/cluster.server.ts) replaces a process
 * that ends, waiting longer each time they keep ending, and stops with a line of its own.
 * Before: a process that ended was forked again at once, whatever happened before (one failing
 * on every request looped, taking the cores), and a stop wrote nothing from the primary and
 * exited 0 after 10 s whether or not its processes had stopped. Needs PostgreSQL
 * (TEST_DATABASE_URL: PGlite runs one process) and the production build.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, stopChild } from "../support/built-server";
import { privatePgDatabaseUrl } from "../support/database";

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("cluster-restarts.test.ts skipped: set TEST_DATABASE_URL to run a server with two processes");

/** The processes whose parent is `pid` (the cluster's workers). */
const childrenOf = (pid: number) =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // /proc/<pid>/stat: "pid (name) state ppid ..."; the name may hold spaces, the last ")" ends it.
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);

type Line = { event?: string; workerPid?: number; restartInMs?: number; workers?: number; time?: string };

describe.skipIf(!pgUrl)("a server with WORKERS=2", () => {
  let child: ChildProcess | undefined;
  let database: Awaited<ReturnType<typeof privatePgDatabaseUrl>> | undefined;
  let base = "";
  let output = "";
  const lines = (): Line[] =>
    output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Line);

  beforeAll(async () => {
    database = await privatePgDatabaseUrl();
    const server = await startBuiltServer(
      { DATABASE_URL: database.url, WORKERS: "2", LOG_LEVEL: "info" },
      (spawned) => (child = spawned),
      (text) => (output += text),
    );
    base = server.base;
  }, 120_000);

  afterAll(async () => {
    if (child) await stopChild(child);
    await database?.close();
  });

  /** Waits for the log line, up to `ms`. */
  const lineOf = async (matches: (line: Line) => boolean, ms = 15_000) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const line = lines().find(matches);
      if (line) return line;
    }
    throw new Error(`no such line in:\n${output}`);
  };
  const startedLines = () => lines().filter((line) => line.event === "worker_started");
  /** Kills a serving process as a crash would; the line saying so, and the line of its replacement serving. */
  const crash = async (pid: number) => {
    const startedBefore = startedLines().length;
    process.kill(pid, "SIGKILL");
    const ended = await lineOf((line) => line.event === "worker_ended" && line.workerPid === pid);
    await lineOf(() => startedLines().length > startedBefore);
    return { ended, started: startedLines()[startedBefore] };
  };

  it("replaces a process that ends, waiting longer while they keep ending, and keeps answering", async () => {
    // /healthz answers once one process serves; a process killed before it served stops the whole server.
    await lineOf((line) => line.event === "listening");
    const [first, second] = childrenOf(child!.pid!);
    expect(second).toBeDefined();

    const one = await crash(first);
    expect(one.ended.restartInMs).toBe(0);
    expect((await fetch(`${base}/readyz`, { headers: { Connection: "close" } })).status).toBe(200);

    const two = await crash(second);
    expect(two.ended.restartInMs).toBe(1_000);
    expect(Date.parse(two.started.time!) - Date.parse(two.ended.time!)).toBeGreaterThanOrEqual(1_000);
    expect((await fetch(`${base}/readyz`, { headers: { Connection: "close" } })).status).toBe(200);

    const three = await crash(one.started.workerPid!);
    expect(three.ended.restartInMs).toBe(2_000);
    expect(Date.parse(three.started.time!) - Date.parse(three.ended.time!)).toBeGreaterThanOrEqual(2_000);
    for (let i = 0; i < 4; i++) expect((await fetch(`${base}/readyz`, { headers: { Connection: "close" } })).status).toBe(200);
    expect(childrenOf(child!.pid!)).toHaveLength(2);
  }, 60_000);

  it("stops with a line from the primary once every process has stopped, exit 0", async () => {
    expect(child!.exitCode).toBeNull();
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child!.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(lines().find((line) => line.event === "stopping" && line.workers === 2)).toBeDefined();
    expect(lines().at(-1)?.event).toBe("stopped");
  }, 40_000);
});
