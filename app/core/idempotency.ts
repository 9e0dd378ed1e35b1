/**
 * Double-submit safety: every form carries a random submission key. The first submission
 * with a key has its effect; a replay (a double click before JavaScript loads, a
 * back-and-resend on a slow network), even one racing the first in parallel, gets the
 * first one's outcome instead of a second effect. Posts without a key run normally.
 *
 * A key names one submission of one set of values: the same key sent with other values (a
 * customer who changed a field after a send that seemed to fail, and sent again from the same
 * page) is a new save, not a replay, so what was typed last is what is kept (decision 0314).
 * The values are told apart by a fingerprint keyed with the session secrets, never stored
 * themselves (a questionnaire's are health data).
 */
import type { Clock } from "./clock.js";
import type { Db, Queryable } from "./db/index.js";
import type { Outcome } from "./outcome.js";
import { signature, signedByAny, type Secrets } from "./signature.js";

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** JSON with every object's members in one order, so equal values read alike however built. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_name, member: unknown) =>
    member && typeof member === "object" && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  ) ?? "";
}

interface Posted {
  key: string | null | undefined;
  customerId: number;
  form: string;
  posted?: unknown;
}

interface Kept {
  outcome: unknown;
  customer_id: number;
  form: string;
  fingerprint: string | null;
}

/** A key the log takes (docs/api.md: 16–64 characters of `A–Z a–z 0–9 _ -`). */
export const isSubmissionKey = (key: unknown): key is string => typeof key === "string" && KEY.test(key);

/** The key as the log takes it (else the post runs as one without a key: the /api refuses such a key before, docs/decisions/0356). */
const validKey = (key: string | null | undefined) => (isSubmissionKey(key) ? key : null);
const sentOf = (input: Posted) => `${input.form}\n${canonical(input.posted)}`;

export function submissionLog(db: Db, clock: Clock, secrets: Secrets) {
  /** Whether the kept row answers this post: the customer's, the same form, the same values, saved. */
  const answers = (first: Kept | undefined, input: Posted): first is Kept =>
    first !== undefined &&
    Number(first.customer_id) === input.customerId &&
    first.form === input.form &&
    first.outcome !== null &&
    // A key saved before fingerprints were kept replays as it did.
    (first.fingerprint === null || signedByAny(sentOf(input), first.fingerprint, secrets));
  const kept = (q: Queryable, key: string) => q.query<Kept>(`SELECT outcome, customer_id, form, fingerprint FROM form_submissions WHERE key = $1`, [key]);

  return {
    /**
     * Runs `effect` in a transaction once per key and set of values (`posted`: what the
     * customer sent, left out where the effect takes no values, as a withdrawal's
     * confirmation). Only a successful outcome is kept: after a failure (say a validation
     * error) the same key may be submitted again. A failure keeps nothing, with a key or
     * without: what the effect wrote before it refused is rolled back (a period's score row
     * created by a save its answers failed).
     */
    async once<T, F, Found = unknown>(input: Posted, effect: (tx: Queryable) => Promise<Outcome<T, F, Found>>): Promise<Outcome<T, F, Found> & { replayed: boolean }> {
      const key = validKey(input.key);
      const rollback = Symbol("rollback");
      /** The effect's outcome; a failure throws, so that its transaction keeps nothing. */
      const settled = async (tx: Queryable) => {
        const outcome = await effect(tx);
        if (!outcome.ok) throw Object.assign(new Error("rollback"), { [rollback]: outcome });
        return outcome;
      };
      try {
        if (!key) return { ...(await db.transaction(settled)), replayed: false };
        return await db.transaction(async (tx) => {
          // The customer's row first, as every change of a customer takes it first
          // (docs/decisions/0276): the key's row references the customer, and inserting it
          // share-locks that row, so two forms of one customer (two tabs, other keys) each
          // held a share lock the other's effect waited on to take the row: a deadlock. Held
          // here, the customer's submissions run one after another, and a replay of the same
          // key waits for the first to commit, then finds its row.
          await tx.query(`SELECT 1 FROM customers WHERE id = $1 FOR UPDATE`, [input.customerId]);
          const inserted = await tx.query(
            `INSERT INTO form_submissions (key, customer_id, form, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (key) DO NOTHING RETURNING key`,
            [key, input.customerId, input.form, clock.now()],
          );
          if (inserted.length === 0) {
            const [first] = await kept(tx, key);
            // Someone else's key or another form: never leak its outcome; just run.
            if (!first || Number(first.customer_id) !== input.customerId || first.form !== input.form) return { ...(await settled(tx)), replayed: false };
            if (answers(first, input)) return { ok: true as const, value: first.outcome as T, replayed: true };
          }
          // The first save under the key, or the key sent again with other values: it runs,
          // and its outcome is what the key answers from now on.
          const outcome = await settled(tx);
          await tx.query(`UPDATE form_submissions SET outcome = $2, fingerprint = $3 WHERE key = $1`, [
            key,
            JSON.stringify(outcome.value ?? null),
            signature(sentOf(input), secrets),
          ]);
          return { ...outcome, replayed: false };
        });
      } catch (error) {
        const failed = (error as Record<symbol, Outcome<T, F, Found>>)?.[rollback];
        if (failed) return { ...failed, replayed: false };
        throw error;
      }
    },

    /**
     * Whether `once` would answer this post from the first save's outcome (the same key, form and
     * values, saved): a use case can leave out work only a new save needs (a read of health
     * data to compare, which the access log records).
     */
    async replays(input: Posted): Promise<boolean> {
      const key = validKey(input.key);
      return key !== null && answers((await kept(db, key))[0], input);
    },
    /** Whether `key` is one the customer saved with (a successful outcome kept), whatever the form. */
    async saved(key: string | null, customerId: number): Promise<boolean> {
      if (!validKey(key)) return false;
      const rows = await db.query(`SELECT 1 FROM form_submissions WHERE key = $1 AND customer_id = $2 AND outcome IS NOT NULL`, [key, customerId]);
      return rows.length > 0;
    },

    async purgeOlderThan(date: Date): Promise<void> {
      await db.query(`DELETE FROM form_submissions WHERE created_at < $1`, [date]);
    },
  };
}

export type SubmissionLog = ReturnType<typeof submissionLog>;
