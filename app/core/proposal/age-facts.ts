/**
 * What the age re-check (PRODUCT.md section 3) reads besides the customer: the saved covers
 * and the questionnaire set answered. Joined into the statement that reads the session and
 * customer (app/core/sessions.ts), so a guarded page or /api read makes one round trip for
 * all three (docs/decisions/0040). Two primary-key lookups: cheaper than a second query.
 */
import type { AnsweredSet, Proposal } from "./rules.js";

export interface AgeFacts {
  proposal: Pick<Proposal, "sumInsuredForDeathCover" | "sumInsuredForDisabilityCover"> | null;
  answered: AnsweredSet;
}

/** Joins of the customer `c`: its proposal `af_p` and questionnaire `af_q`. */
export const AGE_FACTS_JOINS = `LEFT JOIN proposals af_p ON af_p.customer_id = c.id
         LEFT JOIN questionnaires af_q ON af_q.customer_id = c.id`;

export const AGE_FACTS_COLUMNS = `af_p.death_cover AS af_death_cover, af_p.disability_cover AS af_disability_cover, af_q.type AS af_answered`;

export interface AgeFactsRow {
  af_death_cover: number | null;
  af_disability_cover: number | null;
  af_answered: AnsweredSet;
}

export function toAgeFacts(row: AgeFactsRow): AgeFacts {
  return {
    proposal:
      row.af_death_cover === null || row.af_disability_cover === null
        ? null
        : { sumInsuredForDeathCover: Number(row.af_death_cover), sumInsuredForDisabilityCover: Number(row.af_disability_cover) },
    answered: row.af_answered ?? null,
  };
}
