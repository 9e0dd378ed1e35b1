/**
 * Extended underwriting (PRODUCT.md section 3): at signing, a yes on one of these answers
 * sends the application to an underwriter (EUW) instead of AGREEMENT_SIGNED. The answers
 * use the agreed questionnaire format (BRIEF.md): content.{q} booleans, smoking's
 * cigarettes per day under content.smokingExtra.howMany.
 */

export const EUW_QUESTIONS_L1 = ["hospitalization", "treatment", "disability"] as const;

/** The UW_L2 disease groups, plus disability and drugs. */
export const EUW_QUESTIONS_L2 = [
  "respiratory",
  "cardiovascular",
  "digestive",
  "kidney",
  "nervousSystem",
  "metabolic",
  "immuneSystem",
  "tumor",
  "rheumatic",
  "skin",
  "genital",
  "earAndEye",
  "otherDiseases",
  "disability",
  "drugs",
] as const;

/** More than this many cigarettes a day is a risk the automatic rules do not take. */
export const EUW_SMOKING_LIMIT = 20;

export interface QuestionnaireAnswers {
  type: "UW_L1" | "UW_L2";
  content: Record<string, unknown>;
}

export function needsExtendedUnderwriting(answers: QuestionnaireAnswers): boolean {
  const yes = (q: string) => answers.content[q] === true;
  if (answers.type === "UW_L1") return EUW_QUESTIONS_L1.some(yes);
  if (EUW_QUESTIONS_L2.some(yes)) return true;
  if (!yes("smoking")) return false;
  const extra = answers.content.smokingExtra as { howMany?: unknown } | undefined;
  const howMany = Number(extra?.howMany);
  return Number.isFinite(howMany) && howMany > EUW_SMOKING_LIMIT;
}

/** A smoker for pricing: a yes on the UW_L2 smoking question. */
export function isSmoker(answers: QuestionnaireAnswers | null): boolean {
  return answers?.type === "UW_L2" && answers.content.smoking === true;
}
