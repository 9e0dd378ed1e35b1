/**
 * A server stopped as an operator stops it (SIGTERM from a supervisor or a container, Ctrl-C's
 * SIGINT) while a customer's request is under way, and started again on the same embedded
 * database: the request under way is answered, new connections are refused, the process ends
 * within its bound with code 0 and says so in its JSON log, and what was saved is there after
 * the restart. Also through `npm start`'s script, which must pass the stop on, and a port
 * already taken. Timed (docs/decisions/0249): it starts servers of its own and measures them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { STOP_GRACE_MS } from "~/http/http-server.server";
import { startBuiltServer, stopChild, type BuiltServer } from "../support/built-server";
import { freshPersonalCode } from "../support/personal-codes";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { REGISTRATION } from "../support/walk";

const dataDir = mkdtempSync(path.join(tmpdir(), "elukaitse-stopping-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });

/** A signed-in session's cookie header (the demo e-ID). */
async function signIn(base: string, personalCode: string): Promise<string> {
  const headers = { Origin: base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" };
  const init = await fetch(`${base}/api/auth/init`, { method: "POST", headers, body: "{}" });
  const signInCookie = init.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const done = await fetch(`${base}/api/auth/complete`, {
    method: "POST",
    headers: { ...headers, Cookie: signInCookie },
    body: JSON.stringify({ returnToken: `smart-id:${personalCode}` }),
  });
  expect(done.status).toBe(200);
  return done.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.startsWith("session="))
    .join("; ");
}

/**
 * A POST whose body arrives a piece at a time over `ms` (a slow mobile upload), on a raw
 * connection: resolves with the answer's status line and whether the connection closed after it.
 */
function slowPost(base: string, target: string, cookie: string, body: string, ms: number): Promise<{ statusLine: string; closed: boolean }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ statusLine: answer.split("\r\n")[0] ?? "", closed: true }));
    socket.write(
      [
        `POST ${target} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        `Origin: ${base}`,
        "Sec-Fetch-Site: same-origin",
        "Content-Type: application/json",
        `Cookie: ${cookie}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Connection: keep-alive",
        "",
        "",
      ].join("\r\n"),
    );
    const pieces = 10;
    const size = Math.ceil(body.length / pieces);
    for (let i = 0; i < pieces; i++) setTimeout(() => socket.write(body.slice(i * size, (i + 1) * size)), ((i + 1) * ms) / pieces);
  });
}

const refused = (base: string) =>
  fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    () => false,
    () => true,
  );


