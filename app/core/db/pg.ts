import pg from "pg";
import type { Db, Queryable } from "./index.js";
import { OID, UTC_STARTUP_OPTIONS } from "./index.js";

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === OID.date) return (value: string) => value;
    if (oid === OID.int8 || oid === OID.numeric) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openPg(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, types, max: 10, options: UTC_STARTUP_OPTIONS });
  // An idle connection the server ended (a restart, a failover, an administrator) is an
  // 'error' event on the pool: without a listener it would end the process. The pool drops
  // that connection and opens a new one on the next query.
  pool.on("error", (error) => console.error("database connection lost:", error.message));
  const query: Queryable["query"] = async (sql, params) => (await pool.query(sql, params as unknown[])).rows;
  return {
    kind: "pg",
    query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
