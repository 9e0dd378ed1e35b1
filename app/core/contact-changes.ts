/**
 * A policyholder's own changes in self-service (issue 22 items 2 and 4, docs/decisions/0140):
 *
 * - the e-mail and phone, checked as at registration, in force at once; each change kept
 *   (what it was, what it became, when) in contact_changes;
 * - the newsletter consent and, while a partner is attached, the partner consent, given or
 *   withdrawn at once; each answer kept with its time in consent_events;
 * - the score's consents (the activity tracker, the health measurement: docs/decisions/0257)
 *   withdrawn at once, what they let us hold erased (app/core/score/consents.ts);
 * - the registration's health-data consent, withdrawn by an applicant who has not signed: their
 *   health answers erased and the application back at the account step
 *   (app/core/health-data-consent.ts, docs/decisions/0293); and by the holder of a contract that
 *   ended, what no claim under it needs erased (docs/decisions/0303).
 *
 * The contact details change wherever the onboarding table lets the customer's state open the
 * contact page: every registered state whose account step is not editable, the applicant waiting
 * for the underwriter, signed but not started or declined too (GDPR art. 16, docs/decisions/0310;
 * while the account step is editable, it changes them); the consents in every state once
 * registered (GDPR art. 7(3): withdrawing is as easy as giving, before the contract and after it
 * ended; docs/decisions/0263). Each change runs once per submission key (a double
 * submit never applies twice) and, on a page, queues a notice saying what changed.
 */
import { phoneAsStored } from "../lib/fields.js";
import { endedContract, healthDataWithdrawal, isFirstState, mayView, type OnboardingState } from "../lib/onboarding.js";
import { HEALTH_DATA_CONSENT, isScoreConsent, type ChangeableConsent, type ContactField, type ScoreConsent } from "../lib/contact-fields.js";
import type { Clock } from "./clock.js";
import type { Customer } from "./customers.js";
import type { Db, Queryable } from "./db/index.js";
import type { AuditLog } from "./health-data.js";
import type { SubmissionLog } from "./idempotency.js";
import type { Failure, Outcome } from "./outcome.js";
import { contactFailures } from "./registration.js";
import { sessionStore, type Notice } from "./sessions.js";
import { recordConsentAnswers } from "./consent-events.js";
import { eraseScoreConsentData, scoreConsentAnswer, scoreConsentRefusal, scoreConsentShown } from "./score/consents.js";
import { eraseApplicationHealthData, withdrawApplicationHealthData, withdrawEndedContractHealthData } from "./health-data-consent.js";

const CONTACT_FORM = "contact";
const CONSENT_FORM = "consent";

export interface Contact {
  email: string;
  phone: string;
}

/**
 * The fields a stale form would overwrite: changed by its customer (`posted` is not what the
 * form showed) while the details in force (`now`) are no longer what it showed either, a change
 * made elsewhere since. A field the form did not say it showed is never stale (an /api call
 * without `emailWas`/`phoneWas`).
 */
export function staleContact(now: Contact, posted: Contact, shown: Partial<Contact>): Array<keyof Contact> {
  return (["email", "phone"] as const).filter((field) => shown[field] !== undefined && posted[field] !== shown[field] && now[field] !== shown[field] && now[field] !== posted[field]);
}

/** A consent as self-service shows it: the answer and when it was given (null: not known, or never). */
export interface ConsentStatus {
  consent: ChangeableConsent;
  given: boolean;
  /** When the current answer was given (ISO), or null when there is none recorded. */
  at: string | null;
  /** The partner a partner consent is given to (its name, as the header shows it). */
  partner: string | null;
}

export interface ContactChanged extends Contact {
  changed: ContactField[];
}

interface Session {
  token: string;
}

interface Row {
  state: OnboardingState;
  email: string;
  phone: string;
  newsletter_agreement: boolean;
  wl_agreement: boolean;
  health_data_agreement: boolean;
  saved_at: Date | string;
  partner_source: string | null;
  partner_name: string | null;
  /** What the score's consents are read from without a recorded answer (app/core/score/consents.ts). */
  activity_since: Date | string | null;
  measured_since: Date | string | null;
}

const ROW = `SELECT c.state, r.email, r.phone, r.newsletter_agreement, r.wl_agreement, r.health_data_agreement, r.saved_at,
    i.source AS partner_source, i.name AS partner_name,
    (SELECT a.decided_at FROM activity_connections a WHERE a.customer_id = c.id AND a.status = 'approved') AS activity_since,
    (SELECT min(m.measured_at) FROM health_measurements m WHERE m.customer_id = c.id) AS measured_since
  FROM customers c JOIN registrations r ON r.customer_id = c.id LEFT JOIN intermediaries i ON i.source = c.intermediary_source
  WHERE c.id = $1`;

