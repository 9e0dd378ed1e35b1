/**
 * The embedded database is opened by one process at a time (docs/decisions/0265): `npm run ops`
 * without the server's token once opened the folder of a running server, reported an
 * underwriting decision done that the server never saw, and wrote beside it.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startBuiltServer, stopChild } from "../support/built-server";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { runOps } from "../support/ops-command";

const dataDir = mkdtempSync(path.join(tmpdir(), "elukaitse-lock-"));
const env = {
  NODE_ENV: "production",
  DEMO: "true",
  DATA_DIR: dataDir,
  SESSION_SECRET: "built-server-secret-0123456789abcdef0123",
  HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY,
};
const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(children.map(stopChild));
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run ops -- <args>` on the folder itself (no OPS_TOKEN: nothing goes through a server). */
const ops = (...args: string[]) => runOps(args, env);

const opsList = () => ops("euw", "list", "--reason", "Weekly underwriting review");

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

describe("the embedded database's folder, held by its server", () => {
  it("refuses npm run ops while the server runs, then serves it after a kill -9, and the server starts again", async () => {
    const server = await startBuiltServer(env, (child) => children.push(child));
    const lockFile = path.join(dataDir, "pglite.lock");
    expect(existsSync(lockFile)).toBe(true);

    const refused = await opsList();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is open in process ${server.child.pid}`);
    expect(refused.stdout).toBe("");
    expect((await fetch(`${server.base}/healthz`)).ok).toBe(true);

    // A server killed leaves its file behind; its process is gone, so the file is taken over.
    await killed(server.child);
    expect(existsSync(lockFile)).toBe(true);
    const listed = await opsList();
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([]);
    // Closed, the command gave the folder back.
    expect(existsSync(lockFile)).toBe(false);
    // Which keys seal what (counts only: no reason asked): the demo's one key, in use.
    const keys = await ops("keys");
    expect(keys.code, keys.stderr).toBe(0);
    expect(JSON.parse(keys.stdout)).toEqual([expect.objectContaining({ id: "legacy", inRing: true, sealsNewValues: true, values: expect.any(Number) })]);
    expect(JSON.parse(keys.stdout)[0].values).toBeGreaterThan(0);

    const again = await startBuiltServer(env, (child) => children.push(child));
    expect((await fetch(`${again.base}/healthz`)).ok).toBe(true);
  }, 240_000);
});
