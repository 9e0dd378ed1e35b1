/**
 * Prepares a customer for the questionnaire step: walked there through /api
 * (tests/support/reach.ts); the answers the earlier steps save.
 */
import type { OnboardingState } from "~/lib/onboarding";
import type { Client, TestApp } from "./app";
import { customerAt } from "./reach";

// The answers the walk saves (tests/support/walk.ts).
export { REGISTRATION } from "./walk";

export interface QuestionnaireCustomer {
  client: Client;
  customerId: number;
  personalCode: string;
}

/** A fresh customer walked to /questionnaire (tests/support/reach.ts): the package saved (whole euro). */
export async function customerOnQuestionnaire(app: TestApp, options: { age?: number; deathCover?: number; disabilityCover?: number } = {}): Promise<QuestionnaireCustomer> {
  const today = new Date(app.clock.now()).toISOString().slice(0, 10);
  const { client, customer, code } = await customerAt(app, "questionnaire", { ...options, disabilityCover: options.disabilityCover ?? (options.deathCover ?? 100_000) / 2, today });
  return { client, customerId: customer.id, personalCode: code };
}

export async function setProposal(app: TestApp, customerId: number, deathCover: number, disabilityCover = 0): Promise<void> {
  await app.core.db.query(
    `INSERT INTO proposals (customer_id, death_cover, disability_cover, services, saved_at) VALUES ($1, $2, $3, '["MENTAL"]'::jsonb, $4)
     ON CONFLICT (customer_id) DO UPDATE SET death_cover = EXCLUDED.death_cover, disability_cover = EXCLUDED.disability_cover`,
    [customerId, deathCover, disabilityCover, app.clock.now()],
  );
}

export async function stateOf(app: TestApp, customerId: number): Promise<OnboardingState> {
  const [row] = await app.core.db.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1`, [customerId]);
  return row.state;
}

/** One saved beneficiary (the beneficiaries /api comes from another branch). */
export async function addBeneficiary(app: TestApp, customerId: number): Promise<void> {
  await app.core.db.query(
    `INSERT INTO beneficiaries (customer_id, position, type, first_name, name, id_code, share_percent, email, phone)
     VALUES ($1, 1, 'P', 'Mari', 'Maasikas', '49005150229', 100, 'mari@example.com', '+372 5555 1234')`,
    [customerId],
  );
}

export async function auditRows(app: TestApp, customerId: number) {
  return app.core.db.query<{ actor: string; action: string; subject: string }>(
    `SELECT actor, action, subject FROM health_data_audit WHERE customer_id = $1 AND subject IN ('questionnaire', 'questionnaire:body') ORDER BY id`,
    [customerId],
  );
}

export const ALL_NO_UW_L1 = { examination: false, medicines: false, sickLeave: false, hospitalization: false, treatment: false, disability: false };

export const ALL_NO_UW_L2 = {
  respiratory: false,
  cardiovascular: false,
  digestive: false,
  kidney: false,
  nervousSystem: false,
  metabolic: false,
  immuneSystem: false,
  tumor: false,
  rheumatic: false,
  skin: false,
  genital: false,
  earAndEye: false,
  examinationAdditional: false,
  otherDiseases: false,
  sickLeave: false,
  medicines: false,
  disability: false,
  smoking: false,
  alcohol: false,
  drugs: false,
};
