/**
 * Jaan Tamm (38503020139), the seeded policyholder (PRODUCT.md section 2): a policy that
 * started six months before seeding (100 000 / 50 000, HEALTH_CHECK and TELEMED, two
 * beneficiaries), his registration, the onboarding wellness profile and two past quarterly
 * score periods with a score and a discount; the current period is left for him to fill.
 * Invoices are not seeded: the core issues them from the policy start when they are listed.
 * Idempotent: nothing happens once his policy exists.
 */
import { ageOn } from "../../lib/personal-code.js";
import { EMPTY_ANSWER, leafQuestions, type Answer, type AnswerValue } from "../../lib/score-model.js";
import { addDays, addMonths, today, type Clock } from "../clock.js";
import { sealDocument } from "../documents/sealed.js";
import type { HealthCipher } from "../health-data.js";
import type { ServiceCode } from "../../lib/limits.js";
import { renderApplication, sha256 } from "../documents/index.js";
import { DEMO_INVOICING } from "../config.js";
import { APPLICATION_EDITION } from "../documents/application-editions.js";
import { estimate, wellnessDiscountPercent } from "../pricing.js";
import { WELLNESS_QUESTIONNAIRE } from "../../lib/score-definition.js";
import { scoreInputs, wellnessScore } from "../score/scoring.js";
import type { Db, Queryable } from "../db/index.js";

export const POLICYHOLDER_CODE = "38503020139";
const DEATH_COVER = 100_000;
const DISABILITY_COVER = 50_000;
const SERVICES: ServiceCode[] = ["HEALTH_CHECK", "TELEMED"];
/** The short set (age 41, 100 000 cover, BMI 25.4), all answered "no". */
const QUESTIONNAIRE = {
  height: 182,
  weight: 84,
  content: { examination: false, medicines: false, sickLeave: false, hospitalization: false, treatment: false, disability: false },
};

/** Three answer sets: the onboarding profile, then the first and second quarter (scores 69, 81, 94; discounts 10, 14, 18 %). */
const ANSWER_SETS: Array<Record<string, AnswerValue>> = [
  { steps: 6000, activeDays: 3, exerciseMinutes: 90, restingHeartRate: 72, bmi: 26.1, bloodPressureKnown: true, smoking: false, alcoholUnits: 6, sleepHours: 7, diet: "irregular", stress: 6, screenings: ["dental"] },
  { steps: 7000, activeDays: 4, exerciseMinutes: 120, restingHeartRate: 68, bmi: 25.6, bloodPressureKnown: true, smoking: false, alcoholUnits: 5, sleepHours: 7, diet: "balanced", stress: 5, screenings: ["dental", "blood_test"] },
  { steps: 9000, activeDays: 5, exerciseMinutes: 150, restingHeartRate: 62, bmi: 24.8, bloodPressureKnown: true, smoking: false, alcoholUnits: 4, sleepHours: 8, diet: "balanced", stress: 3, screenings: ["dental", "blood_test"] },
];

function answersOf(values: Record<string, AnswerValue>): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const question of leafQuestions(WELLNESS_QUESTIONNAIRE)) answers[question.code] = { ...EMPTY_ANSWER, value: values[question.code] ?? null };
  return answers;
}

