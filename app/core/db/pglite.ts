import { mkdirSync } from "node:fs";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./data-dir-lock.js";
import type { Db } from "./index.js";
import { asUnavailable, OID, UTC_SESSION } from "./index.js";

const parsers = {
  [OID.date]: (value: string) => value,
  [OID.int8]: (value: string) => Number(value),
  [OID.numeric]: (value: string) => Number(value),
};

/** A statement PostgreSQL refused for want of disk or memory, or a file it could not write (ENOSPC): the database unavailable (app/core/db/index.ts). */
const unavailable = (error: unknown): never => {
  throw asUnavailable(error, false);
};

export function wrapPglite(pg: PGlite): Db {
  return {
    kind: "pglite",
    async query(sql, params) {
      return (await pg.query(sql, params).catch(unavailable)).rows as never[];
    },
    transaction(fn) {
      return pg.transaction((tx) => fn({ query: async (sql, params) => (await tx.query(sql, params).catch(unavailable)).rows as never[] }));
    },
    /**
     * The data folder as PGlite's `dumpDataDir` writes it (a tar, read file by file), taken
     * inside a transaction of its own: PGlite runs every query and transaction one at a time
     * (its transaction queue), so none of the app's is open while the folder is read, and no
     * statement runs between the first file read and the last. The CHECKPOINT first writes
     * every changed page into the files, so the copy needs no replay of the log to hold
     * everything committed before it (PostgreSQL replays it all the same at the copy's first
     * open, as after any stop without a shutdown). The gzip is made after, the queue free again
     * (the folder's read held it about half a second for a 30 MB folder).
     */
    async dump() {
      const tar = await pg.transaction(async (tx) => {
        await tx.exec("CHECKPOINT");
        return pg.dumpDataDir("none");
      });
      // In 1 MB pieces: zlib's default 16 KB waits its turn on a busy event loop hundreds of
      // times (20 s for a 30 MB folder while customers saved; under a second so).
      return promisify(gzip)(new Uint8Array(await tar.arrayBuffer()), { chunkSize: 1 << 20 });
    },
    close: () => pg.close(),
  };
}

export interface PgliteOptions {
  /** An in-memory database's contents: a data folder's tar, as `dumpDataDir` writes it. */
  loadDataDir?: Blob;
  /** PostgreSQL settings over PGlite's defaults (`-c name=value` at its start). */
  settings?: Record<string, string>;
  /** The folder is a copy taken while a server held it (its lock came along, ./data-dir-lock.ts): for the log. */
  onCopiedFolder?: (lockFile: string) => void;
}

/**
 * A file-backed database under `dataDir`, held by this process until closed (its lock,
 * ./data-dir-lock.ts), or an in-memory one without it.
 */
export async function openPglite(dataDir?: string, { loadDataDir, settings = {}, onCopiedFolder }: PgliteOptions = {}): Promise<Db> {
  const release = dataDir ? lockDataDir(dataDir, onCopiedFolder) : () => {};
  const startParams = [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
  let pg: PGlite;
  try {
    // The database's own folder, its owner's only (PostgreSQL itself refuses a data directory
    // others may read): a folder created with the default umask let every local user read it.
    if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    pg = await PGlite.create({ dataDir, loadDataDir, parsers, startParams });
  } catch (error) {
    release();
    throw error;
  }
  try {
    await pg.exec(UTC_SESSION);
  } catch (error) {
    await pg.close();
    release();
    throw error;
  }
  const db = wrapPglite(pg);
  return { ...db, close: () => db.close().finally(release) };
}
