/**
 * The wellness score's own consents (docs/decisions/0257): connecting the activity tracker (on
 * the provider's consent page) and taking a health measurement (its tick, given with every
 * measurement). The score gives them; self-service withdraws them (app/core/contact-changes.ts).
 * Each giving and withdrawal is a row of consent_events. A withdrawal erases what the consent
 * let us hold — the tracker's connection with its pulled data, every stored measurement — and
 * the statement that erases it records each erased value in the audit table. Scores saved while
 * a consent was in force keep the answers they were computed from.
 */
import type { ScoreConsent } from "../../lib/contact-fields.js";
import type { Queryable } from "../db/index.js";
import type { AuditLog } from "../health-data.js";
import type { Failure } from "../outcome.js";

/** What a score consent's answer is read from. */
export interface ScoreConsentFacts {
  /** The latest recorded answer, or null while none is recorded. */
  event: { given: boolean; at: Date | string } | null;
  /**
   * Since when the data shows the consent in force (an approved connection's decision, the
   * first measurement), or null: what stands for an answer given before its history was kept.
   */
  heldSince: Date | string | null;
}

/** The answer and its time (ISO; null: never given). */
export interface ScoreConsentAnswer {
  given: boolean;
  at: string | null;
}

/** The latest recorded answer; without one, what the data shows. */
export function scoreConsentAnswer(facts: ScoreConsentFacts): ScoreConsentAnswer {
  if (facts.event) return { given: facts.event.given, at: new Date(facts.event.at).toISOString() };
  if (facts.heldSince) return { given: true, at: new Date(facts.heldSince).toISOString() };
  return { given: false, at: null };
}

/**
 * Whether self-service shows the consent: while the score offers it (the integrations are on),
 * and always while it is given, so that what was given can be withdrawn.
 */
export const scoreConsentShown = (answer: ScoreConsentAnswer, offered: boolean): boolean => offered || answer.given;

/**
 * Why a change of a score consent is refused, or null: one self-service does not show does not
 * exist there, and self-service only withdraws (the score gives, with the tracker's page or a
 * measurement's tick). Withdrawing one not given is allowed and changes nothing but a request
 * still pending (app/core/contact-changes.ts).
 */
export function scoreConsentRefusal(input: { shown: boolean; given: boolean }): Failure[] | null {
  if (!input.shown) return [{ code: "error.not_found", context: "consent" }];
  if (input.given) return [{ code: "error.consent.given_at_score", context: "given" }];
  return null;
}

/** What a withdrawal deletes, and the audit subject of the health data each row held. */
const ERASED: Record<ScoreConsent, string> = {
  // The connection, pending or decided, with its token (so a consent page still open cannot
  // approve it afterwards) and its pulled data.
  activity: `DELETE FROM activity_connections WHERE customer_id = $1
               RETURNING CASE WHEN data_sealed IS NOT NULL THEN 'activity:' || customer_id END AS subject`,
  measurement: `DELETE FROM health_measurements WHERE customer_id = $1 RETURNING 'measurement:' || id AS subject`,
};

/** Erases what the consent let us hold, each erased value audited by the same statement. */
export function eraseScoreConsentData(q: Queryable, audit: AuditLog, input: { customerId: number; consent: ScoreConsent; actor: string }): Promise<number> {
  return audit.erase({ customerId: input.customerId, actor: input.actor, deleted: ERASED[input.consent] }, q);
}
