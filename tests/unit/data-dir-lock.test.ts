import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUse, DataDirUnwritable, lockDataDir } from "~/core/db/data-dir-lock";

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "elukaitse-lock-"));
  dirs.push(dir);
  return path.join(dir, "pglite");
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A process that sleeps until killed, and its id. */
function sleeper() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  return { pid: child.pid!, stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGKILL")))) };
}

/** When process `pid` started, as the lock file records it (Linux). */
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};

describe("the embedded database's folder lock", () => {
  it("names the folder that cannot be made, and the setting, rather than Node's words", () => {
    const file = path.join(path.dirname(folder()), "a-file");
    writeFileSync(file, "");
    for (const [dir, code] of [
      [path.join(file, "pglite"), "EEXIST"],
      [path.join(file, "data", "pglite"), "ENOTDIR"],
    ]) {
      const refused = (() => {
        try {
          lockDataDir(dir);
        } catch (error) {
          return error;
        }
      })();
      expect(refused).toBeInstanceOf(DataDirUnwritable);
      expect((refused as Error).message).toBe(
        `the embedded database's folder ${path.dirname(dir)} cannot be written (${code}): set DATA_DIR to a folder this user may create and write, on a disk with room (docs/operations.md)`,
      );
    }
  });

  it("is a file beside the folder with this process's id, gone when released", () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8").split(" ")[0]).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses a second open in the same process", () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    release();
  });

  it("refuses a folder another running process holds, naming it and what to do", async () => {
    const dir = folder();
    const other = sleeper();
    try {
      writeFileSync(`${dir}.lock`, `${other.pid} ${startOf(other.pid)}\n`);
      let refused: unknown;
      try {
        lockDataDir(dir);
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(DataDirInUse);
      expect((refused as Error).message).toContain(`is open in process ${other.pid}`);
      expect((refused as Error).message).toContain("OPS_TOKEN");
      // Never taken from a living holder, however old its file.
      expect(readFileSync(`${dir}.lock`, "utf8")).toContain(String(other.pid));
    } finally {
      await other.stop();
    }
  });

  it("takes over the file of a process that is gone (kill -9, a crash)", async () => {
    const dir = folder();
    const other = sleeper();
    writeFileSync(`${dir}.lock`, `${other.pid} ${startOf(other.pid)}\n`);
    await other.stop();
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8").split(" ")[0]).toBe(String(process.pid));
    release();
  });

  it("takes over the file of a process id now used by another process (it started later)", async () => {
    const dir = folder();
    const other = sleeper();
    try {
      writeFileSync(`${dir}.lock`, `${other.pid} 1\n`);
      lockDataDir(dir)();
    } finally {
      await other.stop();
    }
  });

  it("takes over its own id from an earlier life (a container's restart gives the same id)", () => {
    const dir = folder();
    writeFileSync(`${dir}.lock`, `${process.pid} 1\n`);
    lockDataDir(dir)();
  });

  it("takes over a lock copied with its folder, though the process holding the original still runs (a copy of a running server's data)", async () => {
    const original = folder();
    const copy = folder();
    // Another process holds the original folder, as a running server does.
    const holder = spawn(
      process.execPath,
      ["--import", "tsx", "-e", `import("${path.resolve("app/core/db/data-dir-lock.ts")}").then((m) => { m.lockDataDir(${JSON.stringify(original)}); console.log("locked"); setTimeout(() => {}, 60000); })`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
        holder.once("exit", (code) => reject(new Error(`the holder exited with ${code}`)));
      });
      // The folder copied whole while its server runs (cp -a, a snapshot restored beside it): its lock comes along.
      copyFileSync(`${original}.lock`, `${copy}.lock`);
      const release = lockDataDir(copy);
      expect(readFileSync(`${copy}.lock`, "utf8").split(" ")[0]).toBe(String(process.pid));
      release();
      // The original stays the running process's.
      expect(() => lockDataDir(original)).toThrow(DataDirInUse);
    } finally {
      await new Promise<void>((resolve) => (holder.exitCode !== null ? resolve() : (holder.once("exit", () => resolve()), holder.kill("SIGKILL"))));
    }
  }, 20_000);
});
