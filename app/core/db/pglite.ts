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
