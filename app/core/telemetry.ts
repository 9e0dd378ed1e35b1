/**
 * What the core tells the operator (docs/operations.md "Logs and metrics"): small named
 * reports with bounded labels, never a customer's data. The web layer implements it with
 * its logger and metrics registry (app/http/observability.server.ts); tests and tools that
 * build a core without one get `silentTelemetry`.
 */
import type { AuthResult } from "./auth/provider.js";
import type { Db, Queryable } from "./db/index.js";

/** How a sign-in completion ended: a provider's failure by its result, or our own refusal. */
export type SignInOutcome = "success" | Lowercase<Exclude<AuthResult, "SUCCESS">> | "rate_limited" | "no_sign_in";

/** How a signing's completion ended. */
export type SigningOutcome = "agreement_signed" | "euw" | "failed" | "refused";

export interface Telemetry {
  signIn(outcome: SignInOutcome): void;
  signing(outcome: SigningOutcome): void;
  /** One database statement (or a transaction's) took `seconds`. */
  query(seconds: number): void;
  /** Something failed outside a request (housekeeping, a lost connection): its event name and error message only. */
  failure(event: string, error: unknown): void;
}

export const silentTelemetry: Telemetry = {
  signIn() {},
  signing() {},
  query() {},
  failure() {},
};

/** An error's message, never the error itself (a driver's error may quote parameters). */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : "unknown");

/** `db` with every statement timed into `telemetry.query` (a transaction's statements one by one). */
export function timedDb(db: Db, telemetry: Telemetry): Db {
  if (telemetry === silentTelemetry) return db;
  const timed =
    (q: Queryable): Queryable["query"] =>
    async (sql, params) => {
      const started = performance.now();
      try {
        return await q.query(sql, params);
      } finally {
        telemetry.query((performance.now() - started) / 1000);
      }
    };
  return {
    kind: db.kind,
    query: timed(db),
    transaction: (fn) => db.transaction((tx) => fn({ query: timed(tx) })),
    ...(db.dump ? { dump: db.dump } : {}),
    close: () => db.close(),
  };
}
