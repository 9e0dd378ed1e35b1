/**
 * The hourly round (server.ts runs it at start and every hour; idempotent, so any number of
 * app servers may run it): what anonymous traffic and abandoned flows leave behind is
 * removed, policies whose start day has come are activated, and beneficiary changes left pending
 * when their contract's cover ended lapse (docs/operations.md).
 */
import type { Clock } from "./clock.js";
import type { Db } from "./db/index.js";
import type { LoginRateLimiter } from "./rate-limit.js";
import type { SessionStore } from "./sessions.js";
import type { DraftStore } from "./drafts.js";
import type { CompletedSignIns } from "./pending-sign-in.js";

/** Who the round is in the audit log (an activation, a lapsed change): the system, not a person. */
export const HOUSEKEEPING_ACTOR = "system:housekeeping";

/** A signing not finished within a day is abandoned (a Dokobit signing expires sooner). */
const STALE_SIGNING_MS = 24 * 60 * 60 * 1000;
/** A submission key guards a form post against its replay for a day. */
const SUBMISSION_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingReport {
  sessions: number;
  drafts: number;
  signInEvents: number;
  signings: number;
  submissionKeys: number;
  activated: number;
  /** Pending beneficiary changes lapsed with their contract's cover (docs/decisions/0306). */
  lapsedChanges: number;
}

export function housekeeping(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionStore;
  drafts: DraftStore;
  limiter: LoginRateLimiter;
  completedSignIns: CompletedSignIns;
  activateDue(): Promise<{ activated: string[] }>;
  lapseEndedChanges(): Promise<number>;
}) {
  const ago = (ms: number) => new Date(deps.clock.now().getTime() - ms);
  return async function run(): Promise<HousekeepingReport> {
    const sessions = await deps.sessions.purgeExpired();
    const drafts = await deps.drafts.purgeExpired();
    // Failures out of their window, and successes whose sign-in token has ended (docs/decisions/0120).
    const signInEvents = (await deps.limiter.purgeOld()) + (await deps.completedSignIns.purgeExpired());
    // Abandoned signings end; no finished or abandoned one keeps its document (health data).
    const signings = await deps.db.query(
      `UPDATE signings SET status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END,
         errors = CASE WHEN status = 'pending' THEN 'abandoned' ELSE errors END,
         completed_at = COALESCE(completed_at, $2), document = NULL, frame_sealed = NULL
       WHERE document IS NOT NULL AND (status <> 'pending' OR created_at <= $1) RETURNING 1`,
      [ago(STALE_SIGNING_MS), deps.clock.now()],
    );
    const keys = await deps.db.query(`DELETE FROM form_submissions WHERE created_at <= $1 RETURNING 1`, [ago(SUBMISSION_KEY_TTL_MS)]);
    const { activated } = await deps.activateDue();
    const lapsedChanges = await deps.lapseEndedChanges();
    return { sessions, drafts, signInEvents, signings: signings.length, submissionKeys: keys.length, activated: activated.length, lapsedChanges };
  };
}
