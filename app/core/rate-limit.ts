/**
 * Sign-in abuse limits (docs/decisions/0024-sign-in-limits.md, 0102, 0120): failed sign-ins per
 * personal code and per client address, each in a sliding window. Starts are not limited: a
 * start stores nothing (app/core/pending-sign-in.ts), so there is nothing for a neighbour to use
 * up. Events live in the database so every app server sees the same ones; keys are keyed
 * hashes, so the table holds no personal codes or addresses.
 */
import { createHmac } from "node:crypto";
import type { Clock } from "./clock.js";
import type { Db } from "./db/index.js";

const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_CODE = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
type Kind = "code" | "address";
/** A failure counted for an attempt whose outcome is not known yet. */
interface Hold {
  release(): Promise<void>;
}

export function loginRateLimiter(db: Db, clock: Clock, secrets: readonly string[]) {
  const MAX: Record<Kind, number> = { code: MAX_FAILURES_PER_CODE, address: MAX_FAILURES_PER_ADDRESS };
  /**
   * The keys of `value` under every session secret of the ring. A failure is recorded under each,
   * and the count is the largest of them: app servers in the middle of a rotation (docs/operations.md
   * "Rotating keys": rings with the same secrets, another first) count one person's failures
   * together, and once the old secret is gone the new one's key holds them all. Keyed by the
   * first secret alone, each ring counted apart (N rings, N × the limit) and a rotation began
   * every window afresh.
   */
  const keys = (kind: Kind, value: string) => secrets.map((secret) => createHmac("sha256", secret).update(`${kind}:${value}`).digest("base64url"));

  /** Minutes until the `kind` limit of `value` lets one more through, or 0. */
  async function wait(kind: Kind, value: string | undefined): Promise<number> {
    if (!value) return 0;
    const max = MAX[kind];
    const since = new Date(clock.now().getTime() - LOGIN_FAILURE_WINDOW_MS);
    // Per key, the newest `max` failures in the window: how many, and the oldest of them.
    const rows = await db.query<{ count: number; oldest: Date }>(
      `SELECT count(*)::int AS count, min(failed_at) AS oldest FROM
         (SELECT key, failed_at, row_number() OVER (PARTITION BY key ORDER BY failed_at DESC) AS newest
            FROM login_failures WHERE key = ANY($1) AND failed_at > $2) recent
       WHERE newest <= $3 GROUP BY key`,
      [keys(kind, value), since, max],
    );
    const waits = rows
      .filter((row) => Number(row.count) >= max)
      .map((row) => new Date(row.oldest).getTime() + LOGIN_FAILURE_WINDOW_MS - clock.now().getTime());
    const waitMs = Math.max(0, ...waits);
    return waitMs > 0 ? Math.ceil(waitMs / 60_000) : 0;
  }

  /**
   * Counts an attempt of `value` as a failure from before its outcome is known, when the limit
   * lets one more through; null when it does not (nothing counted). Checked first and counted
   * after the provider's answer, twenty attempts at the same moment all passed the check
   * (docs/decisions/0380). The key's lock makes the check and the count one step on every app
   * server: each check sees every hold before it. The hold is released when the attempt turns
   * out to be no failure: its own rows, named by their row ids.
   */
  async function hold(kind: Kind, value: string): Promise<Hold | null> {
    const at = clock.now();
    const held = keys(kind, value);
    const rows = await db.transaction(async (tx) => {
      // In one order on every server, so that two rings' locks cannot wait on each other.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended(key, 0)) FROM (SELECT unnest($1::text[]) AS key ORDER BY 1) ordered`, [held]);
      return tx.query<{ row: string }>(
        `INSERT INTO login_failures (key, failed_at) SELECT unnest($1::text[]), $2
          WHERE NOT EXISTS (SELECT 1 FROM login_failures WHERE key = ANY($1) AND failed_at > $3 GROUP BY key HAVING count(*) >= $4)
         RETURNING ctid::text AS row`,
        [held, at, new Date(at.getTime() - LOGIN_FAILURE_WINDOW_MS), MAX[kind]],
      );
    });
    if (!rows.length) return null;
    return {
      async release() {
        await db.query(`DELETE FROM login_failures WHERE ctid = ANY($1::tid[]) AND key = ANY($2) AND failed_at = $3`, [rows.map((r) => r.row), held, at]);
      },
    };
  }

  async function record(kind: Kind, value: string | undefined): Promise<void> {
    if (value) await db.query(`INSERT INTO login_failures (key, failed_at) SELECT unnest($1::text[]), $2`, [keys(kind, value), clock.now()]);
  }

  return {
    /** Minutes the person must wait after too many failures, or 0. */
    codeWait: (personalCode: string | undefined) => wait("code", personalCode),
    /** Minutes the address must wait after too many failures, or 0. */
    addressWait: (clientAddress: string | undefined) => wait("address", clientAddress),

    /** Holds a failure of the person for an attempt under way (`hold`), or null at the limit. */
    holdCode: (personalCode: string) => hold("code", personalCode),

    async recordFailure(subject: { personalCode?: string; clientAddress?: string }): Promise<void> {
      await record("code", subject.personalCode);
      await record("address", subject.clientAddress);
    },

    /** A successful sign-in forgets the person's failures (not the address's). */
    async clearCode(personalCode: string): Promise<void> {
      await db.query(`DELETE FROM login_failures WHERE key = ANY($1)`, [keys("code", personalCode)]);
    },

    /** Events older than the window count for nothing. */
    async purgeOld(): Promise<number> {
      const rows = await db.query(`DELETE FROM login_failures WHERE failed_at <= $1 RETURNING 1`, [
        new Date(clock.now().getTime() - LOGIN_FAILURE_WINDOW_MS),
      ]);
      return rows.length;
    },
  };
}

export type LoginRateLimiter = ReturnType<typeof loginRateLimiter>;

/**
 * Requests per client address in a fixed window, counted in this process's memory: for a
 * public read that stores nothing (the anonymous quote, docs/decisions/0085-anonymous-quote.md).
 * A row per request would make a cheap computation a database write anyone can repeat, so
 * these counters are per process, as ARCHITECTURE.md allows when documented: N processes (the
 * `WORKERS` of every instance) let N times the limit through (docs/operations.md). The
 * window's table forgets everything when the window turns, and holds at most `maxAddresses`;
 * past that, new addresses are not counted (a flood of
 * addresses then costs a quote each, which is what the limit protects anyway).
 */
export function windowRateLimiter(clock: Clock, options: { limit: number; windowMs: number; maxAddresses?: number }) {
  const { limit, windowMs, maxAddresses = 100_000 } = options;
  let windowStart = -1;
  const counts = new Map<string, number>();
  return {
    limit,
    windowMs,
    /** Counts one request of `address`: 0 when it may go on, else the seconds until the window turns. */
    take(address: string): number {
      const now = clock.now().getTime();
      const start = now - (now % windowMs);
      if (start !== windowStart) {
        windowStart = start;
        counts.clear();
      }
      const count = counts.get(address) ?? 0;
      if (count >= limit) return Math.max(1, Math.ceil((start + windowMs - now) / 1000));
      if (count > 0 || counts.size < maxAddresses) counts.set(address, count + 1);
      return 0;
    },
  };
}