describe("a server stopped while a customer's request is under way", () => {
  let server: BuiltServer | undefined;
  afterAll(async () => {
    if (server) await stopChild(server.child);
  });

  it("SIGTERM, then SIGINT: the request is answered, new connections refused, exit 0 within the bound, the save kept after a restart", async () => {
    const lines: string[] = [];
    server = await startBuiltServer({ DATA_DIR: dataDir }, undefined, (text) => lines.push(...text.split("\n").filter(Boolean)));
    const personalCode = freshPersonalCode({ age: 35 });
    const cookie = await signIn(server.base, personalCode);
    const email = "stopped-while-saving@example.ee";

    // The body takes 4 s to arrive; the stop comes 1 s into it, then a second one (a terminal's
    // Ctrl-C reaches npm start's process and this one alike), which changes nothing.
    const answered = slowPost(server.base, "/api/onboarding/registration", cookie, JSON.stringify({ ...REGISTRATION, email }), 4_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stopped = exited(server.child);
    const started = Date.now();
    server.child.kill("SIGTERM");
    server.child.kill("SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await refused(server.base)).toBe(true);

    const answer = await answered;
    expect(answer.statusLine).toBe("HTTP/1.1 200 OK");
    expect(answer.closed).toBe(true);
    const { code } = await stopped;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(STOP_GRACE_MS);
    // Every line JSON; the stop said in it, start and end.
    const events = lines.map((line) => (JSON.parse(line) as { event?: string }).event);
    expect(events).toContain("stopping");
    expect(events.at(-1)).toBe("stopped");
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    // Started again on the same folder: the save made during the stop is there.
    server = await startBuiltServer({ DATA_DIR: dataDir });
    const again = await signIn(server.base, personalCode);
    const saved = await fetch(`${server.base}/api/onboarding/registration`, { headers: { Cookie: again } });
    expect(((await saved.json()) as { email?: string }).email).toBe(email);
    await stopChild(server.child);
    server = undefined;
  }, 240_000);

  it("a request that does not finish is cut after the bound, and the database is still closed, said in the log", async () => {
    const lines: string[] = [];
    server = await startBuiltServer({ DATA_DIR: dataDir }, undefined, (text) => lines.push(...text.split("\n").filter(Boolean)));
    const cookie = await signIn(server.base, freshPersonalCode({ age: 40 }));
    // A body that would take 30 s (the app cuts it at 10 s: longer than the stop's bound).
    void slowPost(server.base, "/api/onboarding/registration", cookie, JSON.stringify(REGISTRATION), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopped = exited(server.child);
    const started = Date.now();
    server.child.kill("SIGTERM");
    expect((await stopped).code).toBe(0);
    expect(Date.now() - started).toBeLessThan(STOP_GRACE_MS + 2_000);
    const events = lines.map((line) => JSON.parse(line) as { event?: string; requests?: number });
    expect(events.find((line) => line.event === "stop_cut_requests")?.requests).toBe(1);
    expect(events.at(-1)?.event).toBe("stopped");
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    server = undefined;
  }, 120_000);
});

describe("npm start's script", () => {
  it("passes a SIGTERM on to the server and ends with it, leaving no server behind", async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const folder = mkdtempSync(path.join(tmpdir(), "elukaitse-start-"));
    const lines: string[] = [];
    // NODE_ENV unset: the one-command demo (scripts/start/environment.mjs).
    const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: folder };
    delete env.NODE_ENV;
    delete env.DEMO;
    const start = spawn(process.execPath, ["scripts/start.mjs"], {
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "inherit"],
    });
    start.stdout!.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
    try {
      let up = false;
      for (let i = 0; i < 600 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
        if (!up) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(up).toBe(true);
      const listening = lines.map((line) => JSON.parse(line) as { event?: string; pid: number }).find((line) => line.event === "listening")!;
      const stopped = exited(start);
      start.kill("SIGTERM");
      expect((await stopped).code).toBe(0);
      // The server has ended too: its process is gone, its port refused.
      expect(() => process.kill(listening.pid, 0)).toThrow();
      expect(await refused(`http://127.0.0.1:${port}`)).toBe(true);
    } finally {
      start.kill("SIGKILL");
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});

/** The production build started with `env` (beside the demo's), to its end: its exit code and everything it wrote. */
async function failedStart(env: Record<string, string>): Promise<{ code: number | null; output: string; errors: { event?: string; msg: string }[] }> {
  const output: string[] = [];
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", DEMO: "true", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  try {
    const { code } = await exited(child);
    const text = output.join("");
    // With a log: every line JSON, no stack trace.
    const lines = env.LOG_LEVEL ? text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { event?: string; msg: string; level: string }) : [];
    return { code, output: text, errors: lines.filter((line) => line.level === "error") };
  } finally {
    child.kill("SIGKILL");
  }
}

describe("a port already taken", () => {
  it("ends the start with one JSON line saying what to do, and exit 1", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as net.AddressInfo).port;
    const folder = mkdtempSync(path.join(tmpdir(), "elukaitse-port-"));
    try {
      const { code, errors } = await failedStart({ PORT: String(port), DATA_DIR: folder, LOG_LEVEL: "info" });
      expect(code).toBe(1);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ event: "listen_failed" });
      expect(errors[0].msg).toContain(`port ${port} is already in use`);
      expect(errors[0].msg).toContain("set PORT");
      expect(existsSync(path.join(folder, "pglite.lock"))).toBe(false);
    } finally {
      holder.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("an embedded database's folder that cannot be written", () => {
  let folder = "";
  /** A file where the data folder's parent should be: the folder cannot be made (ENOTDIR). */
  let dataDir = "";
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), "elukaitse-unwritable-"));
    writeFileSync(path.join(folder, "a-file"), "");
    dataDir = path.join(folder, "a-file", "data");
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("ends the start with one JSON line naming the folder and the setting, and exit 1", async () => {
    // Secrets given: nothing is generated into the folder, the database is the first to need it.
    const { code, errors } = await failedStart({
      PORT: "65000",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      SESSION_SECRET: "built-server-secret-0123456789abcdef0123",
      HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY,
    });
    expect(code).toBe(1);
    // It was one line of plain text, "failed to start: ENOTDIR: not a directory, mkdir …".
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ event: "start_failed" });
    expect(errors[0].msg).toBe(
      `failed to start: the embedded database's folder ${dataDir} cannot be written (ENOTDIR): set DATA_DIR to a folder this user may create and write, on a disk with room (docs/operations.md)`,
    );
  }, 60_000);

  it("is said as a setting refused when the demo's secrets are to be kept there", async () => {
    const { code, output } = await failedStart({ PORT: "65000", DATA_DIR: dataDir });
    expect(code).toBe(1);
    // It said "failed to start: ENOTDIR: not a directory, mkdir …", naming no setting.
    expect(output).toBe(
      `Invalid configuration:\n  - DATA_DIR ${dataDir} cannot be written (ENOTDIR): set it to a folder this user may create and write, on a disk with room\n`,
    );
  }, 60_000);
});
