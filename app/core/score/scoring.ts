/**
 * The wellness score 0–100: points per answer, summed (docs/score.md explains every band).
 * Deterministic and pure; an unanswered question earns 0 points. The discount it earns is
 * PRODUCT.md section 5's formula, written once: wellnessDiscountPercent in app/core/pricing.ts,
 * which the score's save stores and every price takes (docs/decisions/0311).
 */
import { effectiveValue, leafQuestions, type Answer, type AnswerValue, type ScoreGroup } from "../../lib/score-model.js";

/** The effective value of every question, by code (automatic values already chosen). */
export type ScoreInputs = Record<string, AnswerValue | undefined>;

const num = (v: AnswerValue | undefined): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The first band whose upper bound (exclusive) is above the value. */
function band(value: number | null, bands: Array<[below: number, points: number]>, otherwise: number): number {
  if (value === null) return 0;
  for (const [below, points] of bands) if (value < below) return points;
  return otherwise;
}

/** Points per question code; the maximum of each is in docs/score.md (tests/unit/score.test.ts checks them). */
export const POINTS: Record<string, (v: AnswerValue | undefined) => number> = {
  // Activity: 35
  steps: (v) => band(num(v), [[3000, 0], [5000, 3], [7500, 6], [10_000, 8]], 10),
  activeDays: (v) => (num(v) === null ? 0 : Math.min(10, 2 * num(v)!)),
  exerciseMinutes: (v) => (num(v) === null ? 0 : Math.min(15, Math.floor(num(v)! / 10))),
  // Health: 25
  restingHeartRate: (v) => band(num(v), [[40, 0], [60, 10], [70, 8], [80, 6], [90, 3]], 0),
  bmi: (v) => band(num(v), [[17, 0], [18.5, 3], [25, 10], [30, 6], [35, 3]], 0),
  bloodPressureKnown: (v) => (v === true ? 5 : 0),
  // Lifestyle: 40
  smoking: (v) => (v === false ? 12 : 0),
  alcoholUnits: (v) => band(num(v), [[8, 8], [15, 5], [22, 2]], 0),
  sleepHours: (v) => band(num(v), [[6, 0], [7, 3], [10, 6], [11, 3]], 0),
  diet: (v) => ({ balanced: 6, plant_based: 6, irregular: 2, processed: 0 })[String(v)] ?? 0,
  stress: (v) => band(num(v), [[4, 4], [7, 2]], 0),
  screenings: (v) => (Array.isArray(v) ? Math.min(4, v.filter((o) => o !== "none").length) : 0),
};

/** The score 0–100 from effective values by question code. Unknown codes earn nothing. */
export function wellnessScore(inputs: ScoreInputs): number {
  let total = 0;
  for (const [code, points] of Object.entries(POINTS)) total += points(inputs[code]);
  return Math.max(0, Math.min(100, Math.round(total)));
}

/** The effective values of a questionnaire's answers (automatic where in use). */
export function scoreInputs(groups: ScoreGroup[], answers: Record<string, Answer | undefined>): ScoreInputs {
  const inputs: ScoreInputs = {};
  for (const question of leafQuestions(groups)) inputs[question.code] = effectiveValue(question, answers[question.code]);
  return inputs;
}
