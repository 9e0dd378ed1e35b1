/**
 * The offer (SPEC.md section 2 "Offer", PRODUCT.md sections 3, 5, 8 and 10): what the
 * customer is offered, the consents and optional support code, the documents, the signing
 * through a provider and its completion (AGREEMENT_SIGNED or EUW, the policy stored with the
 * signed document), and the operator's decisions afterwards.
 */
import { createHash } from "node:crypto";
import { endedContract, mayEdit, TRANSITIONS, type OnboardingState } from "../lib/onboarding.js";
import type { Language } from "../lib/euro.js";
import { SUPPORT_CODE_MAX } from "../lib/account-schema.js";
import { readApplication, type Application, type ApplicationDeps } from "./application.js";
import { recordDocumentRead, SIGNING_ACTOR } from "./document-reads.js";
import { today, type Clock } from "./clock.js";
import type { Customer } from "./customers.js";
import { customerStore } from "./customers.js";
import type { Db, Queryable } from "./db/index.js";
import {
  applicationModel,
  erasedApplicationModel,
  documentFileName,
  paymentScheduleModel,
  type ApplicationDocument,
  type DocModel,
  type RenderPdf,
  type ScheduleDocument,
  sha256,
  type DocumentCustomer,
} from "./documents/index.js";
import { sealedDocuments } from "./documents/sealed.js";
import { auditLog, type AuditLog, type HealthCipher } from "./health-data.js";
import type { SubmissionLog } from "./idempotency.js";
import type { Failure, Outcome } from "./outcome.js";
import { intermediaryStore } from "./intermediaries.js";
import { moveState } from "./onboarding.js";
import { HOUSEKEEPING_ACTOR } from "./housekeeping.js";
import type { ServiceCode } from "../lib/limits.js";
import { paymentSchedule, policyStartFor } from "./payment-schedule.js";
import { APPLIED_AT_COLUMN, applicationDay, pricedAge } from "./application-day.js";
import { APPLICATION_EDITION } from "./documents/application-editions.js";
import { policyNumber } from "./policyholder/index.js";
import type { Estimation } from "./pricing.js";
import { needsExtendedUnderwriting, PRICING_ACTOR } from "./questionnaire.js";
import { namesSomeone } from "./operator.js";
import { contractTerm, premiumByAge, type AgeTableRow, type ContractTerm } from "./contract-term.js";
import type { SigningProvider } from "./signing/provider.js";
import { signingAttempts, type SigningCompletion } from "./signing/attempts.js";
import type { SigningConfig } from "../lib/signing.js";
import type { OfferView } from "../lib/offer-fields.js";

const OFFER_FORM = "offer";
export const CONSENTS = ["applicationConsent", "insuranceConditionsConsent", "insurerDataSharingConsent"] as const;
export type ConsentName = (typeof CONSENTS)[number];
export type Consents = Record<ConsentName, boolean>;

export interface SigningCompleted {
  state: OnboardingState;
  result: "SIGNED" | "FAILED";
  supportCode: string | null;
  phone: string | null;
  email: string | null;
  /**
   * The completion changed nothing: the signing it names was concluded before (a repeat after
   * success or failure, one racing it, an older tab's), and this is that outcome. False for
   * the completion that concluded it. The meaning of every save's `replayed` (docs/api.md).
   */
  replayed: boolean;
}

export type PolicyStatus = "SIGNED" | "EUW" | "ACTIVE" | "DECLINED";

export interface PolicyRecord {
  id: number;
  number: string;
  status: PolicyStatus;
  signedAt: Date;
  /** When its application was made and priced: its signing's start (app/core/application-day.ts). */
  appliedAt: Date;
  /** The underwriter's acceptance of an EUW case (the contract concluded then); null for one concluded on signing. */
  acceptedAt: Date | null;
  startDate: string;
  documentSha256: string;
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: ServiceCode[];
  estimation: Estimation;
  language: Language;
  /** The edition its application was drawn as (app/core/documents/application-editions.ts). */
  applicationEdition: number;
}

/** The terms a signing's document states (signings.terms); the policy stores them when it is signed. */
interface SignedTerms {
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: ServiceCode[];
  estimation: Estimation;
  /** The application's edition its PDF was drawn as (migration 0027 gave the signings before it the first). */
  edition: number;
}

/**
 * The offer as the page shows it, in 16 characters (docs/decisions/0305): the covers, the
 * services, every line of the price, the start and whether the underwriter concludes it. The
 * offer form posts the one it showed; a save of an offer changed since (another tab's package
 * or answers, a birthday or midnight) is refused, so the amount confirmed is the amount signed.
 */
function offerVersion(shown: {
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: readonly ServiceCode[];
  estimation: Estimation;
  startDate: string;
  term: Pick<ContractTerm, "withdrawalFrom">;
}): string {
  const parts = [shown.sumInsuredForDeathCover, shown.sumInsuredForDisabilityCover, shown.services, shown.estimation, shown.startDate, shown.term.withdrawalFrom];
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 16);
}

const NO_CONSENTS: Consents = { applicationConsent: false, insuranceConditionsConsent: false, insurerDataSharingConsent: false };

/**
 * Whether the saved consents were given for the offer of version `version`. Consents saved
 * before migration 0033 name no offer and stand for the offer as it is.
 */
const consentedTo = (a: Pick<Application, "consentedOffer">, version: string): boolean => a.consentedOffer === null || a.consentedOffer === version;

function consentFailures(consents: Partial<Record<ConsentName, unknown>>): Failure[] {
  return CONSENTS.filter((name) => consents[name] !== true).map((context) => ({ code: "error.consent_required", context }));
}

