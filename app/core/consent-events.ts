/**
 * The history of the optional consents (issue 22 item 4, docs/decisions/0140 and 0257): the
 * registration's columns hold the newsletter's and the partner's current answer, the latest
 * row here the score's (the activity tracker's and the health measurement's), and the
 * registration's health-data consent once withdrawn (docs/decisions/0293); every giving and
 * withdrawal is kept here with its time, whichever door it came through (the account step, the
 * score, self-service, /api).
 */
import type { ChangeableConsent } from "../lib/contact-fields.js";
import type { Queryable } from "./db/index.js";

/** Where an answer was given: the account step, the score (its tracker and measurement), or the self-service change. */
export type ConsentVia = "registration" | "score" | "self-service";

export interface ConsentAnswer {
  given: boolean;
  /** The intermediary a partner consent is given to (null for every other consent). */
  partner: string | null;
}

/** The latest answer per consent, or none before the first. */
async function latest(q: Queryable, customerId: number): Promise<Map<ChangeableConsent, ConsentAnswer>> {
  const rows = await q.query<{ consent: ChangeableConsent; given: boolean; partner: string | null }>(
    `SELECT DISTINCT ON (consent) consent, given, partner FROM consent_events WHERE customer_id = $1 ORDER BY consent, at DESC, id DESC`,
    [customerId],
  );
  return new Map(rows.map((r) => [r.consent, { given: r.given, partner: r.partner }]));
}

/**
 * Records the answers that differ from the latest recorded ones (a partner consent given to
 * another intermediary differs too), all at `at`. Returns the consents that changed.
 */
export async function recordConsentAnswers(
  q: Queryable,
  input: { customerId: number; at: Date; via: ConsentVia; answers: Partial<Record<ChangeableConsent, ConsentAnswer>> },
): Promise<ChangeableConsent[]> {
  const before = await latest(q, input.customerId);
  const changed: ChangeableConsent[] = [];
  for (const [consent, answer] of Object.entries(input.answers) as [ChangeableConsent, ConsentAnswer][]) {
    const last = before.get(consent);
    if (last && last.given === answer.given && last.partner === answer.partner) continue;
    // No partner and nothing recorded before: there is nothing to say.
    if (!last && consent === "partner" && answer.partner === null) continue;
    // The health-data consent's history starts with its withdrawal (docs/decisions/0293):
    // until then the registration's column is the answer, given with it.
    if (!last && consent === "health-data" && answer.given) continue;
    await q.query(`INSERT INTO consent_events (customer_id, consent, given, partner, via, at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      input.customerId,
      consent,
      answer.given,
      answer.partner,
      input.via,
      input.at,
    ]);
    changed.push(consent);
  }
  return changed;
}
