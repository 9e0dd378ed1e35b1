/**
 * Failed sign-ins, limited per personal code and per client address. Counters live in the
 * database so every app server sees the same ones. Keys are keyed hashes: the table holds
 * no personal codes or addresses.
 */
import { createHmac } from "node:crypto";
import type { Clock } from "./clock.js";
import type { Queryable } from "./db/index.js";

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_CODE = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export interface RateLimitSubject {
  personalCode?: string;
  clientAddress?: string;
}

export function loginRateLimiter(db: Queryable, clock: Clock, secret: string) {
  const key = (kind: string, value: string) => createHmac("sha256", secret).update(`${kind}:${value}`).digest("base64url");
  const keysOf = (subject: RateLimitSubject) => [
    ...(subject.personalCode ? [{ key: key("code", subject.personalCode), max: MAX_FAILURES_PER_CODE }] : []),
    ...(subject.clientAddress ? [{ key: key("address", subject.clientAddress), max: MAX_FAILURES_PER_ADDRESS }] : []),
  ];

  return {
    /** Minutes until another attempt is allowed, or 0 when it is allowed now. */
    async retryAfterMinutes(subject: RateLimitSubject): Promise<number> {
      const since = new Date(clock.now().getTime() - LOGIN_FAILURE_WINDOW_MS);
      let waitMs = 0;
      for (const { key: k, max } of keysOf(subject)) {
        const rows = await db.query<{ count: number; oldest: Date | null }>(
          `SELECT count(*)::int AS count, min(failed_at) AS oldest FROM
             (SELECT failed_at FROM login_failures WHERE key = $1 AND failed_at > $2 ORDER BY failed_at DESC LIMIT $3) recent`,
          [k, since, max],
        );
        const { count, oldest } = rows[0];
        if (count >= max && oldest) {
          waitMs = Math.max(waitMs, new Date(oldest).getTime() + LOGIN_FAILURE_WINDOW_MS - clock.now().getTime());
        }
      }
      return waitMs > 0 ? Math.ceil(waitMs / 60_000) : 0;
    },

    async recordFailure(subject: RateLimitSubject): Promise<void> {
      for (const { key: k } of keysOf(subject)) {
        await db.query(`INSERT INTO login_failures (key, failed_at) VALUES ($1, $2)`, [k, clock.now()]);
      }
    },

    /** A successful sign-in forgets the person's failures (not the address's). */
    async clearCode(personalCode: string): Promise<void> {
      await db.query(`DELETE FROM login_failures WHERE key = $1`, [key("code", personalCode)]);
    },

    async purgeOld(): Promise<void> {
      await db.query(`DELETE FROM login_failures WHERE failed_at <= $1`, [new Date(clock.now().getTime() - LOGIN_FAILURE_WINDOW_MS)]);
    },
  };
}
