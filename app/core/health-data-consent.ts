/**
 * An applicant's withdrawal of the registration's health-data consent (docs/decisions/0293,
 * GDPR art. 7(3) and 17(1)(b)): before a contract is concluded nothing else lets us hold their
 * health data, so every health datum of the application is erased, each erasure audited by the
 * statement that erases it (`auditLog.erase`, as decision 0257's), a signing still pending ends
 * (its document states the answers: decision 0284), and the state goes back to the account
 * step, whose save gives the consent again. Runs inside the caller's transaction, under the
 * customer's row lock (decision 0276). A policyholder's withdrawal is a withdrawal or a
 * cancellation of the contract (app/core/withdrawal.ts), never this; after the contract ended,
 * its holder's withdrawal erases what no claim under it needs (docs/decisions/0303).
 */
import { endedContract, healthDataWithdrawal, type EndedContract, type OnboardingState } from "../lib/onboarding.js";
import type { ScoreConsent } from "../lib/contact-fields.js";
import type { Clock } from "./clock.js";
import type { Queryable } from "./db/index.js";
import type { AuditLog } from "./health-data.js";
import { moveState } from "./onboarding.js";
import { eraseScoreConsentData } from "./score/consents.js";
import { endApplicationSignings } from "./signing/attempts.js";

/** The forms whose drafts hold health answers (app/core/drafts.ts: a draft per step). */
const HEALTH_DRAFTS = ["score", "questionnaire"] as const;

/**
 * Statements that erase a kind of health datum, each returning the audit subject of the value a
 * row held (null: it held none). `$1` is the customer.
 */
const ERASE = {
  // The sign-up's wellness answers and the score computed from them.
  signUpProfile: `DELETE FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL
     RETURNING CASE WHEN answers_sealed IS NOT NULL THEN 'score:' || id END AS subject`,
  // A policy period's answers and score: a contract's.
  periodProfiles: `DELETE FROM score_profiles WHERE customer_id = $1 AND period_start IS NOT NULL
     RETURNING CASE WHEN answers_sealed IS NOT NULL THEN 'score:' || id END AS subject`,
  questionnaire: `DELETE FROM questionnaires WHERE customer_id = $1 RETURNING 'questionnaire' AS subject`,
  drafts: `DELETE FROM drafts WHERE customer_id = $1 AND form IN (${HEALTH_DRAFTS.map((f) => `'${f}'`).join(", ")}) RETURNING 'draft:' || form AS subject`,
  // The signings that concluded nothing: the document (the questionnaire's summary) and the
  // terms (the wellness score and its discount). A signing a policy holds is the contract's.
  unconcludedSignings: `UPDATE signings s SET document = NULL, terms = NULL
     FROM (SELECT id, document IS NOT NULL AS held FROM signings
            WHERE customer_id = $1 AND beneficiary_change_id IS NULL AND (document IS NOT NULL OR terms IS NOT NULL)
              AND NOT EXISTS (SELECT 1 FROM policies p WHERE p.signing_id = signings.id)) o
    WHERE s.id = o.id
    RETURNING CASE WHEN o.held THEN 'signing-document:' || s.id END AS subject`,
} as const;

/**
 * What the application holds of health data. A policy period's profile is an ended contract's:
 * kept here (docs/decisions/0303 says when it goes).
 */
const APPLICATION: readonly string[] = [ERASE.signUpProfile, ERASE.questionnaire, ERASE.drafts, ERASE.unconcludedSignings];

/**
 * What an ended contract's health-data consent takes with it (docs/decisions/0303). A withdrawn
 * contract never gave cover: nothing can be claimed under it, so everything goes but the signed
 * documents it was concluded and withdrawn on. A cancelled one gave cover: the health
 * declaration and the wellness answers it was priced on stay while claims under it can be made
 * (GDPR art. 9(2)(f), 17(3)(e)); what the consent alone let us hold goes.
 */
const ENDED: Record<EndedContract, readonly string[]> = {
  withdrawn: [...APPLICATION, ERASE.periodProfiles],
  cancelled: [ERASE.drafts, ERASE.unconcludedSignings],
};

