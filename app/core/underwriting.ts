/** Which health questionnaire a customer answers (PRODUCT.md section 6). */
import type { QuestionnaireType } from "../lib/questionnaire-sets.js";

/**
 * Body-mass index from height in centimetres and weight in kilograms, to six decimals so
 * that a value exactly on a boundary (59.94 kg at 180 cm is 18.5) is not lost to floating
 * point (18.499999…).
 */
export function bodyMassIndex(heightCm: number, weightKg: number): number {
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 1e6) / 1e6;
}

/** PRODUCT.md section 6: a body-mass index below `min`, or `below` and over, cannot be insured online. */
export const BMI_INSURABLE = { min: 16, below: 40 } as const;

export function requiredQuestionnaireType(input: {
  age: number;
  /** Whole euro. */
  sumInsuredForDeathCover: number;
  heightCm?: number | null;
  weightKg?: number | null;
}): QuestionnaireType {
  const bmi = input.heightCm && input.weightKg ? bodyMassIndex(input.heightCm, input.weightKg) : null;
  if (bmi !== null && (bmi < BMI_INSURABLE.min || bmi >= BMI_INSURABLE.below)) return "UNAVAILABLE";
  if (input.age >= 50 || input.sumInsuredForDeathCover > 150_000) return "UW_L2";
  if (bmi !== null && (bmi < 18.5 || bmi >= 30)) return "UW_L2";
  return "UW_L1";
}
