/**
 * One process at a time on an embedded database's folder (docs/decisions/0265). PGlite takes no
 * lock of its own: a second process opening the folder (`npm run ops` without the server's
 * token, a second server) writes beside the first, and what one of them wrote is lost or the
 * folder cannot be opened again. So whoever opens it holds `<folder>.lock`, a file beside it
 * with its process id and that process's start time, created exclusively (linked whole into
 * place), removed on close and at exit. A file whose process is gone (kill -9, a crash, a
 * reboot) is taken over, under a guard so two openers never both take it; one whose process
 * lives is never taken: the open fails and says who holds it. The file also names itself (its
 * inode): one copied with the folder while its server ran (`cp -a`, a snapshot restored beside
 * the original) is another file, which no process holds, and is taken over too; it refused the
 * copy, naming the running server of the original.
 */
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirInUse extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database ${path.dirname(lockFile)}${path.sep}${path.basename(lockFile, ".lock")} is open in process ${pid}: ` +
        `one process at a time may open it. Stop that process, or, for npm run ops beside a running server, give both the same OPS_TOKEN (or OPS_TOKENS) ` +
        `so the command goes through the server (docs/operations.md). If no process ${pid} is running, delete ${lockFile}.`,
    );
    this.name = "DataDirInUse";
  }
}

/** The folder the embedded database's lock goes in cannot be made or written (a read-only disk, a file in its place, another user's folder, a full disk). */
export class DataDirUnwritable extends Error {
  constructor(
    readonly folder: string,
    readonly code: string,
  ) {
    super(
      `the embedded database's folder ${folder} cannot be written (${code}): set DATA_DIR to a folder this user may create and write, ` +
        `on a disk with room (docs/operations.md)`,
    );
    this.name = "DataDirUnwritable";
  }
}

interface Holder {
  pid: number;
  /** The process's start, in clock ticks since boot (Linux); null where it cannot be read. */
  started: string | null;
  /** The lock file's inode when its holder made it; null in a file an earlier release wrote. */
  inode?: string | null;
}

/** When process `pid` started (field 22 of /proc/<pid>/stat), or null. */
function startOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // A process id is used again after its process ends (a container's restart gives the same
  // small numbers): the holder is that process only if it started when the file says.
  return holder.started === null || startOf(holder.pid) === null || startOf(holder.pid) === holder.started;
}

function holderOf(file: string): Holder | null {
  try {
    const [pid, started, inode] = readFileSync(file, "utf8").trim().split(" ");
    return Number.isSafeInteger(Number(pid)) && Number(pid) > 0 ? { pid: Number(pid), started: started || null, inode: inode || null } : null;
  } catch {
    return null;
  }
}

/** Whether `file` is not the file its holder made: a copy (of the folder, or of the file), whose holder holds the original, not this. */
function isCopy(file: string, holder: Holder): boolean {
  if (!holder.inode) return false;
  try {
    return String(statSync(file).ino) !== holder.inode;
  } catch {
    return false;
  }
}

/** Folders' lock files this process holds: opening one twice in one process is refused as well. */
const held = new Set<string>();

/** Removes `file` if it still names this process (it may be gone: removed by hand). */
function removeOwn(file: string): void {
  try {
    if (holderOf(file)?.pid === process.pid) unlinkSync(file);
  } catch {
    // Gone already.
  }
}

const sameHolder = (a: Holder | null, b: Holder | null) => a?.pid === b?.pid && a?.started === b?.started;

/** A takeover lasts microseconds; a guard older than this was left by a crash in the middle of one. */
const GUARD_LEFT_MS = 60_000;

/**
 * Removes the file of `stale`, a holder that is gone, unless another process took it over
 * first: under a guard file of its own, so two processes never both remove a file and both
 * create their own. False when another takeover is under way or done.
 */
function takeOver(file: string, stale: Holder | null): boolean {
  const guard = `${file}.takeover`;
  try {
    closeSync(openSync(guard, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_LEFT_MS) unlinkSync(guard);
    } catch {
      // Removed by its taker meanwhile.
    }
    return false;
  }
  try {
    if (!sameHolder(holderOf(file), stale)) return false;
    unlinkSync(file);
    return true;
  } catch {
    return false;
  } finally {
    unlinkSync(guard);
  }
}

/** Creates `file` holding `me` and naming its own inode, whole from its first moment (written aside, then linked), or false if it exists. */
function create(file: string, me: Holder): boolean {
  const aside = `${file}.${me.pid}.new`;
  const fd = openSync(aside, "w", 0o600);
  try {
    writeSync(fd, `${me.pid} ${me.started ?? ""} ${fstatSync(fd).ino}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return false;
  } finally {
    unlinkSync(aside);
  }
}

let exitHook = false;

/** What the disk answers when a folder cannot be made or written there. */
const UNWRITABLE = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "EEXIST", "ENOSPC", "EDQUOT"]);

/**
 * Takes the folder's lock, or throws DataDirInUse; the function returned gives it back.
 * `onCopied` hears of a lock file that came with a copy of the folder taken while its server
 * held it (a stopped server leaves none, a crashed one its own): such a copy is no backup.
 */
export function lockDataDir(dataDir: string, onCopied?: (lockFile: string) => void): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  if (held.has(file)) throw new DataDirInUse(file, process.pid);
  const me: Holder = { pid: process.pid, started: startOf(process.pid) };
  const created = () => {
    try {
      // The data folder holds names, personal codes and contacts in plain text: its owner's only.
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      return create(file, me);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code && UNWRITABLE.has(code)) throw new DataDirUnwritable(path.dirname(file), code);
      throw error;
    }
  };
  let copied = false;
  for (let attempt = 0; !created(); attempt++) {
    const holder = holderOf(file);
    const copy = holder !== null && isCopy(file, holder);
    // This process's own id in the file is an earlier life of it (a restart in a container);
    // a copied file's holder holds the original.
    const living = holder !== null && holder.pid !== me.pid && !copy && isRunning(holder);
    if (living || attempt === 3) throw new DataDirInUse(file, holder?.pid ?? 0);
    if (takeOver(file, holder)) copied ||= copy;
  }
  if (copied) onCopied?.(file);
  held.add(file);
  if (!exitHook) {
    exitHook = true;
    process.once("exit", () => held.forEach(removeOwn));
  }
  return () => {
    if (held.delete(file)) removeOwn(file);
  };
}
