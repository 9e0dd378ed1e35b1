/**
 * Kati Karu (PRODUCT.md section 2), seeded ready to sign (the onboarding table's
 * TRANSITIONS.signed.from, the state that lands on the offer) with every
 * earlier step saved consistently with her age (born 1970-01-01: UW_L2, covers within the
 * 55–59 limits), and `writeApplication`, which writes such a complete application for any
 * customer (the seed and the offer's tests use the same rows the earlier steps write).
 */
import { TRANSITIONS } from "../../lib/onboarding.js";
import { makePersonalCode } from "../../lib/personal-code.js";
import { QUESTION_SETS } from "../../lib/questionnaire-sets.js";
import type { Clock } from "../clock.js";
import type { HealthCipher } from "../health-data.js";
import { wellnessDiscountPercent } from "../pricing.js";
import { WELLNESS_QUESTIONNAIRE } from "../../lib/score-definition.js";
import { scoreInputs, wellnessScore } from "../score/scoring.js";
import type { Queryable } from "../db/index.js";

export const KATI_KARU = "47001010335";

export interface ApplicationRows {
  email: string;
  phone: string;
  supportCode?: string | null;
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: string[];
  questionnaire: { type: "UW_L1" | "UW_L2"; height: number; weight: number; content: Record<string, unknown> };
  beneficiaries: Array<{ type: "P" | "C"; firstName?: string | null; name: string; idCode: string; sharePercent: number; email: string; phone: string }>;
  /** The wellness answers (score engine codes); the score is computed from them. */
  wellnessAnswers?: Record<string, { value: unknown; manual?: boolean }>;
}

/** A plausible wellness profile of a healthy, moderately active adult (score 87). */
export const WELLNESS_ANSWERS: Record<string, { value: unknown; manual?: boolean }> = {
  steps: { value: 8000, manual: true },
  activeDays: { value: 4 },
  exerciseMinutes: { value: 120, manual: true },
  restingHeartRate: { value: 65, manual: true },
  bmi: { value: 22.7, manual: true },
  bloodPressureKnown: { value: true },
  smoking: { value: false },
  alcoholUnits: { value: 4 },
  sleepHours: { value: 7 },
  diet: { value: "balanced" },
  stress: { value: 5 },
  screenings: { value: ["dental", "blood_test"] },
};

/** Every question of the set answered "no". */
export function allNo(type: "UW_L1" | "UW_L2"): Record<string, boolean> {
  return Object.fromEntries(QUESTION_SETS[type].map((q) => [q.code, false]));
}

/** Writes registration, wellness score, proposal, sealed questionnaire and beneficiaries; state BENEFICIARIES_DEFINED. */
export async function writeApplication(q: Queryable, clock: Clock, cipher: HealthCipher, customerId: number, a: ApplicationRows): Promise<void> {
  const now = clock.now();
  await q.query(
    `INSERT INTO registrations (customer_id, email, phone, occupation, source_of_funds, source_of_funds_other, support_code,
       conditions_agreement, health_data_agreement, newsletter_agreement, wl_agreement, saved_at)
     VALUES ($1, $2, $3, 'Raamatupidaja', 'WAGE', NULL, $4, true, true, false, false, $5) ON CONFLICT (customer_id) DO NOTHING`,
    [customerId, a.email, a.phone, a.supportCode ?? null, now],
  );
  // The onboarding wellness profile, sealed as the score service seals it (score:{customer}:{profile}).
  const answers = a.wellnessAnswers ?? WELLNESS_ANSWERS;
  const score = wellnessScore(scoreInputs(WELLNESS_QUESTIONNAIRE, answers as never));
  const profiles = await q.query<{ id: string | number }>(
    `INSERT INTO score_profiles (customer_id, period_start, answers_sealed, score, discount_percent, saved_at)
     VALUES ($1, NULL, NULL, $2, $3, $4) ON CONFLICT (customer_id, period_start) DO NOTHING RETURNING id`,
    [customerId, score, wellnessDiscountPercent(score), now],
  );
  if (profiles[0]) {
    const profileId = Number(profiles[0].id);
    await q.query(`UPDATE score_profiles SET answers_sealed = $2 WHERE id = $1`, [
      profileId,
      cipher.encrypt({ version: 1, answers }, `score:${customerId}:${profileId}`),
    ]);
    await q.query(`INSERT INTO health_data_audit (customer_id, actor, action, subject, at) VALUES ($1, 'seed', 'write', $2, $3)`, [
      customerId,
      `score:${profileId}`,
      now,
    ]);
  }
  await q.query(
    `INSERT INTO proposals (customer_id, death_cover, disability_cover, services, saved_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id) DO NOTHING`,
    [customerId, a.sumInsuredForDeathCover, a.sumInsuredForDisabilityCover, JSON.stringify(a.services), now],
  );
  const { type, height, weight, content } = a.questionnaire;
  await q.query(
    `INSERT INTO questionnaires (customer_id, type, answers_sealed, saved_at) VALUES ($1, $2, $3, $4) ON CONFLICT (customer_id) DO NOTHING`,
    [customerId, type, cipher.encrypt({ height, weight, type, content }, `questionnaire:${customerId}`), now],
  );
  await q.query(`INSERT INTO health_data_audit (customer_id, actor, action, subject, at) VALUES ($1, 'seed', 'write', 'questionnaire', $2)`, [
    customerId,
    now,
  ]);
  let position = 1;
  for (const b of a.beneficiaries) {
    await q.query(
      `INSERT INTO beneficiaries (customer_id, position, type, first_name, name, id_code, share_percent, email, phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (customer_id, position) DO NOTHING`,
      [customerId, position++, b.type, b.type === "P" ? (b.firstName ?? null) : null, b.name, b.idCode, b.sharePercent, b.email, b.phone],
    );
  }
  await q.query(`UPDATE customers SET email = $2, phone = $3, state = $5, updated_at = $4 WHERE id = $1`, [
    customerId,
    a.email,
    a.phone,
    now,
    TRANSITIONS.signed.from,
  ]);
}

/** Kati Karu's application, once: only when her customer row has no proposal yet. */
export async function seedReadyToSign(q: Queryable, clock: Clock, cipher: HealthCipher): Promise<void> {
  const rows = await q.query<{ id: string | number }>(
    `SELECT c.id FROM customers c WHERE c.personal_code = $1 AND c.state = $2
       AND NOT EXISTS (SELECT 1 FROM proposals p WHERE p.customer_id = c.id)`,
    [KATI_KARU, TRANSITIONS.signed.from],
  );
  if (!rows[0]) return;
  await writeApplication(q, clock, cipher, Number(rows[0].id), {
    email: "kati.karu@example.ee",
    phone: "+372 5123 4567",
    sumInsuredForDeathCover: 100_000,
    sumInsuredForDisabilityCover: 50_000,
    services: ["HEALTH_CHECK", "TELEMED"],
    questionnaire: { type: "UW_L2", height: 168, weight: 64, content: allNo("UW_L2") },
    beneficiaries: [
      { type: "P", firstName: "Karl", name: "Karu", idCode: makePersonalCode("1996-04-12", "M", 215), sharePercent: 60, email: "karl.karu@example.ee", phone: "+372 5234 5678" },
      { type: "P", firstName: "Liisa", name: "Karu", idCode: makePersonalCode("1999-09-03", "F", 318), sharePercent: 40, email: "liisa.karu@example.ee", phone: "+372 5345 6789" },
    ],
  });
}
