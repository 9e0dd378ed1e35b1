/**
 * A connection the PostgreSQL server ends while the pool holds it idle (a restart, a failover,
 * an administrator) is one JSON line of the app's log, `database_connection_lost`, and the
 * server goes on serving on a new connection (app/core/db/pg.ts, connectionLostLog in
 * app/http/observability.server.ts). It was printed with console.error, past the logger, as
 * plain text, wherever a pool was opened without a listener (the start's migrations, the
 * operator's command, the tests).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("database-connection-lost.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to end a connection of the pool");

describe.skipIf(!pgUrl)("a pool's connection ended by the server", () => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await startTestApp({ log: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => app?.close());

  const lostLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === "database_connection_lost");

  it("is one JSON line of the app's log, and the server serves on a new connection", async () => {
    // One statement at a time: the pool holds one connection, idle once it is answered.
    const [{ name }] = await app.core.db.query<{ name: string }>("SELECT current_database() AS name");
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      const ended = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM (SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() LIMIT 1) AS one`,
        [name],
      );
      expect(ended.rows).toEqual([{ ended: true }]);
    } finally {
      await admin.end();
    }
    await expect.poll(() => lostLines().length, { timeout: 5_000 }).toBe(1);
    const [line] = lostLines();
    // The event, the driver's words (redacted as every error's: docs/decisions/0318) and the line's own fields; nothing of a request or a customer.
    expect(Object.keys(line).sort()).toEqual(["error", "event", "level", "msg", "pid", "time"]);
    expect(line).toMatchObject({ level: "warn", event: "database_connection_lost", error: expect.stringMatching(/terminat/i) });

    // The pool opened another: the server keeps serving, and nothing else was logged of it.
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const quote = await fetch(`${app.url}/api/quote?age=30`);
    expect(quote.status).toBe(200);
    expect(lostLines()).toHaveLength(1);
    expect(lines.map((text) => JSON.parse(text) as { level: string }).filter((l) => l.level === "error")).toEqual([]);
  });
});
