/**
 * The offer's read model of a whole application: customer, registration, proposal,
 * questionnaire (health data: decrypted and the read audited), beneficiaries, wellness score,
 * the estimation priced from them and the offer's consents. Plain SQL over the tables the earlier steps write
 * (migrations 0002 and 0003), in the formats BRIEF.md agrees between the branches.
 */
import { ageOn } from "../lib/personal-code.js";
import { toBeneficiary, type Beneficiary, type BeneficiaryRow } from "./beneficiaries.js";
import { today, type Clock } from "./clock.js";
import type { Customer } from "./customers.js";
import type { Queryable } from "./db/index.js";
import type { HealthCipher, AuditLog } from "./health-data.js";
import { isServiceCode, type ServiceCode } from "../lib/limits.js";
import { type Estimation, price, smokerFact, type PricingFacts } from "./pricing.js";
import { aadFor, QUESTIONNAIRE_SUBJECT, type AnswersForRules, ANSWERS_READ } from "./questionnaire.js";

export interface SavedQuestionnaire extends AnswersForRules {
  height: number | null;
  weight: number | null;
}

export interface Application {
  customer: Customer;
  age: number;
  registration: { email: string; phone: string; supportCode: string | null } | null;
  proposal: { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number; services: ServiceCode[] } | null;
  questionnaire: SavedQuestionnaire | null;
  beneficiaries: Beneficiary[];
  wellnessScore: number | null;
  /** What the price depends on besides the package: today's age, the saved score, the smoker fact of the answers. */
  pricingFacts: PricingFacts;
  /** Null until there is a proposal to price. */
  estimation: Estimation | null;
  /** The offer's consents as saved, or null before the offer is saved. */
  consents: { applicationConsent: boolean; insuranceConditionsConsent: boolean; insurerDataSharingConsent: boolean } | null;
  /** The offer (its version, app/core/offer.ts `offerVersion`) the consents were given for; null when saved before migration 0033. */
  consentedOffer: string | null;
}

export interface ApplicationDeps {
  clock: Clock;
  cipher: HealthCipher;
  audit: AuditLog;
}

/**
 * The whole application in one round trip (docs/decisions/0040): each step's row as JSON,
 * and the questionnaire's read recorded in the same statement (the one audited read,
 * `audit.read`), only when there are answers.
 */
export async function readApplication(q: Queryable, deps: ApplicationDeps, customer: Customer, actor = `customer:${customer.id}`): Promise<Application> {
  const id = customer.id;
  const [row] = await deps.audit.read<{
    registration: { email: string; phone: string; support_code: string | null } | null;
    proposal: { death_cover: number; disability_cover: number; services: unknown } | null;
    questionnaire: { type: "UW_L1" | "UW_L2"; answers_sealed: string } | null;
    beneficiaries: BeneficiaryRow[] | null;
    score: number | null;
    consents: { application_consent: boolean; insurance_conditions_consent: boolean; insurer_data_sharing_consent: boolean; offer_version: string | null } | null;
  }>(
    {
      customerId: id,
      actor,
      ...ANSWERS_READ,
      select: `SELECT
       (SELECT json_build_object('email', email, 'phone', phone, 'support_code', support_code) FROM registrations WHERE customer_id = $1) AS registration,
       (SELECT json_build_object('death_cover', death_cover, 'disability_cover', disability_cover, 'services', services) FROM proposals WHERE customer_id = $1) AS proposal,
       (SELECT json_build_object('type', type, 'answers_sealed', value) FROM sealed) AS questionnaire,
       (SELECT json_agg(json_build_object('type', type, 'first_name', first_name, 'name', name, 'id_code', id_code, 'share_percent', share_percent, 'email', email, 'phone', phone) ORDER BY position)
          FROM beneficiaries WHERE customer_id = $1) AS beneficiaries,
       (SELECT score FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL) AS score,
       (SELECT json_build_object('application_consent', application_consent, 'insurance_conditions_consent', insurance_conditions_consent,
                                 'insurer_data_sharing_consent', insurer_data_sharing_consent, 'offer_version', offer_version)
          FROM offers WHERE customer_id = $1) AS consents`,
    },
    q,
  );

  let questionnaire: SavedQuestionnaire | null = null;
  if (row.questionnaire) {
    const sealed = deps.cipher.decrypt<Partial<SavedQuestionnaire>>(row.questionnaire.answers_sealed, aadFor(id));
    questionnaire = {
      type: row.questionnaire.type,
      height: typeof sealed.height === "number" ? sealed.height : null,
      weight: typeof sealed.weight === "number" ? sealed.weight : null,
      content: sealed.content ?? {},
    };
  }
  const beneficiaries = (row.beneficiaries ?? []).map(toBeneficiary);

  const p = row.proposal;
  const services = p ? (Array.isArray(p.services) ? p.services : []).filter((s): s is ServiceCode => typeof s === "string" && isServiceCode(s)) : [];
  const proposal = p
    ? { sumInsuredForDeathCover: Number(p.death_cover), sumInsuredForDisabilityCover: Number(p.disability_cover), services }
    : null;
  const age = ageOn(customer.dateOfBirth, today(deps.clock));
  const wellnessScore = row.score === null ? null : Number(row.score);
  const pricingFacts: PricingFacts = { age, wellnessScore, smoker: smokerFact(questionnaire) };
  const r = row.registration;
  const c = row.consents;
  return {
    customer,
    age,
    registration: r ? { email: r.email, phone: r.phone, supportCode: r.support_code } : null,
    proposal,
    questionnaire,
    beneficiaries,
    wellnessScore,
    pricingFacts,
    estimation: proposal ? price(pricingFacts, proposal) : null,
    consents: c
      ? { applicationConsent: c.application_consent, insuranceConditionsConsent: c.insurance_conditions_consent, insurerDataSharingConsent: c.insurer_data_sharing_consent }
      : null,
    consentedOffer: c?.offer_version ?? null,
  };
}
