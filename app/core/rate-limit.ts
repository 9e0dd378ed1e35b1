/**
 * Sign-in abuse limits (docs/decisions/0024-sign-in-limits.md, 0102, 0120): failed sign-ins per
 * personal code and per client address, each in a sliding window. Starts are not limited: a
 * start stores nothing (app/core/pending-sign-in.ts), so there is nothing for a neighbour to use
 * up. Events live in the database so every app server sees the same ones; keys are keyed
 * hashes, so the table holds no personal codes or addresses.
 */
import { createHmac } from "node:crypto";
import type { Clock } from "./clock.js";
import type { Queryable } from "./db/index.js";

const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_CODE = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
type Kind = "code" | "address";

export function loginRateLimiter(db: Queryable, clock: Clock, secret: string) {
  const MAX: Record<Kind, number> = { code: MAX_FAILURES_PER_CODE, address: MAX_FAILURES_PER_ADDRESS };
  const key = (kind: Kind, value: string) => createHmac("sha256", secret).update(`${kind}:${value}`).digest("base64url");

  /** Minutes until the `kind` limit of `value` lets one more through, or 0. */
  async function wait(kind: Kind, value: string | undefined): Promise<number> {
    if (!value) return 0;
    const max = MAX[kind];
    const since = new Date(clock.now().getTime() - LOGIN_FAILURE_WINDOW_MS);
    const rows = await db.query<{ count: number; oldest: Date | null }>(
      `SELECT count(*)::int AS count, min(failed_at) AS oldest FROM
         (SELECT failed_at FROM login_failures WHERE key = $1 AND failed_at > $2 ORDER BY failed_at DESC LIMIT $3) recent`,
      [key(kind, value), since, max],
    );
    const { count, oldest } = rows[0];
    if (Number(count) < max || !oldest) return 0;
    const waitMs = new Date(oldest).getTime() + LOGIN_FAILURE_WINDOW_MS - clock.now().getTime();
    return waitMs > 0 ? Math.ceil(waitMs / 60_000) : 0;
  }

  async function record(kind: Kind, value: string | undefined): Promise<void> {
    if (value) await db.query(`INSERT INTO login_failures (key, failed_at) VALUES ($1, $2)`, [key(kind, value), clock.now()]);
  }

  return {
    /** Minutes the person must wait after too many failures, or 0. */
    codeWait: (personalCode: string | undefined) => wait("code", personalCode),
    /** Minutes the address must wait after too many failures, or 0. */
    addressWait: (clientAddress: string | undefined) => wait("address", clientAddress),

    async recordFailure(subject: { personalCode?: string; clientAddress?: string }): Promise<void> {
      await record("code", subject.personalCode);
      await record("address", subject.clientAddress);
    },

    /** A successful sign-in forgets the person's failures (not the address's). */
    async clearCode(personalCode: string): Promise<void> {
      await db.query(`DELETE FROM login_failures WHERE key = $1`, [key("code", personalCode)]);
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
 * `WORKERS` of every instance) let N times the limit through (docs/operations.md). The window's table forgets everything when the window turns,
 * and holds at most `maxAddresses`; past that, new addresses are not counted (a flood of
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
