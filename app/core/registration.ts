/**
 * Account registration (SPEC.md section 2 "Account", sections 3 to 5; PRODUCT.md sections 3
 * and 9): the saved form, the save with its invariants, the intermediary the support code
 * attaches, and NEW → ACCOUNT_REGISTERED.
 *
 * Which intermediary a save attaches (docs/decisions/0005-account-intermediary.md, as
 * amended by 0033-source-partner-stays.md):
 * - a support code that finds a partner attaches it;
 * - a code that finds nothing, or an empty code, falls back to the partner the sign-in
 *   link's `src` found, which stays unless a code finds another; without one, an empty code
 *   keeps what was attached before the form (while NEW the session's promoIntermediary,
 *   later the customer's partner unless it came from a support code now cleared).
 *
 * "While NEW" is while nothing is saved: a registration back in NEW (its health-data consent
 * withdrawn, docs/decisions/0293) keeps its partners as any saved one does.
 */
import { endedContract, isFirstState, mayEdit, type OnboardingState } from "../lib/onboarding.js";
import { COUNTRY, type AnalyticsEvent } from "../lib/analytics.js";
import { phoneAsStored, phoneIssue } from "../lib/fields.js";
import { emailIssue, SOURCES_OF_FUNDS, SUPPORT_CODE_MAX, TEXT_MAX, type SourceOfFunds } from "../lib/account-schema.js";
import type { Clock } from "./clock.js";
import type { Customer } from "./customers.js";
import type { Db, Queryable } from "./db/index.js";
import type { SubmissionLog } from "./idempotency.js";
import type { Failure, Outcome } from "./outcome.js";
import { intermediaryStore, type Intermediary } from "./intermediaries.js";
import { moveAfterSave, signUpAgainClosed } from "./onboarding.js";
import { sessionStore, type Notice } from "./sessions.js";
import { hashedUserDetails } from "./lead-details.js";
import { recordConsentAnswers } from "./consent-events.js";

const ACCOUNT_FORM = "account";

/** The saved account form (SPEC.md section 3). */
export interface Registration {
  email: string;
  phone: string;
  occupation: string;
  sourceOfFunds: SourceOfFunds;
  sourceOfFundsOther: string | null;
  supportCode: string | null;
  conditionsAgreement: boolean;
  healthDataAgreement: boolean;
  newsletterAgreement: boolean;
  wlAgreement: boolean;
}

/** What a save takes: the form as parsed by the schema (or a JSON client). */
export interface RegistrationInput {
  email: string;
  phone: string;
  occupation: string;
  sourceOfFunds: string;
  sourceOfFundsOther?: string | null;
  supportCode?: string | null;
  conditionsAgreement: boolean;
  healthDataAgreement: boolean;
  newsletterAgreement: boolean;
  wlAgreement: boolean;
  /**
   * The intermediary the wlAgreement checkbox named on screen. When given and the save
   * attaches another one, the consent is not stored: it was given to someone else.
   */
  wlPartner?: string | null;
}

/** A successful save (also what a replayed submission gets back). */
export interface RegistrationSaved {
  state: OnboardingState;
  intermediary: Intermediary | null;
}

/**
 * What a refused save found before refusing: the partner the typed support code attaches
 * (by the same rule as a save), which the form shown again names without asking the core
 * again (docs/decisions/0171).
 */
export interface RegistrationFound {
  intermediary: Intermediary | null;
}

/** What attachable takes: the customer, their session, the typed code, and whether a NEW customer's session remembers the result. */
interface AttachableInput {
  customer: Customer;
  session: { token: string; data: { promoIntermediary?: Intermediary; srcIntermediary?: Intermediary; data?: { promo?: string } } };
  supportCode: string | null | undefined;
  remember?: boolean;
}

/** The partner the sign-in link's `src` found: from the session while NEW, then as saved with the registration. */
type SourcePartner = Intermediary | null;

interface RegistrationRow {
  email: string;
  phone: string;
  occupation: string;
  source_of_funds: SourceOfFunds;
  source_of_funds_other: string | null;
  support_code: string | null;
  conditions_agreement: boolean;
  health_data_agreement: boolean;
  newsletter_agreement: boolean;
  wl_agreement: boolean;
}

const toRegistration = (row: RegistrationRow): Registration => ({
  email: row.email,
  phone: row.phone,
  occupation: row.occupation,
  sourceOfFunds: row.source_of_funds,
  sourceOfFundsOther: row.source_of_funds_other,
  supportCode: row.support_code,
  conditionsAgreement: row.conditions_agreement,
  healthDataAgreement: row.health_data_agreement,
  newsletterAgreement: row.newsletter_agreement,
  wlAgreement: row.wl_agreement,
});