const clean = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Why a change is refused before looking at its input: no registration; for the contact details, a state that changes them at the account step. */
function refusal(row: Row | undefined, change: typeof CONTACT_FORM | typeof CONSENT_FORM): Failure[] | null {
  if (!row) return [{ code: "error.not_found" }];
  if (change === CONTACT_FORM && !mayView(row.state, "contact")) return [{ code: "error.wrong_state" }];
  return null;
}

/**
 * Whether the health-data consent is shown: while an applicant may withdraw it (a state of the
 * application before signing), and back at the account step after it was withdrawn (a
 * registration in the first state), saying so (docs/decisions/0293).
 */
const healthDataShown = (state: OnboardingState): boolean => healthDataWithdrawal(state) !== null || isFirstState(state) || endedContract(state) !== null;

/**
 * The consents the customer can change now: the newsletter, the partner's while one is attached,
 * the score's while the score offers them (`offered`) or while they are given, and the
 * health-data consent before signing.
 */
async function consentsOf(q: Queryable, customerId: number, row: Row, offered: boolean): Promise<ConsentStatus[]> {
  const times = await q.query<{ consent: ChangeableConsent; given: boolean; partner: string | null; at: Date | string }>(
    `SELECT DISTINCT ON (consent) consent, given, partner, at FROM consent_events WHERE customer_id = $1 ORDER BY consent, at DESC, id DESC`,
    [customerId],
  );
  const last = new Map(times.map((t) => [t.consent, t]));
  // The registration's time stands for an answer given before its history was kept (the demo seed).
  const timeOf = (consent: ChangeableConsent, given: boolean, partner: string | null) => {
    const event = last.get(consent);
    const at = event && event.given === given && event.partner === partner ? event.at : row.saved_at;
    return new Date(at).toISOString();
  };
  const statuses: ConsentStatus[] = [{ consent: "newsletter", given: row.newsletter_agreement, at: timeOf("newsletter", row.newsletter_agreement, null), partner: null }];
  if (row.partner_source) {
    const given = row.wl_agreement;
    statuses.push({ consent: "partner", given, at: timeOf("partner", given, row.partner_source), partner: row.partner_name });
  }
  for (const [consent, heldSince] of [
    ["activity", row.activity_since],
    ["measurement", row.measured_since],
  ] as const) {
    const answer = scoreConsentAnswer({ event: last.get(consent) ?? null, heldSince });
    if (scoreConsentShown(answer, offered)) statuses.push({ consent, ...answer, partner: null });
  }
  if (healthDataShown(row.state)) {
    const given = row.health_data_agreement;
    statuses.push({ consent: HEALTH_DATA_CONSENT, given, at: timeOf(HEALTH_DATA_CONSENT, given, null), partner: null });
  }
  return statuses;
}

/**
 * Withdraws the registration's health-data consent inside `tx`, under the customer's row lock:
 * before signing the application's health data erased and the state back at the account step
 * (docs/decisions/0293), where it stays when it is there already; after the contract ended
 * what no claim under it needs erased, the state as it is (docs/decisions/0303). The score's
 * consents given go with it, what they let us hold erased; each withdrawn consent is recorded
 * and the registration's column cleared. Also what ending the contract for the consent's sake
 * does once it has ended (app/core/withdrawal.ts, docs/decisions/0337). Returns the
 * withdrawal's time; null when the state has no such withdrawal.
 */
export async function withdrawHealthDataConsent(
  tx: Queryable,
  deps: { clock: Clock; audit: AuditLog },
  input: { customerId: number; row?: Row },
): Promise<Date | null> {
  const { customerId } = input;
  const row = input.row ?? (await readRow(tx, customerId));
  if (!row) return null;
  // The score's consents given, read before their data goes: shown whatever the score offers (`scoreConsentShown`).
  const scoreGiven = (await consentsOf(tx, customerId, row, false)).filter((c) => isScoreConsent(c.consent) && c.given).map((c) => [c.consent, { given: false, partner: null }]);
  const withdrawal = { customerId, state: row.state, actor: `customer:${customerId}` };
  const withdrawn = endedContract(row.state)
    ? await withdrawEndedContractHealthData(tx, deps, withdrawal)
    : isFirstState(row.state)
      ? // Back at the account step already (an application withdrawn under underwriting,
        // docs/decisions/0295): what is left of the application goes, the state stays.
        { state: row.state, erased: await eraseApplicationHealthData(tx, deps, withdrawal) }
      : await withdrawApplicationHealthData(tx, deps, withdrawal);
  if (!withdrawn) return null;
  const at = deps.clock.now();
  const answers = { ...Object.fromEntries(scoreGiven), [HEALTH_DATA_CONSENT]: { given: false, partner: null } };
  await recordConsentAnswers(tx, { customerId, at, via: "self-service", answers });
  await tx.query(`UPDATE registrations SET health_data_agreement = false WHERE customer_id = $1`, [customerId]);
  return at;
}

