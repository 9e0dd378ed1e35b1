/**
 * The offer's read model of a whole application: customer, registration, proposal,
 * questionnaire (health data: decrypted and the read audited), beneficiaries, wellness score
 * and the estimation priced from them. Plain SQL over the tables the earlier steps write
 * (migrations 0002 and 0003), in the formats BRIEF.md agrees between the branches.
 */
import { ageOn } from "../lib/personal-code.js";
import { today, type Clock } from "./clock.js";
import type { Customer } from "./customers.js";
import type { Queryable } from "./db/index.js";
import { isSmoker, type QuestionnaireAnswers } from "./euw.js";
import type { AuditLog, HealthCipher } from "./health-data.js";
import { isServiceCode, type ServiceCode } from "./limits.js";
import { estimate, type Estimation } from "./pricing.js";

export interface SavedQuestionnaire extends QuestionnaireAnswers {
  height: number | null;
  weight: number | null;
}

export interface ApplicationBeneficiary {
  type: "P" | "C";
  firstName: string | null;
  name: string;
  idCode: string;
  sharePercent: number;
  email: string;
  phone: string;
}

export interface Application {
  customer: Customer;
  age: number;
  registration: { email: string; phone: string; supportCode: string | null } | null;
  proposal: { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number; services: ServiceCode[] } | null;
  questionnaire: SavedQuestionnaire | null;
  beneficiaries: ApplicationBeneficiary[];
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

export const questionnaireAad = (customerId: number) => `questionnaire:${customerId}`;

export async function readApplication(q: Queryable, deps: ApplicationDeps, customer: Customer, actor = `customer:${customer.id}`): Promise<Application> {
  const id = customer.id;
  const [registrations, proposals, questionnaires, beneficiaryRows, score] = await Promise.all([
    q.query<{ email: string; phone: string; support_code: string | null }>(`SELECT email, phone, support_code FROM registrations WHERE customer_id = $1`, [id]),
    q.query<{ death_cover: number; disability_cover: number; services: unknown }>(
      `SELECT death_cover, disability_cover, services FROM proposals WHERE customer_id = $1`,
      [id],
    ),
    q.query<{ type: "UW_L1" | "UW_L2"; answers_sealed: string }>(`SELECT type, answers_sealed FROM questionnaires WHERE customer_id = $1`, [id]),
    q.query<{ type: "P" | "C"; first_name: string | null; name: string; id_code: string; share_percent: number; email: string; phone: string }>(
      `SELECT type, first_name, name, id_code, share_percent, email, phone FROM beneficiaries WHERE customer_id = $1 ORDER BY position`,
      [id],
    ),
    deps.savedScore(id),
  ]);

  let questionnaire: SavedQuestionnaire | null = null;
  if (questionnaires[0]) {
    const sealed = deps.cipher.decrypt<{ height?: number; weight?: number; type?: string; content?: Record<string, unknown> }>(
      questionnaires[0].answers_sealed,
      questionnaireAad(id),
    );
    await deps.audit.record({ customerId: id, actor, action: "read", subject: "questionnaire" }, q);
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
    beneficiaries: beneficiaryRows.map((b) => ({
      type: b.type,
      firstName: b.first_name,
      name: b.name,
      idCode: b.id_code,
      sharePercent: Number(b.share_percent),
      email: b.email,
      phone: b.phone,
    })),
    wellnessScore,
    estimation: proposal
      ? estimate({
          age,
          sex: customer.sex,
          sumInsuredForDeathCover: proposal.sumInsuredForDeathCover,
          sumInsuredForDisabilityCover: proposal.sumInsuredForDisabilityCover,
          services: proposal.services,
          wellnessScore,
          smoker: isSmoker(questionnaire),
        })
      : null,
  };
}