const SELECT = `SELECT email, phone, occupation, source_of_funds, source_of_funds_other, support_code,
  conditions_agreement, health_data_agreement, newsletter_agreement, wl_agreement FROM registrations WHERE customer_id = $1`;

const isText = (value: unknown): value is string => typeof value === "string";
const clean = (value: string | null | undefined) => (isText(value) ? value.trim() : "");

/**
 * The invariants a save must hold, checked again here whatever door the form came through
 * (the schemas check the same for friendlier messages). Never throws.
 */
export function registrationFailures(input: RegistrationInput): Failure[] {
  const failures: Failure[] = contactFailures(input);
  const fail = (context: string, code: string) => failures.push({ code, context });
  const occupation = clean(input.occupation);
  if (!occupation) fail("occupation", "error.required");
  else if (occupation.length > TEXT_MAX) fail("occupation", "error.too_long");
  if (!(SOURCES_OF_FUNDS as readonly string[]).includes(input.sourceOfFunds)) fail("sourceOfFunds", "error.invalid");
  if (input.sourceOfFunds === "OTHER") {
    const other = clean(input.sourceOfFundsOther);
    if (!other) fail("sourceOfFundsOther", "error.required");
    else if (other.length > TEXT_MAX) fail("sourceOfFundsOther", "error.too_long");
  }
  if (clean(input.supportCode).length > SUPPORT_CODE_MAX) fail("supportCode", "error.too_long");
  if (input.conditionsAgreement !== true) fail("conditionsAgreement", "error.required");
  if (input.healthDataAgreement !== true) fail("healthDataAgreement", "error.required");
  return failures;
}

/** The e-mail's and phone's invariants: the registration's, and the self-service contact change's (app/core/contact-changes.ts). */
export function contactFailures(input: { email: string; phone: string }): Failure[] {
  const failures: Failure[] = [];
  const email = emailIssue(clean(input.email));
  if (email) failures.push({ code: email, context: "email" });
  const phone = phoneIssue(clean(input.phone));
  if (phone) failures.push({ code: phone, context: "phone" });
  return failures;
}

/**
 * The intermediary a support code attaches (see the module comment). `base` is what was
 * attached before the form, `source` the sign-in link's partner.
 */
async function resolveIntermediary(
  q: Queryable,
  code: string | null | undefined,
  base: Intermediary | null,
  source: SourcePartner,
): Promise<{ partner: Intermediary | null; byCode: boolean }> {
  const trimmed = clean(code);
  if (!trimmed) return { partner: source ?? base, byCode: false };
  const found = await intermediaryStore(q).byCode(trimmed);
  return found ? { partner: found, byCode: true } : { partner: source, byCode: false };
}

/** Whether nothing is saved yet: the first state without a registration (see the module comment). */
const unsaved = (state: string, saved: unknown): boolean => isFirstState(state) && !saved;

/** What an empty support code keeps (see the module comment). */
function baseIntermediary(
  customer: Pick<Customer, "state" | "intermediary">,
  sessionIntermediary: Intermediary | null | undefined,
  saved: Pick<Registration, "supportCode"> | null,
): Intermediary | null {
  if (unsaved(customer.state, saved)) return sessionIntermediary ?? null;
  return saved?.supportCode ? null : customer.intermediary;
}

/** The sign-in link's partner as the registration saved it. */
async function savedSourcePartner(q: Queryable, customerId: number): Promise<SourcePartner> {
  const rows = await q.query<Intermediary>(
    `SELECT i.source, i.name, i.logo FROM registrations r JOIN intermediaries i ON i.source = r.src_intermediary WHERE r.customer_id = $1`,
    [customerId],
  );
  return rows[0] ?? null;
}