export interface OfferDeps extends ApplicationDeps {
  db: Db;
  /** Every opening of a sealed document is recorded. */
  audit: AuditLog;
  submissions: SubmissionLog;
  signing: SigningProvider;
  /** Draws the PDFs (app/core/documents/workers.ts). */
  pdf: RenderPdf;
}

export function offerService(deps: OfferDeps) {
  const { db, clock, submissions, signing: provider } = deps;
  const read = (q: Queryable, customer: Customer, actor?: string) => readApplication(q, deps, customer, actor);
  const documents = sealedDocuments(deps.cipher, deps.audit);
  const attempts = signingAttempts({ db, clock, provider, documents, cipher: deps.cipher });

  const isComplete = (a: Application): a is Application & { proposal: NonNullable<Application["proposal"]>; estimation: Estimation } =>
    a.proposal !== null && a.estimation !== null && a.questionnaire !== null && a.beneficiaries.length > 0;

  const customerOnDocument = (customer: Customer): DocumentCustomer => ({
    firstName: customer.firstName,
    lastName: customer.lastName,
    personalCode: customer.personalCode,
    dateOfBirth: customer.dateOfBirth,
    email: customer.email,
    phone: customer.phone,
  });
  /** The application's contacts are the registration's (the customer row's before one is saved). */
  const documentCustomer = (a: Application): DocumentCustomer => ({
    ...customerOnDocument(a.customer),
    email: a.registration?.email ?? a.customer.email,
    phone: a.registration?.phone ?? a.customer.phone,
  });

  async function consentsOf(q: Queryable, customerId: number): Promise<Consents | null> {
    const rows = await q.query<{ application_consent: boolean; insurance_conditions_consent: boolean; insurer_data_sharing_consent: boolean }>(
      `SELECT application_consent, insurance_conditions_consent, insurer_data_sharing_consent FROM offers WHERE customer_id = $1`,
      [customerId],
    );
    const r = rows[0];
    return r
      ? { applicationConsent: r.application_consent, insuranceConditionsConsent: r.insurance_conditions_consent, insurerDataSharingConsent: r.insurer_data_sharing_consent }
      : null;
  }

  function applicationInput(a: Application, language: Language): ApplicationDocument {
    if (!isComplete(a)) throw new Error("incomplete application");
    return {
      language,
      at: clock.now(),
      date: today(clock),
      customer: documentCustomer(a),
      age: a.age,
      sumInsuredForDeathCover: a.proposal.sumInsuredForDeathCover,
      sumInsuredForDisabilityCover: a.proposal.sumInsuredForDisabilityCover,
      services: a.proposal.services,
      questionnaire: a.questionnaire,
      beneficiaries: a.beneficiaries,
      estimation: a.estimation,
      edition: APPLICATION_EDITION,
    };
  }

  const applicationPdf = (a: Application, language: Language) => deps.pdf(applicationModel(applicationInput(a, language)), a.customer.id);

  /** What an application document drawn now states and a policy freezes: the package, its price and the document's edition. */
  const termsOf = (a: Application & { proposal: NonNullable<Application["proposal"]>; estimation: Estimation }): SignedTerms => ({
    sumInsuredForDeathCover: a.proposal.sumInsuredForDeathCover,
    sumInsuredForDisabilityCover: a.proposal.sumInsuredForDisabilityCover,
    services: a.proposal.services,
    estimation: a.estimation,
    edition: APPLICATION_EDITION,
  });

  /**
   * The application as it was signed, for its HTML version: the signed PDF is kept as bytes,
   * so its content is put together again from what signing froze (the policy's covers,
   * services and premium, the signing time, the application's edition) and from the steps,
   * which no longer change.
   */
  function signedApplicationInput(a: Application, policy: PolicyRecord, language: Language): ApplicationDocument {
    return {
      ...applicationInput({ ...a, estimation: policy.estimation }, language),
      at: policy.appliedAt,
      date: applicationDay(policy.appliedAt),
      age: pricedAge(a.customer.dateOfBirth, policy.appliedAt),
      sumInsuredForDeathCover: policy.sumInsuredForDeathCover,
      sumInsuredForDisabilityCover: policy.sumInsuredForDisabilityCover,
      services: policy.services,
      edition: policy.applicationEdition,
    };
  }

  /** The contract's term if signed today: answers the underwriter must see first conclude it on the acceptance, not on signing. */
  const termIfSignedToday = (a: Application, startDate: string) =>
    contractTerm(startDate, needsExtendedUnderwriting(a.questionnaire!) ? { by: "acceptance", on: null } : { by: "signing", on: today(clock) }, a.customer.dateOfBirth);

  /** The age table of a priced application, the first year at `current` (the offer's or the policy's premium). */
  function ageTableOf(a: Application, startDate: string, age: number, cover: PolicyRecord | NonNullable<Application["proposal"]>, current: Estimation): AgeTableRow[] {
    return premiumByAge({
      dateOfBirth: a.customer.dateOfBirth,
      startDate,
      current,
      age,
      cover: { sumInsuredForDeathCover: cover.sumInsuredForDeathCover, sumInsuredForDisabilityCover: cover.sumInsuredForDisabilityCover, services: cover.services },
      wellnessScore: current.wellnessScore,
      smoker: a.pricingFacts.smoker,
    });
  }

  /** The payment schedule: from the policy start, or before signing from tomorrow. */
  async function scheduleInput(customer: Customer, language: Language): Promise<ScheduleDocument | null> {
    const policy = await policyOf(db, customer.id);
    let startDate: string;
    let monthly: number;
    let ageTable: AgeTableRow[] | null = null;
    const a = await read(db, customer);
    if (policy) {
      startDate = policy.startDate;
      monthly = policy.estimation.premiumTotal;
      ageTable = ageTableOf(a, startDate, pricedAge(customer.dateOfBirth, policy.appliedAt), policy, policy.estimation);
    } else {
      if (!isComplete(a)) return null;
      startDate = policyStartFor(clock);
      monthly = a.estimation.premiumTotal;
      ageTable = ageTableOf(a, startDate, a.age, a.proposal, a.estimation);
    }
    return {
      language,
      at: clock.now(),
      date: today(clock),
      customer: customerOnDocument(customer),
      startDate,
      provisional: !policy,
      payments: paymentSchedule(startDate, monthly),
      ageTable,
    };
  }

  /** The customer's policy in force or to start (`ended`: the latest one, ended or not). */
  async function policyOf(q: Queryable, customerId: number, ended = false): Promise<PolicyRecord | null> {
    const rows = await q.query<{
      id: string | number;
      status: PolicyStatus;
      signed_at: Date | string;
      applied_at: Date | string;
      accepted_at: Date | string | null;
      start_date: string;
      document_sha256: string;
      death_cover: number;
      disability_cover: number;
      services: ServiceCode[];
      estimation: Estimation;
      language: Language;
      application_edition: number;
    }>(
      `SELECT id, status, signed_at, ${APPLIED_AT_COLUMN}, accepted_at, start_date, document_sha256, death_cover, disability_cover, services, estimation, language,
         application_edition
       FROM policies WHERE customer_id = $1 AND ($2 OR status NOT IN ('WITHDRAWN', 'CANCELLED')) ORDER BY id DESC LIMIT 1`,
      [customerId, ended],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: Number(r.id),
      number: policyNumber(Number(r.id)),
      status: r.status,
      signedAt: new Date(r.signed_at),
      appliedAt: new Date(r.applied_at),
      acceptedAt: r.accepted_at === null ? null : new Date(r.accepted_at),
      startDate: String(r.start_date).slice(0, 10),
      documentSha256: r.document_sha256,
      sumInsuredForDeathCover: Number(r.death_cover),
      sumInsuredForDisabilityCover: Number(r.disability_cover),
      services: r.services,
      estimation: r.estimation,
      language: r.language,
      applicationEdition: Number(r.application_edition),
    };
  }

  /** The policy whose signed application the customer reads: in force or to start, else an ended contract's holder's last. */
  async function signedPolicyOf(customer: Customer): Promise<PolicyRecord | null> {
    return (await policyOf(db, customer.id)) ?? (endedContract(customer.state) ? policyOf(db, customer.id, true) : null);
  }

  /**
   * The parts of an application that may have changed since `policy` was signed, as they were
   * signed: the beneficiaries its version 1 keeps (docs/decisions/0307) and the name and contact
   * details before each later change (contact_changes keeps what each field was).
   */
  async function asSigned(q: Queryable, a: Application, policy: PolicyRecord): Promise<Application> {
    const [version] = await q.query<{ beneficiaries: Application["beneficiaries"] }>(`SELECT beneficiaries FROM policy_versions WHERE policy_id = $1 AND version = 1`, [policy.id]);
    const changes = await q.query<{ field: string; old_value: string | null }>(
      `SELECT DISTINCT ON (field) field, old_value FROM contact_changes WHERE customer_id = $1 AND changed_at > $2 ORDER BY field, changed_at, id`,
      [a.customer.id, policy.appliedAt],
    );
    const was = (field: string, now: string) => changes.find((c) => c.field === field)?.old_value ?? now;
    return {
      ...a,
      customer: { ...a.customer, firstName: was("first_name", a.customer.firstName), lastName: was("last_name", a.customer.lastName) },
      registration: a.registration && { ...a.registration, email: was("email", a.registration.email), phone: was("phone", a.registration.phone) },
      beneficiaries: version ? version.beneficiaries : a.beneficiaries,
    };
  }

  /** What the offer page shows of the contract if signed today, which its version names. */
  function shownOf(a: Application & { proposal: NonNullable<Application["proposal"]>; estimation: Estimation }) {
    const startDate = policyStartFor(clock);
    return {
      sumInsuredForDeathCover: a.proposal.sumInsuredForDeathCover,
      sumInsuredForDisabilityCover: a.proposal.sumInsuredForDisabilityCover,
      services: a.proposal.services,
      estimation: a.estimation,
      startDate,
      term: termIfSignedToday(a, startDate),
    };
  }

  /** The offer, or a failure when an earlier step is missing. */
  async function viewOf(customer: Customer): Promise<Outcome<OfferView, Failure[]>> {
    const a = await read(db, customer);
    if (!isComplete(a)) return { ok: false, failure: [{ code: "error.application_incomplete" }] };
    const shown = shownOf(a);
    const version = offerVersion(shown);
    return {
      ok: true,
      value: {
        firstName: customer.firstName,
        lastName: customer.lastName,
        age: a.age,
        ...shown,
        // Consents given for another offer are not this offer's (docs/decisions/0256, 0305).
        consents: a.consents && consentedTo(a, version) ? a.consents : NO_CONSENTS,
        hasSupportCode: Boolean(a.registration?.supportCode),
        premiumByAge: ageTableOf(a, shown.startDate, a.age, a.proposal, a.estimation),
        offerVersion: version,
        // '' names consents kept from a contract signed since (migration 0033): not an offer changed under them.
        confirmedEarlierOffer: !!a.consents && !!a.consentedOffer && !consentedTo(a, version),
      },
    };
  }

  /**
   * What the offer is priced from, as plain values: the package, the wellness score and the
   * questionnaire's sealed answers as stored (never opened here: any save seals them anew). Read
   * before the offer shown is compared and again under the customer's lock, it tells whether
   * another tab saved a step in between (docs/decisions/0305).
   */
  async function pricedFrom(q: Queryable, customerId: number): Promise<string> {
    const [row] = await q.query<{ stamp: string }>(
      `SELECT md5(concat_ws('|',
         (SELECT concat_ws(',', death_cover, disability_cover, services::text) FROM proposals WHERE customer_id = $1),
         (SELECT score FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL),
         (SELECT answers_sealed FROM questionnaires WHERE customer_id = $1))) AS stamp`,
      [customerId],
    );
    return row.stamp;
  }

  return {
    provider,

    /** The offer, or a failure when an earlier step is missing. */
    view: viewOf,

    /** Whether `shown` (`OfferView.offerVersion`, what a page showed) is the offer as it is now. */
    async isCurrent(customer: Customer, shown: string): Promise<boolean> {
      const a = await read(db, customer);
      return isComplete(a) && offerVersion(shownOf(a)) === shown;
    },

    /**
     * Saves the consents (all three required) and, when the customer has none yet, the
     * support code (which attaches its partner if none is attached). Once per submission key.
     */
    async save(input: {
      customer: Customer;
      consents: Partial<Record<ConsentName, unknown>>;
      supportCode?: string | null;
      submissionKey?: string | null;
      /** The offer the form showed (`OfferView.offerVersion`); without it, the offer is saved as it is now. */
      offerVersion?: string | null;
    }): Promise<Outcome<{ state: OnboardingState }, Failure[]> & { replayed: boolean }> {
      // The offer as shown, compared before the save's transaction (docs/decisions/0305): that
      // reads the health answers, and the read's audit row stays though the save is refused. A
      // resend the first save answers reads nothing.
      const changed = { ok: false as const, failure: [{ code: "error.offer_changed" }], replayed: false };
      const posted = { key: input.submissionKey, customerId: input.customer.id, form: OFFER_FORM, posted: [input.consents, input.supportCode, input.offerVersion] };
      // The consents are stored with the offer they are given for: the one the form showed, or
      // without one the offer as it is now. A signing starts only for that offer (`startSigning`).
      let shownFrom: string | null = null;
      let consented: string | null = null;
      if (!(await submissions.replays(posted))) {
        shownFrom = await pricedFrom(db, input.customer.id);
        const a = await read(db, input.customer);
        if (!isComplete(a)) return { ok: false, failure: [{ code: "error.application_incomplete" }], replayed: false };
        consented = offerVersion(shownOf(a));
        if (typeof input.offerVersion === "string" && consented !== input.offerVersion) return changed;
      }
      return submissions.once<{ state: OnboardingState }, Failure[]>(
        posted,
        async (tx) => {
          const rows = await tx.query<{ state: OnboardingState; intermediary_source: string | null }>(
            `SELECT state, intermediary_source FROM customers WHERE id = $1 FOR UPDATE`,
            [input.customer.id],
          );
          const row = rows[0];
          if (!row) return { ok: false, failure: [{ code: "error.not_found" }] };
          if (!mayEdit(row.state, "offer")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
          // A step saved in another tab since the comparison: the offer may have changed. (Null:
          // the key's answer was there before and is gone now; the offer was not compared.)
          if (shownFrom === null || consented === null || (await pricedFrom(tx, input.customer.id)) !== shownFrom) return changed;
          const failures = consentFailures(input.consents);
          const code = typeof input.supportCode === "string" ? input.supportCode.trim() : "";
          // A code no partner has is said so, not stored (issue 23 item 9): the partner from
          // the sign-in link stays, and nothing else is saved.
          const tooLong = code.length > SUPPORT_CODE_MAX;
          const partner = code && !tooLong ? await intermediaryStore(tx).byCode(code) : null;
          if (code && !partner) failures.push({ code: tooLong ? "error.too_long" : "error.support_code_unknown", context: "supportCode" });
          if (failures.length) return { ok: false, failure: failures };
          const now = clock.now();
          await tx.query(
            `INSERT INTO offers (customer_id, application_consent, insurance_conditions_consent, insurer_data_sharing_consent, saved_at, offer_version)
             VALUES ($1, true, true, true, $2, $3)
             ON CONFLICT (customer_id) DO UPDATE SET application_consent = true, insurance_conditions_consent = true,
               insurer_data_sharing_consent = true, saved_at = EXCLUDED.saved_at, offer_version = EXCLUDED.offer_version`,
            [input.customer.id, now, consented],
          );
          if (code) {
            const updated = await tx.query(
              `UPDATE registrations SET support_code = $2 WHERE customer_id = $1 AND (support_code IS NULL OR support_code = '') RETURNING customer_id`,
              [input.customer.id, code],
            );
            if (partner && updated.length && !row.intermediary_source) await tx.query(`UPDATE customers SET intermediary_source = $2, updated_at = $3 WHERE id = $1`, [input.customer.id, partner.source, now]);
          }
          return { ok: true, value: { state: row.state } };
        },
      );
    },

    /** The application PDF: before signing from the saved steps, afterwards what was signed. */
    async applicationDocument(customer: Customer, language: Language): Promise<{ bytes: Uint8Array; fileName: string } | null> {
      const policy = await signedPolicyOf(customer);
      if (policy) {
        const [row] = await db.query<{ signed_document: Uint8Array; document_sealed: boolean }>(
          `SELECT signed_document, document_sealed FROM policies WHERE id = $1`,
          [policy.id],
        );
        const bytes = await documents.open(db, { place: "policy", id: policy.id, customerId: customer.id, bytes: row.signed_document, sealed: row.document_sealed });
        return { bytes, fileName: documentFileName("application", policy.language) };
      }
      const a = await read(db, customer);
      if (!isComplete(a)) return null;
      const bytes = await applicationPdf(a, language);
      await recordDocumentRead(deps.audit, { customerId: customer.id, kind: "application", format: "pdf" });
      return { bytes, fileName: documentFileName("application", language) };
    },

    /** The payment schedule: from the policy start, or before signing from tomorrow. */
    async paymentScheduleDocument(customer: Customer, language: Language): Promise<{ bytes: Uint8Array; fileName: string } | null> {
      const input = await scheduleInput(customer, language);
      if (!input) return null;
      const bytes = await deps.pdf(paymentScheduleModel(input), customer.id);
      await recordDocumentRead(deps.audit, { customerId: customer.id, kind: "payment-schedule", format: "pdf" });
      return { bytes, fileName: documentFileName("payment-schedule", language) };
    },

    /** The application's accessible HTML version: before signing from the saved steps, afterwards as signed. */
    async applicationView(customer: Customer, language: Language): Promise<DocModel | null> {
      const policy = await signedPolicyOf(customer);
      const current = await read(db, customer);
      const a = policy ? await asSigned(db, current, policy) : current;
      // Signed, the answers since erased (the consent withdrawn): said beside the PDF signed.
      if (policy && !isComplete({ ...a, estimation: policy.estimation })) return erasedApplicationModel(language, policy.appliedAt, applicationDay(policy.appliedAt));
      const drawn = policy
        ? applicationModel(signedApplicationInput(a, policy, language))
        : isComplete(a)
          ? applicationModel(applicationInput(a, language))
          : null;
      if (drawn) await recordDocumentRead(deps.audit, { customerId: customer.id, kind: "application", format: "web" });
      return drawn;
    },

    /** The payment schedule's accessible HTML version. */
    async paymentScheduleView(customer: Customer, language: Language): Promise<DocModel | null> {
      const input = await scheduleInput(customer, language);
      if (!input) return null;
      await recordDocumentRead(deps.audit, { customerId: customer.id, kind: "payment-schedule", format: "web" });
      return paymentScheduleModel(input);
    },

    policy: (customerId: number) => policyOf(db, customerId),

    /**
     * The policy's start day, or null without a policy: what the confirmation page shows. Not
     * policy(), which reads the signed document too (tens of KB on every view of the page).
     */
    async policyStartDate(customerId: number): Promise<string | null> {
      const rows = await db.query<{ start_date: string }>(`SELECT start_date FROM policies WHERE customer_id = $1 AND status NOT IN ('WITHDRAWN', 'CANCELLED') ORDER BY id DESC LIMIT 1`, [customerId]);
      return rows[0] ? String(rows[0].start_date).slice(0, 10) : null;
    },

    /**
     * Starts a signing of the application as it is now (POST /api/sign/init): needs the
     * offer saved with its consents. Each start is a new signing; the latest one counts.
     */
    async startSigning(customer: Customer, language: Language): Promise<Outcome<SigningConfig, Failure[]>> {
      if (!mayEdit(customer.state, "offer")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
      const consents = await consentsOf(db, customer.id);
      if (!consents || consentFailures(consents).length) return { ok: false, failure: [{ code: "error.no_offer" }] };
      const a = await read(db, customer);
      if (!isComplete(a)) return { ok: false, failure: [{ code: "error.application_incomplete" }] };
      // The consents were given for another offer (a step saved since, midnight, a birthday): the
      // customer confirms this one first, so the amount confirmed is the amount signed (docs/decisions/0305).
      if (!consentedTo(a, offerVersion(shownOf(a)))) return { ok: false, failure: [{ code: "error.no_offer" }] };
      const bytes = await applicationPdf(a, language);
      const document = { fileName: documentFileName("application", language), bytes, sha256: sha256(bytes) };
      // Only the latest signing counts (completeSigning): the ones before it are over, and
      // their documents go (one stored application per customer while signing).
      const subject = { kind: "application" as const, terms: termsOf(a) };
      return attempts.start(customer, { subject, document, phone: a.registration?.phone ?? null, language });
    },

    /**
     * The signing screen's entry (docs/decisions/0289): the latest signing, pending and signed
     * at the provider, is completed rather than replaced by a new one (`signingAttempts.resume`).
     */
    resumeSigning(customer: Customer) {
      return attempts.resume(customer.id, "application", (completion) => this.completeSigning(customer, completion));
    },

    /** The customer's "I have signed — continue" under the frame, naming its signing (docs/decisions/0290). */
    continueSigning(customer: Customer, token: string) {
      return attempts.continueAfterFrame(customer.id, "application", token, (completion) => this.completeSigning(customer, completion));
    },

    /**
     * POST /api/sign/complete: with `errors` the latest signing failed (recorded; the
     * customer may start again). Without, the provider must confirm the signature; then the
     * core decides AGREEMENT_SIGNED or EUW, stores the policy with the signed document and
     * its hash, and schedules the start for tomorrow. A repeat after success answers the same.
     * A completion naming an older signing than the latest (another tab's) changes nothing.
     */
    async completeSigning(customer: Customer, input: SigningCompletion): Promise<Outcome<SigningCompleted, Failure[]>> {
      const contact = async (state: OnboardingState, result: SigningCompleted["result"], replayed: boolean): Promise<SigningCompleted> => {
        const rows = await db.query<{ support_code: string | null; phone: string; email: string }>(
          `SELECT support_code, phone, email FROM registrations WHERE customer_id = $1`,
          [customer.id],
        );
        return { state, result, supportCode: rows[0]?.support_code ?? null, phone: rows[0]?.phone ?? customer.phone, email: rows[0]?.email ?? customer.email, replayed };
      };
      const s = await attempts.latest(customer.id, "application");
      // Signed before: the same answer, nothing done again.
      if (customer.state === "AGREEMENT_SIGNED" || customer.state === "EUW") {
        return { ok: true, value: await contact(customer.state, "SIGNED", true) };
      }
      if (!s) return { ok: false, failure: [{ code: "error.signing_not_found" }] };
      if (customer.state !== TRANSITIONS.signed.from) return { ok: false, failure: [{ code: "error.wrong_state" }] };
      const errors = typeof input.errors === "string" ? input.errors.trim() : "";
      /**
       * Recorded once: a repeat (or one racing it) finds the signing failed already. One that
       * lost the race to this signing's completion answers the signature (its state read again).
       */
      const failed = async (why: string): Promise<Outcome<SigningCompleted, Failure[]>> => {
        const ended = await attempts.fail(s, why);
        if (ended !== "signed") return { ok: true, value: await contact(customer.state, "FAILED", ended !== "recorded") };
        const rows = await db.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1`, [customer.id]);
        return { ok: true, value: await contact(rows[0]?.state ?? customer.state, "SIGNED", true) };
      };
      if (attempts.namesAnother(s, input.signingToken)) {
        // An ended signing's failure: nothing to record, it ended before.
        return errors ? { ok: true, value: await contact(customer.state, "FAILED", true) } : { ok: false, failure: [{ code: "error.signing_ended" }] };
      }
      if (errors) return failed(errors);
      // Not pending any more (a newer signing, a change of what it signs), not signed yet, or not
      // confirmed by the provider (asked again on the next try): nothing concluded, nothing failed.
      const checked = await attempts.check(customer.id, s, documentFileName("application", s.language), SIGNING_ACTOR);
      if (!checked.ok) return checked;
      const status = checked.value;
      if (status.status === "failed") return failed(status.reason);
      const signedDocument = status.signedDocument;
      // Read before the transaction: the wellness score comes through the score service's own
      // connection. The steps it reads are closed once the state is past TRANSITIONS.signed.from,
      // and the transaction below re-checks that state under the row lock. The reader is the
      // underwriting (does the case need extended underwriting?), not the customer: the access
      // log says so.
      const a = await read(db, customer, PRICING_ACTOR);
      if (!isComplete(a)) return { ok: false, failure: [{ code: "error.application_incomplete" }] };
      // The policy keeps what the signed document states, not a price read again now (a
      // birthday or a new price since the signing started). Signings started before
      // migration 0010 have no terms; it ended every one that was still pending.
      const terms = (s.terms as SignedTerms | null) ?? termsOf(a);
      const outcome = await db.transaction(async (tx): Promise<Outcome<{ state: OnboardingState; replayed: boolean }, Failure[]>> => {
        const rows = await tx.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1 FOR UPDATE`, [customer.id]);
        const state = rows[0]?.state;
        // A completion racing this one signed it meanwhile: its outcome, nothing done again.
        if (state === "AGREEMENT_SIGNED" || state === "EUW") return { ok: true, value: { state, replayed: true } };
        if (state !== TRANSITIONS.signed.from) return { ok: false, failure: [{ code: "error.wrong_state" }] };
        const euw = needsExtendedUnderwriting(a.questionnaire!);
        const next = TRANSITIONS.signed.to(euw);
        const now = clock.now();
        // The policy keeps the signed document; the signing row no longer needs its copy. An
        // attempt ended while the provider was asked (a step saved again, a new signing) concludes
        // nothing: the answers read above may no longer be the ones signed (docs/decisions/0284).
        if (!(await attempts.conclude(tx, s))) return { ok: false, failure: [{ code: "error.signing_ended" }] };
        await tx.query(
          `INSERT INTO policies (customer_id, status, signing_id, signed_document, document_sealed, document_sha256, signed_at, start_date,
             death_cover, disability_cover, services, estimation, language, application_edition)
           VALUES ($1, $2, $3, $4, true, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            customer.id,
            euw ? "EUW" : "SIGNED",
            s.id,
            documents.seal("policy", customer.id, signedDocument),
            sha256(signedDocument),
            now,
            policyStartFor(clock),
            terms.sumInsuredForDeathCover,
            terms.sumInsuredForDisabilityCover,
            JSON.stringify(terms.services),
            JSON.stringify(terms.estimation),
            s.language,
            terms.edition,
          ],
        );
        return { ok: true, value: { state: await moveState(tx, clock, { customerId: customer.id, from: state, to: next }), replayed: false } };
      });
      if (!outcome.ok) return outcome;
      return { ok: true, value: await contact(outcome.value.state, "SIGNED", outcome.value.replayed) };
    },
  };
}

/**
 * The operator's side (npm run ops): policies whose start day has come become active
 * (AGREEMENT_SIGNED → SELF_SERVICE); EUW cases are accepted (→ SELF_SERVICE) or declined
 * (→ SERVICE_UNAVAILABLE), their signed application read first (`euwApplication`: the
 * questionnaire's summary the underwriter decides on), which needs the health-data `cipher`.
 */
export function policyOperations(db: Db, clock: Clock, cipher: HealthCipher | null = null) {
  const customers = customerStore(db, clock);
  const documents = cipher && sealedDocuments(cipher, auditLog(db, clock));
  /**
   * An audit row per customer: an operator's (actor "operator", with the stated reason and the
   * operator's name if their token carries one), what the customer will be shown (the reason,
   * never the name); or the housekeeping round's (no reason), kept but not shown.
   */
  const audit = (q: Queryable, customerIds: number[], action: "read" | "write", subject: string, by: Operator | null) =>
    customerIds.length === 0
      ? Promise.resolve([])
      : q.query(
          `INSERT INTO health_data_audit (customer_id, actor, action, subject, at, reason, operator_name)
           SELECT id, $6, $2, $3, $4, $5, $7 FROM unnest($1::bigint[]) AS id`,
          [customerIds, action, subject, clock.now(), by?.reason ?? null, by ? "operator" : HOUSEKEEPING_ACTOR, by?.operator ?? null],
        );
  /** Why a customer is no open EUW case, for the operator. */
  async function refusal(tx: Queryable, customerId: number): Promise<Failure> {
    // The applicant withdrew the application the operator was about to decide on (docs/decisions/0295):
    // said as such, so the operator knows the case is closed, not mistyped.
    const [latest] = await tx.query<{ application_withdrawn: boolean }>(`SELECT application_withdrawn FROM policies WHERE customer_id = $1 ORDER BY id DESC LIMIT 1`, [
      customerId,
    ]);
    return { code: latest?.application_withdrawn ? "error.application_withdrawn" : "error.wrong_state" };
  }
  /**
   * An open EUW case's signed application (the PDF signed, with the questionnaire's summary),
   * opened for the operator (npm run ops -- euw application): its read recorded as the
   * customer's own reads of it are (`policy-document:<id>`, the access log's "application",
   * PDF), with actor "operator", the reason and the operator's name, in the transaction that
   * opens it. Refused as a decision is: no such customer (nothing to record), or no open EUW
   * case (the look-up recorded, `euw:refused`, and nothing opened).
   */
  async function euwApplication(personalCode: string, by: Operator): Promise<Outcome<{ bytes: Uint8Array }, Failure[]>> {
    if (!documents) throw new Error("The signed application opens only with the health-data keys");
    const customer = await customers.byPersonalCode(personalCode);
    if (!customer) return { ok: false, failure: [{ code: "error.not_found" }] };
    return db.transaction(async (tx) => {
      // The customer's row first, as every change takes it (docs/decisions/0276): no decision or
      // withdrawal moves the case while its application is read.
      const rows = await tx.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1 FOR SHARE`, [customer.id]);
      const [policy] =
        rows[0]?.state === "EUW"
          ? await tx.query<{ id: number | string; signed_document: Uint8Array; document_sealed: boolean }>(
              `SELECT id, signed_document, document_sealed FROM policies WHERE customer_id = $1 AND status = 'EUW' ORDER BY id DESC LIMIT 1`,
              [customer.id],
            )
          : [];
      if (!policy) {
        await audit(tx, [customer.id], "read", "euw:refused", by);
        return { ok: false, failure: [await refusal(tx, customer.id)] };
      }
      const stored = { place: "policy" as const, id: Number(policy.id), customerId: customer.id, bytes: policy.signed_document, sealed: policy.document_sealed };
      return { ok: true, value: { bytes: await documents.open(tx, stored, "operator", by) } };
    });
  }
  async function decide(personalCode: string, accept: boolean, by?: Operator): Promise<Outcome<{ state: OnboardingState }, Failure[]>> {
    const customer = await customers.byPersonalCode(personalCode);
    if (!customer) return { ok: false, failure: [{ code: "error.not_found" }] };
    return db.transaction(async (tx) => {
      const rows = await tx.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1 FOR UPDATE`, [customer.id]);
      const decision = accept ? TRANSITIONS.accepted : TRANSITIONS.declined;
      // The operator looked the customer up: recorded even when the decision is refused, as what
      // it was (the customer's access log says a decision only when one was made).
      const decided = rows[0]?.state === decision.from;
      if (by) await audit(tx, [customer.id], decided ? "write" : "read", decided ? (accept ? "euw:accept" : "euw:decline") : "euw:refused", by);
      if (!decided) return { ok: false, failure: [await refusal(tx, customer.id)] };
      // An accepted case is covered from its planned start, or from today if that has passed;
      // its contract is concluded now, and its days to withdraw count from today (docs/decisions/0273).
      if (accept) {
        await tx.query(
          `UPDATE policies SET status = 'ACTIVE', accepted_at = $3, start_date = GREATEST(start_date, $2::date) WHERE customer_id = $1 AND status = 'EUW'`,
          [customer.id, today(clock), clock.now()],
        );
      } else {
        await tx.query(`UPDATE policies SET status = 'DECLINED' WHERE customer_id = $1 AND status = 'EUW'`, [customer.id]);
      }
      const state = await moveState(tx, clock, { customerId: customer.id, from: decision.from, to: decision.to() });
      return { ok: true, value: { state } };
    });
  }
  /**
   * Activates every signed policy whose start date is today or earlier, with an audit row per
   * customer activated in the same transaction: the operator's (with the reason), or, without
   * one, the housekeeping round's (actor "system:housekeeping"), so every activation leaves a trace.
   */
  async function activateDue(by?: Operator, customerId: number | null = null): Promise<{ activated: string[] }> {
    const { from, to } = TRANSITIONS.activated;
    return db.transaction(async (tx) => {
      // The customers' rows first, in one order, as every change of a customer takes its row
      // before its policy's (docs/decisions/0276): a policy locked first deadlocked with a
      // withdrawal holding the customer's row. A row another change held is read again once it
      // commits; a customer no longer AGREEMENT_SIGNED (withdrawn, or activated by another
      // process's round) drops out.
      const locked = await tx.query<{ id: number | string }>(
        `SELECT c.id FROM customers c
         WHERE c.state = $2 AND ($3::bigint IS NULL OR c.id = $3::bigint)
           AND EXISTS (SELECT 1 FROM policies p WHERE p.customer_id = c.id AND p.status = 'SIGNED' AND p.start_date <= $1::date)
         ORDER BY c.id FOR UPDATE`,
        [today(clock), from, customerId],
      );
      if (locked.length === 0) return { activated: [] };
      const due = await tx.query<{ customer_id: number | string; personal_code: string }>(
        `UPDATE policies p SET status = 'ACTIVE' FROM customers c
         WHERE p.customer_id = c.id AND c.id = ANY($3::bigint[]) AND p.status = 'SIGNED' AND p.start_date <= $1::date AND c.state = $2
         RETURNING p.customer_id, c.personal_code`,
        [today(clock), from, locked.map((r) => Number(r.id))],
      );
      for (const row of due) await moveState(tx, clock, { customerId: Number(row.customer_id), from, to: to() });
      const activated = due.map((r) => Number(r.customer_id));
      await audit(tx, activated, "write", "policy:activate", by ?? null);
      return { activated: due.map((r) => r.personal_code) };
    });
  }
  /** Open EUW cases, oldest first; an operator's read is audited per customer listed, in the same statement. */
  async function euwCases(by?: Operator): Promise<Array<{ personalCode: string; name: string; signedAt: string }>> {
    const cases = `SELECT c.id, c.personal_code, c.first_name, c.last_name, p.signed_at FROM policies p JOIN customers c ON c.id = p.customer_id
                   WHERE p.status = 'EUW' AND c.state = 'EUW'`;
    const rows = await db.query<{ personal_code: string; first_name: string; last_name: string; signed_at: Date | string }>(
      by === undefined
        ? `${cases} ORDER BY p.signed_at`
        : `WITH cases AS (${cases}),
                audited AS (INSERT INTO health_data_audit (customer_id, actor, action, subject, at, reason, operator_name)
                            SELECT id, 'operator', 'read', 'euw:list', $1, $2, $3 FROM cases)
           SELECT * FROM cases ORDER BY signed_at`,
      by === undefined ? [] : [clock.now(), by.reason, by.operator],
    );
    return rows.map((r) => ({ personalCode: r.personal_code, name: `${r.first_name} ${r.last_name}`, signedAt: new Date(r.signed_at).toISOString() }));
  }
  return {
    /**
     * The hourly housekeeping's activation (and the confirmation page's, which runs it as the
     * round would): no operator, so its audit rows name the round and no one is shown them.
     */
    activateDue: () => activateDue(),
    /**
     * A read of the customer's state (app/core/index.ts `stateOnRead`): their policy activated when
     * its start day has come, as the round would, so the state a request sees moves at Tallinn's
     * midnight, not at the next hourly round. One statement when nothing is due; the state to use.
     */
    async activateOnRead(customer: Pick<Customer, "id" | "state">): Promise<OnboardingState> {
      const { from, to } = TRANSITIONS.activated;
      if (customer.state !== from) return customer.state;
      const due = await db.query(`SELECT 1 FROM policies WHERE customer_id = $1 AND status = 'SIGNED' AND start_date <= $2::date LIMIT 1`, [customer.id, today(clock)]);
      if (due.length === 0) return customer.state;
      if ((await activateDue(undefined, customer.id)).activated.length > 0) return to();
      // Another request or the round moved it first (or a withdrawal ended it): the state it left.
      const [row] = await db.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1`, [customer.id]);
      return row?.state ?? customer.state;
    },
    accept: (personalCode: string) => decide(personalCode, true),
    decline: (personalCode: string) => decide(personalCode, false),
    euwCases: () => euwCases(),
    /**
     * The operator's desk (npm run ops, the /ops door): the same reads and decisions, each
     * with the operator's stated reason (`operatorReason`) and, when their token names them, the
     * operator's name (OPS_TOKENS' `<name>:<token>`), recorded in health_data_audit for every
     * customer it shows or changes (actor "operator", the name in `operator_name`), in the same
     * transaction.
     */
    asOperator(reason: OperatorReason, operator: string | null = null) {
      const by: Operator = { reason: reason.text, operator };
      return {
        activateDue: () => activateDue(by),
        accept: (personalCode: string) => decide(personalCode, true, by),
        decline: (personalCode: string) => decide(personalCode, false, by),
        euwCases: () => euwCases(by),
        euwApplication: (personalCode: string) => euwApplication(personalCode, by),
      };
    },
  };
}

/** Who acted in an operator's audit rows: the stated reason, and the operator's name if their token carries one. */
interface Operator {
  reason: string;
  operator: string | null;
}

/** A reason an operator stated, checked by `operatorReason`. */
export interface OperatorReason {
  readonly text: string;
}

/** Reasons shorter than this say nothing ("x", "ok"). */
export const MIN_REASON_LENGTH = 10;
/** Longer than this is no reason but a text (and every customer it concerns is shown it). */
export const MAX_REASON_LENGTH = 500;

/** The operator's stated reason, trimmed, or null when there is none worth the name (or it names someone). */
export function operatorReason(raw: unknown): OperatorReason | null {
  if (typeof raw !== "string") return null;
  // One line of text: no control character (C0 and C1: a tab, a line break, NEL), no line or
  // paragraph separator, no direction override (a reason is shown to the customer as it is;
  // decision 0112 refuses a reason of several lines).
  const trimmed = raw.trim();
  if (/[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]/u.test(trimmed)) return null;
  const text = trimmed.replace(/\s+/g, " ");
  if (text.length < MIN_REASON_LENGTH || text.length > MAX_REASON_LENGTH || namesSomeone(text)) return null;
  return { text };
}
