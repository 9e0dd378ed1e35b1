/**
 * The database: PostgreSQL, either embedded (PGlite, file-backed or in memory) or a real
 * server through DATABASE_URL. Everything above this module speaks plain SQL with $n
 * parameters and gets plain rows back; dates come back as 'YYYY-MM-DD' strings on both.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "pg";
  /** Runs `fn` in one transaction; it is rolled back when `fn` throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * An embedded database only (PGlite; PostgreSQL has pg_dump): its data folder as a gzipped
   * tar, taken between two transactions, which PGlite's `loadDataDir` opens (./pglite.ts).
   */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Every connection reads and writes times in UTC: a database takes its zone from the server it
 * was made on (initdb writes it into its settings; PGlite takes the process's offset then), and
 * times it puts into text (the data export's `to_jsonb`, a casting to date) would follow it.
 * Tallinn's dates are the core's (app/core/clock.ts), never the database's.
 */
export const UTC_SESSION = "SET TIME ZONE 'UTC'";
export const UTC_STARTUP_OPTIONS = "-c TimeZone=UTC";

/**
 * How long a request waits on the database. Without them a server or a network that stops
 * answering (packets dropped, a frozen server) held every request that touched it, and each
 * connection it was on, for ever: the pool's ten filled, every later request queued behind
 * them, and the process never served again once the database was back.
 */
export interface PgLimits {
  /** A statement the server runs longer is cancelled there (statement_timeout); its connection stays usable. 0: none. */
  statementMs: number;
  /** The longest the app waits for a statement's answer at all: a connection that stays silent is dropped. 0: none. */
  answerMs: number;
  /** The longest a request waits to connect, or for one of the pool's connections to be free. */
  connectMs: number;
}

/** The serving processes' limits: a page's statements take milliseconds, the slowest (a data export) well under a second. */
export const SERVING_LIMITS: PgLimits = { statementMs: 15_000, answerMs: 20_000, connectMs: 5_000 };
/** The start's: a migration (an index built on a large table, a wait for another instance's) runs as long as it takes; a connect does not. */
export const START_LIMITS: PgLimits = { statementMs: 0, answerMs: 0, connectMs: 10_000 };

/** OIDs of types whose text form we keep as is (date) or read as numbers (int8, numeric). */
export const OID = { int8: 20, date: 1082, numeric: 1700 } as const;

export async function openDatabase(
  options: (
    | {
        databaseUrl: string;
        /** PostgreSQL: an idle connection the server ended, for the log (app/core/db/pg.ts); a pool is never opened without it. */
        onConnectionLost(message: string): void;
      }
    | { databaseUrl?: undefined; onConnectionLost?(message: string): void }
  ) & {
    dataDir?: string;
    /** PostgreSQL: how long a serving process waits on the server (SERVING_LIMITS); none for migrations and the operator's commands. */
    limits?: PgLimits;
    /** PGlite: the data folder is a copy taken while a server held it, for the log (its lock file). */
    onCopiedFolder?(lockFile: string): void;
  },
): Promise<Db> {
  if (options.databaseUrl) {
    const { openPg } = await import("./pg.js");
    return openPg(options.databaseUrl, { limits: options.limits, onConnectionLost: options.onConnectionLost });
  }
  const { openPglite } = await import("./pglite.js");
  return openPglite(options.dataDir, { onCopiedFolder: options.onCopiedFolder });
}

/**
 * The database could not take a statement for a reason of its own, not the statement's: it
 * cannot be reached or does not answer in time, it is starting or shutting down, it has no
 * connection or disk left. A request that met it may succeed later, so the doors answer 503
 * with `Retry-After` and the translated "service unavailable" (app/http/unavailable.server.ts),
 * never a 500 that reads as a bug. The driver's error is its `cause`.
 */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`the database is unavailable: ${cause instanceof Error ? cause.message : "unknown"}`, { cause });
    this.name = "DatabaseUnavailable";
  }
}

/** Whether `error`, or an error it was caused by, is the database being unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) if (e instanceof DatabaseUnavailable) return true;
  return false;
}

/**
 * SQLSTATEs of a server that cannot take any statement now: 08 (the connection), 53100 (disk
 * full), 53200 (out of memory), 53300 (too many connections), 57014 (cancelled: the statement
 * limit), 57P01–57P03 (shut down, crashed, starting), 25P03 (a transaction held open too long).
 */
const UNAVAILABLE_STATES = /^(08...|53100|53200|53300|57014|57P0[1-3]|25P03)$/;
/** Node's errors of a connection that could not be made or was lost. */
const UNAVAILABLE_ERRNOS = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|ENOSPC)$/;

/** `error` as DatabaseUnavailable when it says the database cannot take statements now; otherwise as it is. */
export function asUnavailable(error: unknown, transport: boolean): unknown {
  if (!(error instanceof Error) || error instanceof DatabaseUnavailable) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.test(code))) return new DatabaseUnavailable(error);
  // The driver's own words for a connection lost, never made, or silent (node-postgres).
  if (transport) return new DatabaseUnavailable(error);
  return error;
}
