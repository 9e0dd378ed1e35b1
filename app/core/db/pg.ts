import pg from "pg";
import type { Db, PgLimits, Queryable } from "./index.js";
import { asUnavailable, OID, UTC_STARTUP_OPTIONS } from "./index.js";

/**
 * A failure of the database rather than of the statement (app/core/db/index.ts): the server's
 * SQLSTATEs of one that cannot take statements, or the driver's own error of a connection
 * lost, never made, or silent ("Connection terminated…", "timeout exceeded when trying to
 * connect", "Query read timeout", "…is not queryable").
 */
const unavailable = (error: unknown): unknown =>
  asUnavailable(error, error instanceof Error && !(error instanceof pg.DatabaseError) && /connection|timeout|not queryable/i.test(error.message));

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === OID.date) return (value: string) => value;
    if (oid === OID.int8 || oid === OID.numeric) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export interface PgOptions {
  /** Without limits (the operator's commands) a statement may take as long as it takes, and so may a connect. */
  limits?: PgLimits;
  /**
   * An idle connection the server ended: what the driver said, for the log. Every pool is given
   * one (`connectionLostLog`, app/http/observability.server.ts: one JSON line, the words
   * redacted); there is no default that prints elsewhere.
   */
  onConnectionLost(message: string): void;
}

export function openPg(connectionString: string, { limits, onConnectionLost }: PgOptions): Db {
  // 0 leaves a limit out (the start's migrations: no statement limit, but a bounded connect).
  const settings = [UTC_STARTUP_OPTIONS];
  if (limits?.statementMs) settings.push(`-c statement_timeout=${limits.statementMs}`);
  // A transaction left open (a process stopped in one) is ended by the server, its locks freed.
  if (limits?.answerMs) settings.push(`-c idle_in_transaction_session_timeout=${limits.answerMs * 3}`);
  const pool = new pg.Pool({
    connectionString,
    types,
    max: 10,
    options: settings.join(" "),
    ...(limits?.answerMs ? { query_timeout: limits.answerMs } : {}),
    ...(limits?.connectMs ? { connectionTimeoutMillis: limits.connectMs } : {}),
  });
  // An idle connection the server ended (a restart, a failover, an administrator) is an
  // 'error' event on the pool: without a listener it would end the process. The pool drops
  // that connection and opens a new one on the next query.
  pool.on("error", (error) => onConnectionLost(error.message));
  const query: Queryable["query"] = async (sql, params) => {
    try {
      return (await pool.query(sql, params as unknown[])).rows;
    } catch (error) {
      throw unavailable(error);
    }
  };
  return {
    kind: "pg",
    query,
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => {
        throw unavailable(error);
      });
      // A statement that failed other than by the server's refusal (no answer in time, the
      // connection lost) drops the connection rather than handing it out again: a ROLLBACK
      // would queue behind the statement still unanswered, and the server rolls back the
      // transaction of a connection that ends.
      let lost: Error | undefined;
      const run: Queryable["query"] = async (sql, params) => {
        try {
          return (await client.query(sql, params as unknown[])).rows;
        } catch (error) {
          if (!(error instanceof pg.DatabaseError)) lost = error as Error;
          throw unavailable(error);
        }
      };
      try {
        await run("BEGIN");
        const result = await fn({ query: run });
        await run("COMMIT");
        return result;
      } catch (error) {
        if (!lost) await run("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Waits until the server at the pool's address answers: a database not yet up (its host
 * starting with the app's, a failover under way) delays the start rather than ending it.
 * Each failed try is told to `onWait`; a refusal by the server itself (a wrong password, a
 * database that does not exist) is thrown, as retrying would not help.
 */
export async function untilReachable(db: Db, onWait: (error: Error) => void, retryMs = 2_000): Promise<void> {
  for (;;) {
    try {
      await db.query("SELECT 1");
      return;
    } catch (error) {
      // 57P03: the server is starting up or shutting down (a restart), which passes.
      if (!(error instanceof Error) || (error instanceof pg.DatabaseError && error.code !== "57P03")) throw error;
      onWait(error);
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}
