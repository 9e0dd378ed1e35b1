/**
 * Versioned migrations, applied in order at start and recorded in schema_migrations.
 * Never edit one that has shipped: add the next.
 */
import type { Db } from "./index.js";

export interface Migration {
  id: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    id: "0001_platform",
    sql: `
      CREATE TABLE intermediaries (
        source text PRIMARY KEY,
        name text NOT NULL,
        logo text NOT NULL
      );
      CREATE TABLE intermediary_codes (
        code text PRIMARY KEY,
        source text NOT NULL REFERENCES intermediaries(source)
      );
      CREATE TABLE customers (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        personal_code text NOT NULL UNIQUE,
        first_name text NOT NULL,
        last_name text NOT NULL,
        date_of_birth date NOT NULL,
        sex char(1) NOT NULL CHECK (sex IN ('M', 'F')),
        country text NOT NULL DEFAULT 'EE',
        phone text,
        email text,
        state text NOT NULL,
        intermediary_source text REFERENCES intermediaries(source),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      -- id is the SHA-256 of the token in the cookie: reading this table does not let
      -- anyone act as the customer.
      CREATE TABLE sessions (
        id text PRIMARY KEY,
        customer_id bigint REFERENCES customers(id) ON DELETE CASCADE,
        eid_session_token text,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_expires_at ON sessions (expires_at);
      CREATE INDEX sessions_customer ON sessions (customer_id);
      -- Failed sign-ins, keyed by a keyed hash of the personal code or client address.
      CREATE TABLE login_failures (
        key text NOT NULL,
        failed_at timestamptz NOT NULL
      );
      CREATE INDEX login_failures_key ON login_failures (key, failed_at);
    `,
  },
];

export async function migrate(db: Db): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      // Serialises concurrent starts of several app servers on one PostgreSQL.
      await tx.query(`SELECT pg_advisory_xact_lock(4242)`);
      const rows = await tx.query(`SELECT 1 FROM schema_migrations WHERE id = $1`, [migration.id]);
      if (rows.length > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query(`INSERT INTO schema_migrations (id) VALUES ($1)`, [migration.id]);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  return applied;
}

/** Our migrations hold no semicolons inside literals or bodies, so a split is enough. */
function splitStatements(sql: string): string[] {
  return sql
    .split(";")
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter(Boolean);
}
