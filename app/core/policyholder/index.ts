/**
 * The self-service area's reads (SPEC.md section 2 "Self-service"): the insurance with its
 * beneficiaries, the chosen services, the account, documents, invoices and the quarterly
 * score periods. Every read is by the signed-in customer's id, so one customer can never
 * reach another's data: an id that is not theirs is simply not found.
 */
import { isLanguage, type Language } from "../../lib/euro.js";
import { readBeneficiaries, type Beneficiary } from "../beneficiaries.js";
import { policyVersionOf } from "../beneficiary-change.js";
import { addMonths, dateOf, today, type Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import {
  documentFileName,
  invoiceModel,
  paymentScheduleModel,
  policyModel,
  type DocModel,
  type RenderPdf,
  type DocumentCustomer,
} from "../documents/index.js";
import type { Invoicing } from "../config.js";
import type { SealedDocuments } from "../documents/sealed.js";
import { recordDocumentRead } from "../document-reads.js";
import type { AuditLog } from "../health-data.js";
import { dueOn, invoiceService, policyIdOf, policyNumber, BILLED_STATUSES, savedPeriods, toBilledPolicy } from "../invoices.js";
import { isServiceCode, type ServiceCode } from "../../lib/limits.js";
import { endedContract } from "../../lib/onboarding.js";
import { billedSchedule, upcomingDates } from "../billing-schedule.js";
import type { BilledSchedule } from "../../lib/billing-schedule.js";
import { paymentSchedule } from "../payment-schedule.js";
import { policyYearOf, premiumByAge, renewal, renewalNoticeOn, type LastPolicyYear } from "../contract-term.js";
import { APPLIED_AT_COLUMN, pricedAge } from "../application-day.js";
import type { Estimation } from "../pricing.js";
import { periodStartOn, type ScoreRef } from "../score/index.js";
import { versionTitle } from "../documents/policy-version.js";
import { serviceCatalogue, type CatalogueService } from "./service-catalogue.js";
import { coverFactsOf, coverOn, insuranceStatus, lastDayOfCover, offersServices, type CoverNow, type InsuranceStatus } from "../cover.js";

/**
 * Policies a customer has in self-service: signed (before the start) and active ones, and the
 * latest that ended (withdrawn or cancelled: still readable, docs/decisions/0130).
 */
const HELD_STATUSES = ["SIGNED", "ACTIVE", "WITHDRAWN", "CANCELLED"];

interface Who {
  id: number;
  state: string;
}

interface PolicyRow {
  id: number | string;
  status: "SIGNED" | "ACTIVE" | "WITHDRAWN" | "CANCELLED";
  signed_at: Date | string;
  /** When its application was made and priced (app/core/application-day.ts). */
  applied_at: Date | string;
  /** The underwriter's acceptance (docs/decisions/0273); null for a contract concluded on signing. */
  accepted_at: Date | string | null;
  end_date: string | null;
  /** When its holder sent the withdrawal or cancellation (docs/decisions/0279); null while in force. */
  ending_sent_at: Date | string | null;
  /** Withdrawn under underwriting: no contract was concluded (docs/decisions/0295, 0320). */
  application_withdrawn: boolean;
  document_sha256: string;
  start_date: string;
  death_cover: number;
  disability_cover: number;
  services: string[];
  estimation: Estimation;
  language: string;
}

/** The policy number on documents and in invoice pids. */
export { policyNumber } from "../invoices.js";

const languageOf = (lang: string): Language => (isLanguage(lang) ? lang : "et");

/** How its holder ended the policy and when (a Tallinn date), with a cancellation's last day of cover; null while it was not. */
function endingOf(policy: Pick<PolicyRow, "status" | "ending_sent_at" | "end_date">) {
  if (!policy.ending_sent_at || (policy.status !== "WITHDRAWN" && policy.status !== "CANCELLED")) return undefined;
  const kind = policy.status === "WITHDRAWN" ? ("withdrawal" as const) : ("cancellation" as const);
  return { kind, on: dateOf(policy.ending_sent_at), endDate: policy.end_date };
}

export interface Insurance {
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  currency: "EUR";
  startDate: string;
  beneficiaries: Beneficiary[];
  /**
   * SIGNED or ACTIVE while in force; WITHDRAWN (ended from its start), CANCELLED (cover to
   * endDate), or EXPIRED once its last policy year is over (not renewed for the age, docs/decisions/0282).
   */
  status: InsuranceStatus;
  /** The last day of cover (a cancellation's, or the last policy year's: docs/decisions/0282); null for a withdrawn policy. */
  endDate: string | null;
  /** The next renewal, stated in the days before it (docs/decisions/0288); null outside them. */
  renewal: RenewalNotice | null;
}

/**
 * A renewal told ahead (decision 0090's notice, docs/decisions/0288): its day, the age on it, the
 * cover it continues with (lowered to that age's maximum where it was above), and the monthly
 * payment its first invoice bills as things stand (the wellness score saved so far), in cents.
 */
export interface RenewalNotice {
  date: string;
  age: number;
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  coverLowered: boolean;
  monthlyPayment: number;
}

export interface Account {
  firstName: string;
  lastName: string;
  userCode: string;
  email: string | null;
  phoneNumber: string | null;
}

/** SPEC.md section 3 "Score summary item". `pid` is the period's profile id once it exists. */
export interface ScorePeriod {
  pid: number | null;
  startDate: string;
  discount: number | null;
  score: number | null;
  enabled: boolean;
  details: boolean;
}

export type DocumentKind = "policy" | "payment-schedule" | "application";

/**
 * Which document of a policy: `version` of the policy document (default: the one in force,
 * docs/decisions/0145); `policy` a policy number of the customer's (EK-…), an earlier contract's
 * (docs/decisions/0309); without it the latest policy's.
 */
export interface DocumentOf {
  version?: number;
  policy?: string;
}

export interface PdfDocument {
  filename: string;
  content: Uint8Array;
}

export function policyholderService({
  db,
  clock,
  invoicing,
  documents,
  audit,
  smoker,
  pdf,
}: {
  db: Db;
  clock: Clock;
  invoicing?: Invoicing;
  /** Draws the PDFs (app/core/documents/workers.ts). */
  pdf: RenderPdf;
  documents: SealedDocuments;
  /** Every document drawn for the customer is a recorded read (app/core/document-reads.ts). */
  audit: AuditLog;
  /** Whether the saved answers make the customer a smoker: the age table's renewals are priced with it. */
  smoker: (customerId: number) => Promise<boolean>;
}) {
  const invoices = invoiceService({ db, clock, invoicing, smoker });


  /**
   * GET /api/insurance and the insurance tab: the policy as it stands today, and its cover. The
   * last day of cover is stated from the signing on, and the status says a contract not renewed
   * for the age has ended once its last policy year is over (docs/decisions/0282).
   */
  async function insuranceToday(who: Who & { dateOfBirth: string }): Promise<{ insurance: Insurance; cover: CoverNow; signedIn: Language } | null> {
    const policy = await policyOf(who.id);
    if (!policy) return null;
    const facts = coverFactsOf(policy, who.dateOfBirth);
    const cover = coverOn(facts, today(clock));
    const insurance: Insurance = {
      sumInsuredForDeathCover: Number(policy.death_cover),
      sumInsuredForDisabilityCover: Number(policy.disability_cover),
      currency: "EUR",
      startDate: policy.start_date,
      beneficiaries: await readBeneficiaries(db, who.id),
      status: insuranceStatus(facts, cover),
      endDate: lastDayOfCover(facts),
      renewal: await renewalNotice(who, policy, facts.lastYear, cover),
    };
    // The signed application is kept as signed: its PDF is in the language it was signed in.
    return { insurance, cover, signedIn: languageOf(policy.language) };
  }

  /**
   * The renewal the insurer states ahead (docs/decisions/0288): in its notice days, for a
   * contract in force and not cancelled that renews, priced by the functions billing uses (its
   * first invoice is `dueOn` its day); null otherwise. Reads the answers for the smoker fact.
   */
  async function renewalNotice(who: Who & { dateOfBirth: string }, policy: PolicyRow, lastYear: LastPolicyYear, cover: CoverNow): Promise<RenewalNotice | null> {
    if (cover.kind !== "in-force" || cover.until !== null) return null;
    const due = renewalNoticeOn(policy.start_date, lastYear, today(clock));
    if (!due) return null;
    const billed = toBilledPolicy(policy);
    const facts = { dateOfBirth: who.dateOfBirth, smoker: await smoker(who.id) };
    const next = renewal({ ...facts, startDate: billed.startDate, cover: billed.cover, wellnessScore: billed.estimation.wellnessScore ?? null }, due.year);
    const first = dueOn(due.date, billed, facts, await savedPeriods(db, who.id));
    if (!next.cover || !first) return null;
    return {
      date: due.date,
      age: next.age,
      sumInsuredForDeathCover: next.cover.sumInsuredForDeathCover,
      sumInsuredForDisabilityCover: next.cover.sumInsuredForDisabilityCover,
      coverLowered: next.cover.reduced,
      monthlyPayment: first.amount.total,
    };
  }

  /**
   * The customer's latest policy, or the one `number` names (EK-…; docs/decisions/0309): theirs
   * only, so another customer's number, or anything that is no number, is none.
   */
  async function policyOf(customerId: number, number?: string): Promise<(PolicyRow & { id: number }) | null> {
    const named = number === undefined ? null : policyIdOf(number);
    if (number !== undefined && named === null) return null;
    const rows = await db.query<PolicyRow>(
      `SELECT id, status, signed_at, ${APPLIED_AT_COLUMN}, accepted_at, end_date, ending_sent_at, application_withdrawn, document_sha256, start_date, death_cover, disability_cover, services, estimation, language
         FROM policies WHERE customer_id = $1 AND status = ANY($2) AND ($3::bigint IS NULL OR id = $3::bigint) ORDER BY id DESC LIMIT 1`,
      [customerId, HELD_STATUSES, named],
    );
    return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
  }

  async function documentCustomer(customerId: number): Promise<DocumentCustomer> {
    const [row] = await db.query<{ first_name: string; last_name: string; personal_code: string; date_of_birth: string; email: string | null; phone: string | null }>(
      `SELECT c.first_name, c.last_name, c.personal_code, c.date_of_birth, COALESCE(r.email, c.email) AS email, COALESCE(r.phone, c.phone) AS phone
         FROM customers c LEFT JOIN registrations r ON r.customer_id = c.id WHERE c.id = $1`,
      [customerId],
    );
    return {
      firstName: row.first_name,
      lastName: row.last_name,
      personalCode: row.personal_code,
      dateOfBirth: row.date_of_birth,
      email: row.email,
      phone: row.phone,
    };
  }

  const servicesOf = (policy: PolicyRow, lang: string): CatalogueService[] => {
    const chosen = new Set(policy.services.filter((c): c is ServiceCode => isServiceCode(c)));
    return serviceCatalogue(lang).filter((s) => chosen.has(s.code));
  };


  /**
   * The policy or payment schedule document, from the policy as frozen at signing; the policy
   * with the beneficiaries of `version` (default: the one in force, docs/decisions/0145).
   */
  async function model(who: Who, policy: PolicyRow & { id: number }, kind: "policy" | "payment-schedule", language: Language, version?: number): Promise<DocModel | null> {
    // An application withdrawn before the underwriter's decision never became a contract: it has
    // no policy and no payment schedule, as it had none while under underwriting (docs/decisions/0320).
    if (policy.application_withdrawn) return null;
    const at = clock.now();
    const customer = await documentCustomer(who.id);
    if (kind === "payment-schedule") {
      return paymentScheduleModel({
        language,
        at,
        date: today(clock),
        customer,
        startDate: policy.start_date,
        provisional: false,
        payments: paymentSchedule(policy.start_date, policy.estimation.premiumTotal),
        // The first year at the premium frozen on the policy, the renewals priced as docs/decisions/0090 says.
        ageTable: premiumByAge({
          dateOfBirth: customer.dateOfBirth,
          startDate: policy.start_date,
          current: policy.estimation,
          age: pricedAge(customer.dateOfBirth, policy.applied_at),
          cover: {
            sumInsuredForDeathCover: Number(policy.death_cover),
            sumInsuredForDisabilityCover: Number(policy.disability_cover),
            services: policy.services.filter((c): c is ServiceCode => isServiceCode(c)),
          },
          wellnessScore: policy.estimation.wellnessScore,
          smoker: await smoker(who.id),
        }),
        ending: endingOf(policy),
      });
    }
    const shown = await policyVersionOf(db, policy, who.id, version);
    if (!shown) return null;
    const facts = coverFactsOf(policy, customer.dateOfBirth);
    const document = policyModel({
      language,
      at,
      date: today(clock),
      policyNumber: policyNumber(policy.id),
      // Expired once its last policy year is over, as GET /api/insurance says (docs/decisions/0282).
      status: insuranceStatus(facts, coverOn(facts, today(clock))),
      signedAt: new Date(policy.signed_at),
      acceptedAt: policy.accepted_at === null ? null : new Date(policy.accepted_at),
      startDate: policy.start_date,
      documentSha256: policy.document_sha256,
      customer,
      sumInsuredForDeathCover: Number(policy.death_cover),
      sumInsuredForDisabilityCover: Number(policy.disability_cover),
      services: policy.services,
      beneficiaries: shown.beneficiaries,
      estimation: policy.estimation,
      version: shown.version,
      // Ended by its holder: the document says how and when, not renewals (docs/decisions/0342).
      ending: endingOf(policy),
    });
    return version === undefined || !shown.version ? document : { ...document, title: versionTitle(language, version) };
  }

  return {
    /** GET /api/insurance. */
    insurance: async (who: Who & { dateOfBirth: string }): Promise<Insurance | null> => (await insuranceToday(who))?.insurance ?? null,

    /** The insurance tab: the insurance as GET /api/insurance states it, and its cover today (docs/decisions/0269, 0282). */
    insuranceToday,

    /** The language the customer's policy was signed in: its kept application PDF's; null without a policy. */
    signedIn: async (who: Who): Promise<Language | null> => {
      const policy = await policyOf(who.id);
      return policy ? languageOf(policy.language) : null;
    },

    /**
     * GET /api/services and the services tab: the policy's services with their partner links,
     * in `lang`, while it covers its holder today; none without cover (a withdrawn policy, a
     * cancelled one after its last day of cover), with the cover saying why (docs/decisions/0269).
     */
    async services(who: Who & { dateOfBirth: string }, lang: string): Promise<{ services: CatalogueService[]; cover: CoverNow } | null> {
      const policy = await policyOf(who.id);
      if (!policy) return null;
      const cover = coverOn(coverFactsOf(policy, who.dateOfBirth), today(clock));
      return { services: offersServices(cover) ? servicesOf(policy, lang) : [], cover };
    },

    /** GET /api/account: the registration's email and phone win over the sign-in's. */
    async account(who: Who): Promise<Account | null> {
      const rows = await db.query<{ first_name: string; last_name: string; personal_code: string; email: string | null; phone: string | null }>(
        `SELECT c.first_name, c.last_name, c.personal_code, COALESCE(r.email, c.email) AS email, COALESCE(r.phone, c.phone) AS phone
           FROM customers c LEFT JOIN registrations r ON r.customer_id = c.id WHERE c.id = $1`,
        [who.id],
      );
      const row = rows[0];
      return row ? { firstName: row.first_name, lastName: row.last_name, userCode: row.personal_code, email: row.email, phoneNumber: row.phone } : null;
    },

    /**
     * The policy and the payment schedule are rendered from the policy as frozen at signing,
     * in `lang`; the application statement is the document the customer signed, unchanged. The
     * latest policy's, or that of the policy `of.policy` names (an earlier contract's).
     */
    async document(who: Who, kind: DocumentKind, lang: string, of: DocumentOf = {}): Promise<PdfDocument | null> {
      const { version } = of;
      const policy = await policyOf(who.id, of.policy);
      if (!policy) return null;
      const language = languageOf(lang);
      const number = policyNumber(policy.id);
      if (kind === "application") {
        const [row] = await db.query<{ signed_document: Uint8Array; document_sealed: boolean }>(
          `SELECT signed_document, document_sealed FROM policies WHERE id = $1`,
          [policy.id],
        );
        const stored = { place: "policy" as const, id: policy.id, customerId: who.id, bytes: row.signed_document, sealed: row.document_sealed };
        // The bytes signed, in the language they were signed in: named in it, as the onboarding's copy is.
        return { filename: documentFileName("application", languageOf(policy.language), number), content: await documents.open(db, stored) };
      }
      const built = await model(who, policy, kind, language, version);
      if (!built) return null;
      const content = await pdf(built, who.id);
      await recordDocumentRead(audit, { customerId: who.id, kind, format: "pdf", reference: of.policy && number });
      return { filename: documentFileName(kind, language, version === undefined ? number : `${number}-v${version}`), content };
    },

    /** The policy's or the payment schedule's accessible HTML version (the application's is the offer core's). */
    async documentView(who: Who, kind: Exclude<DocumentKind, "application">, lang: string, of: DocumentOf = {}): Promise<DocModel | null> {
      const policy = await policyOf(who.id, of.policy);
      if (!policy) return null;
      const drawn = await model(who, policy, kind, languageOf(lang), of.version);
      if (drawn) await recordDocumentRead(audit, { customerId: who.id, kind, format: "web", reference: of.policy && policyNumber(policy.id) });
      return drawn;
    },

    /**
     * The payment schedule as billed (docs/decisions/0165): the invoices issued (issuing what is
     * due first), the rest of the policy year as things stand, and the discount of each score
     * period. The answers are read for the smoker fact only when a renewal year is to come.
     */
    async billedSchedule(who: Who & { dateOfBirth: string }): Promise<BilledSchedule | null> {
      const policy = await policyOf(who.id);
      if (!policy) return null;
      const issued = await invoices.list(who.id);
      const periods = await savedPeriods(db, who.id);
      const held = coverFactsOf(policy, who.dateOfBirth);
      const cover = coverOn(held, today(clock));
      const base = {
        policy: toBilledPolicy(policy),
        facts: { dateOfBirth: who.dateOfBirth, smoker: false },
        today: today(clock),
        billed: BILLED_STATUSES.includes(policy.status),
        endDate: lastDayOfCover(held),
      };
      // How it ended, when (a Tallinn date); the schedule shows this policy's invoices only. A
      // contract not renewed for the age ended with its last policy year (docs/decisions/0282).
      const byHolder = endingOf(policy);
      const ended = byHolder ? { kind: byHolder.kind, on: byHolder.on } : cover.kind === "ended" ? { kind: "age" as const, on: cover.endDate } : null;
      const renewed = upcomingDates(base).dates.some((d) => policyYearOf(policy.start_date, d) > 0);
      const facts = renewed ? { ...base.facts, smoker: await smoker(who.id) } : base.facts;
      return billedSchedule({ ...base, facts, issued, periods, policyNumber: policyNumber(policy.id), ended });
    },

    /** Issues the invoices due up to today, or up to `until` (what a withdrawal credits is all that was billed up to its statement). */
    issueDue: (customerId: number, until?: string) => invoices.issueDue(customerId, until),

    /** GET /api/invoices: issued up to today, newest first. */
    invoices: (who: Who) => invoices.list(who.id),

    /** One of the customer's invoices; null for anyone else's. */
    invoice: (who: Who, pid: string) => invoices.get(who.id, pid),

    /** The invoice's PDF: drawn from what was frozen when it was issued, so the same bytes every time (per language). */
    /** The invoice's accessible HTML version: the same blocks as its PDF. */
    async invoiceView(who: Who, pid: string, lang: string): Promise<DocModel | null> {
      const invoice = await invoices.get(who.id, pid);
      if (!invoice) return null;
      await recordDocumentRead(audit, { customerId: who.id, kind: "invoice", format: "web", reference: invoice.pid });
      return invoiceModel({ language: languageOf(lang), invoice });
    },

    async invoiceDocument(who: Who, pid: string, lang: string): Promise<PdfDocument | null> {
      const invoice = await invoices.get(who.id, pid);
      if (!invoice) return null;
      const language = languageOf(lang);
      const content = await pdf(invoiceModel({ language, invoice }), who.id);
      await recordDocumentRead(audit, { customerId: who.id, kind: "invoice", format: "pdf", reference: invoice.pid });
      return { filename: documentFileName("invoice", language, invoice.pid), content };
    },

    /**
     * The quarterly periods from the policy start up to today, newest first: the current one
     * is enabled (editable) for a SELF_SERVICE customer; earlier ones show what was saved. An
     * ended contract's are only those filled: it asks for nothing more (docs/decisions/0269), nor
     * does one whose cover has ended though its state has not (not renewed at 65, decision 0278):
     * `ended` says which.
     */
    async scorePeriods(who: Who & { dateOfBirth: string }): Promise<{ items: ScorePeriod[]; ended: boolean } | null> {
      const policy = await policyOf(who.id);
      if (!policy) return null;
      const day = today(clock);
      // After the last day of cover (a contract not renewed for the age stays SELF_SERVICE,
      // docs/decisions/0278) no period is current, and none begins.
      const coverUntil = lastDayOfCover(coverFactsOf(policy, who.dateOfBirth));
      const current = periodStartOn(policy.start_date, day, coverUntil);
      const ended = endedContract(who.state) !== null || (coverUntil !== null && day > coverUntil);
      const rows = await db.query<{ id: number | string; period_start: string; score: number | null; discount_percent: number | null; answers_sealed: string | null }>(
        `SELECT id, period_start, score, discount_percent, answers_sealed FROM score_profiles WHERE customer_id = $1 AND period_start IS NOT NULL`,
        [who.id],
      );
      const byStart = new Map(rows.map((r) => [r.period_start, r]));
      const periods: ScorePeriod[] = [];
      for (let k = 0; ; k++) {
        const start = addMonths(policy.start_date, 3 * k);
        if (start > day || (coverUntil !== null && start > coverUntil)) break;
        const row = byStart.get(start);
        if (!row && ended) continue;
        periods.push({
          pid: row ? Number(row.id) : null,
          startDate: start,
          discount: row?.discount_percent === null || row === undefined ? null : Number(row.discount_percent),
          score: row?.score === null || row === undefined ? null : Number(row.score),
          enabled: who.state === "SELF_SERVICE" && start === current,
          details: Boolean(row?.answers_sealed),
        });
      }
      return { items: periods.reverse(), ended };
    },

    /**
     * The score profile behind /self-service/score/{id}: "new" (or empty) is the current
     * period, a number one of the customer's own periods. Null when there is no policy or
     * the id is not a number.
     */
    async scoreRef(who: Who & { dateOfBirth: string }, id: string): Promise<ScoreRef | null> {
      const policy = await policyOf(who.id);
      if (!policy) return null;
      const period = { policyStart: policy.start_date, coverUntil: lastDayOfCover(coverFactsOf(policy, who.dateOfBirth)) };
      if (id === "new" || id === "") return { kind: "new", ...period };
      if (!/^\d{1,15}$/.test(id)) return null;
      return { kind: "period", id: Number(id), ...period };
    },
  };
}