/**
 * What the first page after the health-data consent's withdrawal says, by the state the
 * customer is in: an ended contract's holder keeps what its claims need (docs/decisions/0303).
 */
export function healthDataWithdrawnNotice(state: string): string {
  const ended = endedContract(state);
  return ended ? `self_service.consents.notice.health-data.withdrawn_${ended}` : "self_service.consents.notice.health-data.withdrawn";
}

const readRow = async (q: Queryable, customerId: number, lock = false): Promise<Row | undefined> => (await q.query<Row>(lock ? `${ROW} FOR UPDATE OF c` : ROW, [customerId]))[0];

export function contactChangeService(deps: {
  db: Db;
  clock: Clock;
  submissions: SubmissionLog;
  audit: AuditLog;
  /** Whether the score offers its consents (the integrations are on): otherwise only given ones are shown. */
  scoreConsents: boolean;
}) {
  const { db, clock, submissions, audit } = deps;
  const offered = deps.scoreConsents;

  const notify = async (q: Queryable, session: Session | null | undefined, notices: Notice[]) => {
    if (session && notices.length) await sessionStore(q, clock).enqueue(session.token, { notices });
  };

  /**
   * Withdraws a score consent (docs/decisions/0257): erases what it let us hold (a pending
   * connection request too, when it was not given) and records the withdrawal when it was given.
   */
  async function withdrawScoreConsent(
    tx: Queryable,
    customerId: number,
    session: Session | null | undefined,
    row: Row,
    consent: ScoreConsent,
    given: boolean,
  ): Promise<Outcome<ConsentStatus, Failure[]>> {
    const before = (await consentsOf(tx, customerId, row, offered)).find((c) => c.consent === consent);
    const refused = scoreConsentRefusal({ shown: Boolean(before), given });
    if (refused) return { ok: false, failure: refused };
    await eraseScoreConsentData(tx, audit, { customerId, consent, actor: `customer:${customerId}` });
    let status = before!;
    if (status.given) {
      const at = clock.now();
      await recordConsentAnswers(tx, { customerId, at, via: "self-service", answers: { [consent]: { given: false, partner: null } } });
      status = { ...status, given: false, at: at.toISOString() };
    }
    await notify(tx, session, [{ key: `self_service.consents.notice.${consent}.withdrawn` }]);
    return { ok: true, value: status };
  }

  /**
   * Withdraws the registration's health-data consent before signing (docs/decisions/0293): the
   * application's health data erased, the score's consents with it, a pending signing ended,
   * the state back at the account step; each withdrawn consent recorded. Only the account step
   * gives it again (`error.consent.given_at_account`); a state that does not show it refuses
   * (`error.wrong_state`: a signed application, a contract's withdrawal door).
   */
  async function withdrawHealthData(
    tx: Queryable,
    customerId: number,
    session: Session | null | undefined,
    row: Row,
    given: boolean,
  ): Promise<Outcome<ConsentStatus, Failure[]>> {
    const before = await consentsOf(tx, customerId, row, offered);
    const status = before.find((c) => c.consent === HEALTH_DATA_CONSENT);
    if (!status) return { ok: false, failure: [{ code: "error.wrong_state", context: "consent" }] };
    if (given) return { ok: false, failure: [{ code: "error.consent.given_at_account", context: "given" }] };
    let value = status;
    // Withdrawn already (back at the account step): nothing more to erase or record.
    if (status.given) {
      const at = await withdrawHealthDataConsent(tx, { clock, audit }, { customerId, row });
      if (!at) return { ok: false, failure: [{ code: "error.wrong_state", context: "consent" }] };
      value = { ...status, given: false, at: at.toISOString() };
    }
    await notify(tx, session, [{ key: healthDataWithdrawnNotice(row.state) }]);
    return { ok: true, value };
  }

  return {
    /** The e-mail and phone in force, or null before registration. */
    async contact(customerId: number): Promise<Contact | null> {
      const row = await readRow(db, customerId);
      return row ? { email: row.email, phone: row.phone } : null;
    },

    /** The consents self-service shows, with the time of each answer; null before registration. */
    async consents(customerId: number): Promise<ConsentStatus[] | null> {
      const row = await readRow(db, customerId);
      return row ? consentsOf(db, customerId, row, offered) : null;
    },

    /**
     * Changes the e-mail and phone at once (the registration and the customer, as the
     * registration's save stores them), keeping each change. Nothing changes, and nothing is
     * kept, when both are as they were.
     */
    async changeContact(input: {
      customer: Pick<Customer, "id">;
      session?: Session | null;
      /** `emailWas`, `phoneWas`: the details the form showed (contactSchema); a field as it was is kept as it is now. */
      form: Contact & { emailWas?: string; phoneWas?: string };
      submissionKey?: string | null;
    }): Promise<Outcome<ContactChanged, Failure[]> & { replayed: boolean }> {
      return submissions.once<ContactChanged, Failure[]>({ key: input.submissionKey, customerId: input.customer.id, form: CONTACT_FORM, posted: input.form }, async (tx) => {
        const row = await readRow(tx, input.customer.id, true);
        const refused = refusal(row, CONTACT_FORM);
        if (refused) return { ok: false, failure: refused };
        const failures = contactFailures(input.form);
        if (failures.length) return { ok: false, failure: failures };
        const posted: Contact = { email: clean(input.form.email), phone: phoneAsStored(clean(input.form.phone)) };
        const shown: Partial<Contact> = {
          ...(typeof input.form.emailWas === "string" ? { email: clean(input.form.emailWas) } : {}),
          ...(typeof input.form.phoneWas === "string" ? { phone: phoneAsStored(clean(input.form.phoneWas)) } : {}),
        };
        // A form opened before a change made elsewhere (another tab) writes only what its
        // customer changed, and never over that change (docs/decisions/0271).
        const stale = staleContact(row!, posted, shown);
        if (stale.length) return { ok: false, failure: stale.map((field) => ({ code: "error.changed_meanwhile", context: field })) };
        const next: Contact = {
          email: shown.email === posted.email ? row!.email : posted.email,
          phone: shown.phone === posted.phone ? row!.phone : posted.phone,
        };
        const changed = (["email", "phone"] as const).filter((field) => row![field] !== next[field]);
        if (changed.length === 0) {
          await notify(tx, input.session, [{ key: "self_service.contact.notice.unchanged" }]);
          return { ok: true, value: { ...next, changed } };
        }
        const now = clock.now();
        for (const field of changed) {
          await tx.query(`INSERT INTO contact_changes (customer_id, field, old_value, new_value, changed_at) VALUES ($1, $2, $3, $4, $5)`, [
            input.customer.id,
            field,
            row![field],
            next[field],
            now,
          ]);
        }
        await tx.query(`UPDATE registrations SET email = $2, phone = $3 WHERE customer_id = $1`, [input.customer.id, next.email, next.phone]);
        await tx.query(`UPDATE customers SET email = $2, phone = $3, updated_at = $4 WHERE id = $1`, [input.customer.id, next.email, next.phone, now]);
        await notify(tx, input.session, [{ key: "self_service.contact.notice.changed" }]);
        return { ok: true, value: { ...next, changed } };
      });
    },

    /**
     * Gives or withdraws one consent at once. The partner consent exists only while a partner
     * is attached (otherwise `error.not_found`). Answering as it already stands changes nothing.
     * A score consent is only withdrawn here (`withdrawScoreConsent`), the health-data consent
     * too, before signing (`withdrawHealthData`).
     */
    async setConsent(input: {
      customer: Pick<Customer, "id">;
      session?: Session | null;
      consent: ChangeableConsent;
      given: boolean;
      submissionKey?: string | null;
    }): Promise<Outcome<ConsentStatus, Failure[]> & { replayed: boolean }> {
      return submissions.once<ConsentStatus, Failure[]>({ key: input.submissionKey, customerId: input.customer.id, form: CONSENT_FORM, posted: [input.consent, input.given] }, async (tx) => {
        const row = await readRow(tx, input.customer.id, true);
        const refused = refusal(row, CONSENT_FORM);
        if (refused) return { ok: false, failure: refused };
        if (isScoreConsent(input.consent)) return withdrawScoreConsent(tx, input.customer.id, input.session, row!, input.consent, input.given);
        if (input.consent === HEALTH_DATA_CONSENT) return withdrawHealthData(tx, input.customer.id, input.session, row!, input.given);
        const partner = input.consent === "partner" ? row!.partner_source : null;
        if (input.consent === "partner" && !partner) return { ok: false, failure: [{ code: "error.not_found", context: "consent" }] };
        const column = input.consent === "partner" ? "wl_agreement" : "newsletter_agreement";
        if (row![column] !== input.given) {
          await recordConsentAnswers(tx, { customerId: input.customer.id, at: clock.now(), via: "self-service", answers: { [input.consent]: { given: input.given, partner } } });
          await tx.query(`UPDATE registrations SET ${column} = $2 WHERE customer_id = $1`, [input.customer.id, input.given]);
        }
        const params = input.consent === "partner" ? { name: row!.partner_name ?? "" } : undefined;
        await notify(tx, input.session, [{ key: `self_service.consents.notice.${input.consent}.${input.given ? "given" : "withdrawn"}`, params }]);
        const after = await consentsOf(tx, input.customer.id, { ...row!, [column]: input.given }, offered);
        const status = after.find((c) => c.consent === input.consent)!;
        return { ok: true, value: status };
      });
    },
  };
}