export function registrationService(deps: { db: Db; clock: Clock; submissions: SubmissionLog }) {
  const { db, clock, submissions } = deps;

  async function get(q: Queryable, customerId: number): Promise<Registration | null> {
    const rows = await q.query<RegistrationRow>(SELECT, [customerId]);
    return rows[0] ? toRegistration(rows[0]) : null;
  }

  /** The attachable rule; `known`: the registration when the caller read it already (else read here). */
  async function attachable(input: AttachableInput, known?: Registration | null): Promise<Intermediary | null> {
    const { customer, session } = input;
    const code = clean(input.supportCode);
    const saved = known === undefined ? await get(db, customer.id) : known;
    const isNew = unsaved(customer.state, saved);
    const source = isNew ? (session.data.srcIntermediary ?? null) : await savedSourcePartner(db, customer.id);
    // A live lookup of an empty code detaches while NEW (SPEC.md section 4: "if the code
    // is empty, the intermediary is removed"), down to the sign-in link's partner.
    const base = input.remember && isNew ? null : baseIntermediary(customer, session.data.promoIntermediary, saved);
    const found = (await resolveIntermediary(db, code, base, source)).partner;
    if (input.remember && isNew) {
      if (found) await sessionStore(db, clock).mergeData(session.token, { promoIntermediary: found });
      else await sessionStore(db, clock).mergeData(session.token, {}, ["promoIntermediary"]);
    }
    return found;
  }

  return {
    /** The saved registration, or null before the first save. */
    get: (customerId: number) => get(db, customerId),

    /**
     * The intermediary the account form shows for a support code (the live lookup and the
     * page load): the same rule the save applies. While the state is NEW the result is
     * remembered as the session's promoIntermediary, which the header shows.
     */
    attachable: (input: AttachableInput) => attachable(input),

    /**
     * What the account page starts with, in one call (docs/decisions/0171): the saved form,
     * the support code the form starts with (the saved one, else the sign-in link's promo) and
     * the partner it attaches, by attachable's rule. Null after an ended contract past the
     * ages that may sign up again: the step is not open to them (the save refuses it too).
     */
    async page(input: Omit<AttachableInput, "supportCode" | "remember">): Promise<{ saved: Registration | null; supportCode: string; intermediary: Intermediary | null } | null> {
      if (signUpAgainClosed(input.customer, clock)) return null;
      const saved = await get(db, input.customer.id);
      const supportCode = saved ? (saved.supportCode ?? "") : (input.session.data.data?.promo ?? "");
      return { saved, supportCode, intermediary: await attachable({ ...input, supportCode }, saved) };
    },

    /**
     * Saves the form once per submission key (a replay gets the first outcome): checks the
     * invariants and the state, attaches or detaches the intermediary, stores phone and
     * email on the customer, moves NEW → ACCOUNT_REGISTERED (never backwards), and queues
     * the generate_lead event (and, when a support code was given, a notice saying what it
     * attached) for the next page of the session. A refusal carries what the typed code
     * attaches (`found.intermediary`), for the form shown again.
     */
    async save(input: {
      customer: Pick<Customer, "id">;
      session: { token: string; data: { promoIntermediary?: Intermediary; srcIntermediary?: Intermediary } } | null;
      form: RegistrationInput;
      submissionKey?: string | null;
    }): Promise<Outcome<RegistrationSaved, Failure[], RegistrationFound> & { replayed: boolean }> {
      const { form, session } = input;
      return submissions.once<RegistrationSaved, Failure[], RegistrationFound>(
        { key: input.submissionKey, customerId: input.customer.id, form: ACCOUNT_FORM, posted: form },
        async (tx) => {
          // The row lock orders this save against any other change of the customer.
          const rows = await tx.query<{
            state: OnboardingState;
            date_of_birth: string;
            first_name: string;
            last_name: string;
            i_source: string | null;
            i_name: string | null;
            i_logo: string | null;
          }>(
            `SELECT c.state, c.date_of_birth, c.first_name, c.last_name, i.source AS i_source, i.name AS i_name, i.logo AS i_logo
             FROM customers c LEFT JOIN intermediaries i ON i.source = c.intermediary_source
             WHERE c.id = $1 FOR UPDATE OF c`,
            [input.customer.id],
          );
          const row = rows[0];
          if (!row) return { ok: false, failure: [{ code: "error.not_found" }] };

          const current: Customer["intermediary"] = row.i_source ? { source: row.i_source, name: row.i_name!, logo: row.i_logo! } : null;
          const saved = await get(tx, input.customer.id);
          const supportCode = clean(form.supportCode) || null;
          const base = baseIntermediary({ state: row.state, intermediary: current }, session?.data.promoIntermediary, saved);
          const source = unsaved(row.state, saved) ? (session?.data.srcIntermediary ?? null) : await savedSourcePartner(tx, input.customer.id);
          const { partner: intermediary, byCode } = await resolveIntermediary(tx, supportCode, base, source);
          // After an ended contract this save is the sign-up again, open only at an eligible age.
          const refused = !mayEdit(row.state, "account") || signUpAgainClosed({ state: row.state, dateOfBirth: row.date_of_birth }, clock);
          if (refused) return { ok: false, failure: [{ code: "error.wrong_state" }], found: { intermediary } };
          const failures = registrationFailures(form);
          if (failures.length) return { ok: false, failure: failures, found: { intermediary } };
          const wlPartner = clean(form.wlPartner);
          const wlAgreement = Boolean(intermediary && form.wlAgreement && (!wlPartner || wlPartner === intermediary.name));
          const sourceOfFunds = form.sourceOfFunds as SourceOfFunds;
          const registration: Registration = {
            email: clean(form.email),
            phone: phoneAsStored(clean(form.phone)),
            occupation: clean(form.occupation),
            sourceOfFunds,
            sourceOfFundsOther: sourceOfFunds === "OTHER" ? clean(form.sourceOfFundsOther) : null,
            // A code no partner has is not kept as the registration's (issue 23 item 9): the
            // offer then asks for one again, and no document names it.
            supportCode: byCode ? supportCode : null,
            conditionsAgreement: true,
            healthDataAgreement: true,
            newsletterAgreement: form.newsletterAgreement === true,
            wlAgreement,
          };
          const now = clock.now();
          await tx.query(
            `INSERT INTO registrations (customer_id, email, phone, occupation, source_of_funds, source_of_funds_other, support_code,
               conditions_agreement, health_data_agreement, newsletter_agreement, wl_agreement, saved_at, src_intermediary)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
             ON CONFLICT (customer_id) DO UPDATE SET email = EXCLUDED.email, phone = EXCLUDED.phone, occupation = EXCLUDED.occupation,
               source_of_funds = EXCLUDED.source_of_funds, source_of_funds_other = EXCLUDED.source_of_funds_other,
               support_code = EXCLUDED.support_code, conditions_agreement = EXCLUDED.conditions_agreement,
               health_data_agreement = EXCLUDED.health_data_agreement, newsletter_agreement = EXCLUDED.newsletter_agreement,
               wl_agreement = EXCLUDED.wl_agreement, saved_at = EXCLUDED.saved_at, src_intermediary = EXCLUDED.src_intermediary`,
            [
              input.customer.id,
              registration.email,
              registration.phone,
              registration.occupation,
              registration.sourceOfFunds,
              registration.sourceOfFundsOther,
              registration.supportCode,
              registration.conditionsAgreement,
              registration.healthDataAgreement,
              registration.newsletterAgreement,
              registration.wlAgreement,
              now,
              source?.source ?? null,
            ],
          );
          // The optional consents' history (docs/decisions/0140).
          await recordConsentAnswers(tx, {
            customerId: input.customer.id,
            at: now,
            via: "registration",
            answers: {
              newsletter: { given: registration.newsletterAgreement, partner: null },
              partner: { given: wlAgreement, partner: intermediary?.source ?? null },
              // Given again after a withdrawal (docs/decisions/0293); before one, not recorded.
              "health-data": { given: true, partner: null },
            },
          });
          await tx.query(`UPDATE customers SET email = $2, phone = $3, intermediary_source = $4, updated_at = $5 WHERE id = $1`, [
            input.customer.id,
            registration.email,
            registration.phone,
            intermediary?.source ?? null,
            now,
          ]);
          // A sign-up again: the consents were given for the contract that ended; the new offer asks its own.
          if (endedContract(row.state) !== null) await tx.query(`DELETE FROM offers WHERE customer_id = $1`, [input.customer.id]);
          const state = await moveAfterSave(tx, clock, { customerId: input.customer.id, step: "account", from: row.state });

          if (session) {
            const lead: AnalyticsEvent = {
              event: "generate_lead",
              country: COUNTRY,
              partner: intermediary?.name ?? null,
              // Hashed here: the raw details never reach the session or the page (docs/decisions/0095).
              user: { ...hashedUserDetails({ firstName: row.first_name, lastName: row.last_name, email: registration.email, phone: registration.phone }) },
            };
            const notices: Notice[] = [];
            // Only a code that found the partner "linked" it; an unknown one is said so, and a
            // partner kept from the sign-in link is named as kept (issue 23 item 9).
            if (supportCode && byCode && intermediary) notices.push({ key: "account.notice.partner_attached", params: { code: supportCode, name: intermediary.name } });
            else if (supportCode && intermediary) notices.push({ key: "account.notice.code_not_found_partner_kept", params: { code: supportCode, name: intermediary.name } });
            else if (supportCode) notices.push({ key: "account.notice.code_not_found", params: { code: supportCode } });
            await sessionStore(tx, clock).enqueue(session.token, { events: [lead], notices });
          }
          return { ok: true, value: { state, intermediary } };
        },
      );
    },
  };
}