/** A saved score profile, sealed as core.score seals it (AAD score:{customer}:{profile}). */
async function saveProfile(tx: Queryable, cipher: HealthCipher, customerId: number, periodStart: string | null, values: Record<string, AnswerValue>, savedAt: Date) {
  const answers = answersOf(values);
  const score = wellnessScore(scoreInputs(WELLNESS_QUESTIONNAIRE, answers));
  const [row] = await tx.query<{ id: number | string }>(
    `INSERT INTO score_profiles (customer_id, period_start) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
    [customerId, periodStart],
  );
  if (!row) return null;
  const id = Number(row.id);
  await tx.query(`UPDATE score_profiles SET answers_sealed = $2, score = $3, discount_percent = $4, saved_at = $5 WHERE id = $1`, [
    id,
    cipher.encrypt({ version: 1, answers }, `score:${customerId}:${id}`),
    score,
    wellnessDiscountPercent(score),
    savedAt,
  ]);
  await audit(tx, customerId, `score:${id}`, savedAt);
  return score;
}

/** Seeded health data is audited like any other write, by the seed. */
async function audit(tx: Queryable, customerId: number, subject: string, at: Date) {
  await tx.query(`INSERT INTO health_data_audit (customer_id, actor, action, subject, at) VALUES ($1, 'seed', 'write', $2, $3)`, [customerId, subject, at]);
}

/** Noon in Tallinn on a calendar date (a saved_at well inside that day). */
const noonOn = (isoDate: string) => new Date(`${isoDate}T10:00:00Z`);

/**
 * `personalCode` names an existing customer (tests make their own policyholders with it);
 * `startDate` is the policy's (six months before today unless given), signed the day before.
 * The quarterly score periods seeded are those over by today, so a policy started days ago has
 * none: its first invoice is priced with the wellness discount it was signed with.
 */
export async function seedPolicyholder(
  db: Db,
  clock: Clock,
  cipher: HealthCipher,
  personalCode = POLICYHOLDER_CODE,
  startDate = addMonths(today(clock), -6),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [customer] = await tx.query<{ id: number | string; date_of_birth: string; first_name: string; last_name: string }>(
      `SELECT id, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, first_name, last_name FROM customers WHERE personal_code = $1 FOR UPDATE`,
      [personalCode],
    );
    if (!customer) return;
    const customerId = Number(customer.id);
    const existing = await tx.query(`SELECT 1 FROM policies WHERE customer_id = $1`, [customerId]);
    if (existing.length > 0) return;

    const signedOn = addDays(startDate, -1);
    const registeredOn = addDays(signedOn, -2);
    const email = `${customer.first_name}.${customer.last_name}@example.com`.toLowerCase();
    const phone = "+372 5123 4567";

    await tx.query(
      `INSERT INTO registrations (customer_id, email, phone, occupation, source_of_funds, source_of_funds_other, support_code,
         conditions_agreement, health_data_agreement, newsletter_agreement, wl_agreement, saved_at)
       VALUES ($1, $2, $3, 'Insener', 'WAGE', NULL, NULL, true, true, false, false, $4) ON CONFLICT (customer_id) DO NOTHING`,
      [customerId, email, phone, noonOn(registeredOn)],
    );
    await tx.query(`UPDATE customers SET email = $2, phone = $3, state = 'SELF_SERVICE', updated_at = $4 WHERE id = $1`, [
      customerId,
      email,
      phone,
      clock.now(),
    ]);

    const onboardingScore = await saveProfile(tx, cipher, customerId, null, ANSWER_SETS[0], noonOn(registeredOn));
    for (const [quarter, answers] of ANSWER_SETS.slice(1).entries()) {
      const periodStart = addMonths(startDate, 3 * quarter);
      if (addMonths(periodStart, 3) <= today(clock)) await saveProfile(tx, cipher, customerId, periodStart, answers, noonOn(periodStart));
    }

    await tx.query(
      `INSERT INTO proposals (customer_id, death_cover, disability_cover, services, saved_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (customer_id) DO NOTHING`,
      [customerId, DEATH_COVER, DISABILITY_COVER, JSON.stringify(SERVICES), noonOn(registeredOn)],
    );
    const beneficiaries = [
      { type: "P", firstName: "Mari", name: "Tamm", idCode: "49005150229", share: 60, email: "mari.tamm@example.com", phone: "+372 5234 5678" },
      { type: "C", firstName: null, name: "Tamme Kodu OÜ", idCode: "12345678", share: 40, email: "info@tammekodu.example.com", phone: "+372 600 1234" },
    ];
    for (const [index, b] of beneficiaries.entries()) {
      await tx.query(
        `INSERT INTO beneficiaries (customer_id, position, type, first_name, name, id_code, share_percent, email, phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
        [customerId, index + 1, b.type, b.firstName, b.name, b.idCode, b.share, b.email, b.phone],
      );
    }
    await tx.query(
      `INSERT INTO offers (customer_id, application_consent, insurance_conditions_consent, insurer_data_sharing_consent, saved_at)
       VALUES ($1, true, true, true, $2) ON CONFLICT (customer_id) DO NOTHING`,
      [customerId, noonOn(signedOn)],
    );

    await tx.query(
      `INSERT INTO questionnaires (customer_id, type, answers_sealed, saved_at) VALUES ($1, 'UW_L1', $2, $3) ON CONFLICT (customer_id) DO NOTHING`,
      [customerId, cipher.encrypt({ ...QUESTIONNAIRE, type: "UW_L1" }, `questionnaire:${customerId}`), noonOn(registeredOn)],
    );
    await audit(tx, customerId, "questionnaire", noonOn(registeredOn));
    const age = ageOn(customer.date_of_birth, signedOn);
    const estimation = estimate({
      age,
      sumInsuredForDeathCover: DEATH_COVER,
      sumInsuredForDisabilityCover: DISABILITY_COVER,
      services: SERVICES,
      wellnessScore: onboardingScore,
      smoker: false,
    });
    // What he signed: the application statement, as the signing flow stores it.
    const document = await renderApplication({
      language: "et",
      at: noonOn(signedOn),
      date: signedOn,
      customer: { firstName: customer.first_name, lastName: customer.last_name, personalCode, dateOfBirth: customer.date_of_birth, email, phone },
      age,
      sumInsuredForDeathCover: DEATH_COVER,
      sumInsuredForDisabilityCover: DISABILITY_COVER,
      services: SERVICES,
      questionnaire: { type: "UW_L1", ...QUESTIONNAIRE },
      beneficiaries: beneficiaries.map((b) => ({ ...b, type: b.type as "P" | "C", sharePercent: b.share })),
      estimation,
      edition: APPLICATION_EDITION,
    }, DEMO_INVOICING.issuer.name);
    await tx.query(
      `INSERT INTO policies (customer_id, status, signing_id, signed_document, document_sealed, document_sha256, signed_at, start_date,
         death_cover, disability_cover, services, estimation, language, application_edition)
       VALUES ($1, 'ACTIVE', NULL, $2, true, $3, $4, $5, $6, $7, $8, $9, 'et', $10)`,
      [
        customerId,
        sealDocument(cipher, "policy", customerId, document),
        sha256(document),
        noonOn(signedOn),
        startDate,
        DEATH_COVER,
        DISABILITY_COVER,
        JSON.stringify(SERVICES),
        JSON.stringify(estimation),
        APPLICATION_EDITION,
      ],
    );
  });
}
