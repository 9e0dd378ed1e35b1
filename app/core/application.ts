/**
 * The offer's read model of a whole application: customer, registration, proposal,
 * questionnaire (health data: decrypted and the read audited), beneficiaries, wellness score
 * and the estimation priced from them. Plain SQL over the tables the earlier steps write
 * (migrations 0002 and 0003), in the formats BRIEF.md agrees between the branches.
 */
import { ageOn } from "../lib/personal-code.js";
import { readBeneficiaries, type Beneficiary } from "./beneficiaries.js";
import { today, type Clock } from "./clock.js";
import type { Customer } from "./customers.js";
import type { Queryable } from "./db/index.js";
import type { AuditLog, HealthCipher } from "./health-data.js";
import { isServiceCode, type ServiceCode } from "./limits.js";
import { estimate, pricingInputs, type Estimation } from "./pricing.js";
import { aadFor, isSmoker, QUESTIONNAIRE_SUBJECT, type AnswersForRules } from "./questionnaire.js";

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
  /** Null until there is a proposal to price. */
  estimation: Estimation | null;
}

export interface ApplicationDeps {
  clock: Clock;
  cipher: HealthCipher;
  audit: AuditLog;
  savedScore(customerId: number): Promise<{ score: number; discountPercent: number } | null>;
}

export async function readApplication(q: Queryable, deps: ApplicationDeps, customer: Customer, actor = `customer:${customer.id}`): Promise<Application> {
  const id = customer.id;
  const [registrations, proposals, questionnaires, beneficiaries, score] = await Promise.all([
    q.query<{ email: string; phone: string; support_code: string | null }>(`SELECT email, phone, support_code FROM registrations WHERE customer_id = $1`, [id]),
    q.query<{ death_cover: number; disability_cover: number; services: unknown }>(
      `SELECT death_cover, disability_cover, services FROM proposals WHERE customer_id = $1`,
      [id],
    ),
    q.query<{ type: "UW_L1" | "UW_L2"; answers_sealed: string }>(`SELECT type, answers_sealed FROM questionnaires WHERE customer_id = $1`, [id]),
    readBeneficiaries(q, id),
    deps.savedScore(id),
  ]);

  let questionnaire: SavedQuestionnaire | null = null;
  if (questionnaires[0]) {
    const sealed = deps.cipher.decrypt<Partial<SavedQuestionnaire>>(
      questionnaires[0].answers_sealed,
      aadFor(id),
    );
    await deps.audit.record({ customerId: id, actor, action: "read", subject: QUESTIONNAIRE_SUBJECT }, q);
    questionnaire = {
      type: questionnaires[0].type,
      height: typeof sealed.height === "number" ? sealed.height : null,
      weight: typeof sealed.weight === "number" ? sealed.weight : null,
      content: sealed.content ?? {},
    };
  }

  const p = proposals[0];
  const services = p ? (Array.isArray(p.services) ? p.services : []).filter((s): s is ServiceCode => typeof s === "string" && isServiceCode(s)) : [];
  const proposal = p
    ? { sumInsuredForDeathCover: Number(p.death_cover), sumInsuredForDisabilityCover: Number(p.disability_cover), services }
    : null;
  const age = ageOn(customer.dateOfBirth, today(deps.clock));
  const wellnessScore = score?.score ?? null;
  const r = registrations[0];
  return {
    customer,
    age,
    registration: r ? { email: r.email, phone: r.phone, supportCode: r.support_code } : null,
    proposal,
    questionnaire,
    beneficiaries,
    wellnessScore,
    estimation: proposal
      ? estimate(pricingInputs({ age, sex: customer.sex, wellnessScore, smoker: questionnaire ? isSmoker(questionnaire) : false }, proposal))
      : null,
  };
}