/** The score's consents a health-data withdrawal takes with it: their data is health data of the application. */
const SCORE_CONSENTS: readonly ScoreConsent[] = ["activity", "measurement"];

export interface HealthDataWithdrawn {
  /** The state the customer is in afterwards. */
  state: OnboardingState;
  /** How many rows held health data and are gone (or emptied). */
  erased: number;
}

/**
 * Erases the application's health data and moves the state back to the account step; null when
 * `state` has no such withdrawal (the caller refuses it). The consent's own column and record
 * are the caller's, as every consent's are (app/core/contact-changes.ts).
 */
export async function withdrawApplicationHealthData(
  tx: Queryable,
  deps: { clock: Clock; audit: AuditLog },
  input: { customerId: number; state: OnboardingState; actor: string },
): Promise<HealthDataWithdrawn | null> {
  const transition = healthDataWithdrawal(input.state);
  if (!transition) return null;
  const erased = await eraseApplicationHealthData(tx, deps, input);
  const state = await moveState(tx, deps.clock, { customerId: input.customerId, from: transition.from, to: transition.to() });
  return { state, erased };
}

/**
 * Erases the application's health data, each erasure audited, and ends a signing still pending;
 * returns how many rows held some. Also what an application withdrawn under underwriting leaves
 * (docs/decisions/0295): the signed application its policy holds is kept, the rest goes.
 */
export async function eraseApplicationHealthData(tx: Queryable, deps: { clock: Clock; audit: AuditLog }, input: { customerId: number; actor: string }): Promise<number> {
  const erased = await erase(tx, deps.audit, input, APPLICATION);
  // Ends the pending one as a save does; its document is already gone.
  await endApplicationSignings(tx, deps.clock, input.customerId);
  return erased;
}

/**
 * An ended contract's holder withdraws the health-data consent (docs/decisions/0303, GDPR art.
 * 7(3)): what no claim under the contract needs is erased, each erasure audited; the state stays
 * (signing up again gives the consent again at the account step). Null when `state` is not an
 * ended contract's (the caller refuses it). The consent's own column and record are the caller's.
 */
export async function withdrawEndedContractHealthData(
  tx: Queryable,
  deps: { audit: AuditLog },
  input: { customerId: number; state: OnboardingState; actor: string },
): Promise<HealthDataWithdrawn | null> {
  const ended = endedContract(input.state);
  if (!ended) return null;
  return { state: input.state, erased: await erase(tx, deps.audit, input, ENDED[ended]) };
}

/**
 * The kept outcomes (app/core/idempotency.ts) of the saves whose data is gone: a score save's
 * holds the score and discount its answers earned, the questionnaire's the set its height and
 * weight decided (UW_L2 for a body-mass index of 30 or more). Derived from the answers, they go
 * with them, not a day later with the key; a resend of such a save is then a new save, which
 * the state refuses or makes afresh. A save whose data stays (a cancelled contract's) keeps its.
 */
const FORGET_OUTCOMES = `DELETE FROM form_submissions f WHERE f.customer_id = $1 AND (
    (f.form = 'questionnaire' AND NOT EXISTS (SELECT 1 FROM questionnaires q WHERE q.customer_id = $1))
    OR (f.form = 'score' AND NOT EXISTS (SELECT 1 FROM score_profiles s WHERE s.customer_id = $1 AND s.id::text = f.outcome->>'profileId')))`;

/** Runs `statements` and erases the score consents' data, each erasure audited; how many rows held some. */
async function erase(tx: Queryable, audit: AuditLog, input: { customerId: number; actor: string }, statements: readonly string[]): Promise<number> {
  let erased = 0;
  for (const deleted of statements) erased += await audit.erase({ customerId: input.customerId, actor: input.actor, deleted }, tx);
  for (const consent of SCORE_CONSENTS) erased += await eraseScoreConsentData(tx, audit, { customerId: input.customerId, consent, actor: input.actor });
  await tx.query(FORGET_OUTCOMES, [input.customerId]);
  return erased;
}
