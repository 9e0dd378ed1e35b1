/**
 * The health questionnaire sets (SPEC.md section 2 "Questionnaire"; PRODUCT.md section 6),
 * isomorphic: the screen renders them, the schema validates against them and the core
 * stores only what they ask. Titles, info texts and sub-question labels are i18n keys
 * (app/locales/questionnaire.ts): `questionnaire.q.{code}.title`, `questionnaire.q.{code}.info`
 * and `questionnaire.sub.{sub}`.
 */

/** Every answer the required-type check can give (SPEC.md section 3 "Questionnaire type"). */
export const QUESTIONNAIRE_TYPES = ["UW_L1", "UW_L2", "UNAVAILABLE"] as const;
export type QuestionnaireType = (typeof QUESTIONNAIRE_TYPES)[number];

/** The sets a customer can answer; UNAVAILABLE (PRODUCT.md section 6) has no questions. */
export const ANSWERABLE_TYPES = ["UW_L1", "UW_L2"] as const;
export type AnswerableType = (typeof ANSWERABLE_TYPES)[number];

export type SubQuestionKind = "text" | "integer";

export interface SubQuestion {
  code: string;
  kind: SubQuestionKind;
}

export interface HealthQuestion {
  code: string;
  /** Asked when the answer is yes; all of them are then required. */
  subs: SubQuestion[];
}

/** Free-text sub-answers: long enough for a diagnosis and its history, short enough to read. */
export const SUB_TEXT_MAX = 1000;

const text = (...codes: string[]): SubQuestion[] => codes.map((code) => ({ code, kind: "text" }));

// Shared by both sets: the same question, the same wording.
const sickLeave: HealthQuestion = { code: "sickLeave", subs: text("reason", "period", "recovery") };
const medicines: HealthQuestion = { code: "medicines", subs: text("medicine", "reason", "period") };
const disability: HealthQuestion = { code: "disability", subs: text("disease", "whenDiagnosed", "degree") };

/** The short set. */
export const UW_L1_QUESTIONS: readonly HealthQuestion[] = [
  { code: "examination", subs: text("reason", "analyses", "period") },
  medicines,
  sickLeave,
  { code: "hospitalization", subs: text("disease", "whenDiagnosed") },
  { code: "treatment", subs: text("disease", "treatmentAndDuration") },
  disability,
];

/** The long set. */
export const UW_L2_QUESTIONS: readonly HealthQuestion[] = [
  { code: "respiratory", subs: text("disease", "whenDiagnosed", "lastBout", "treatmentAndDuration") },
  { code: "cardiovascular", subs: text("disease", "whenDiagnosed", "treatmentAndDuration", "analyses") },
  { code: "digestive", subs: text("disease", "whenDiagnosed", "treatmentAndDuration", "recovery") },
  { code: "kidney", subs: text("disease", "whenDiagnosed", "treatmentAndDuration", "analyses") },
  { code: "nervousSystem", subs: text("disease", "whenDiagnosed", "lastBout", "treatmentAndDuration") },
  { code: "metabolic", subs: text("disease", "whenDiagnosed", "treatmentAndDuration", "analyses") },
  { code: "immuneSystem", subs: text("disease", "whenDiagnosed", "treatmentAndDuration") },
  { code: "tumor", subs: text("disease", "area", "whenDiagnosed", "treatmentAndDuration", "recovery") },
  { code: "rheumatic", subs: text("disease", "area", "whenDiagnosed", "treatmentAndDuration") },
  { code: "skin", subs: text("disease", "area", "treatmentAndDuration") },
  { code: "genital", subs: text("disease", "whenDiagnosed", "treatmentAndDuration") },
  { code: "earAndEye", subs: text("disease", "area", "treatmentAndDuration") },
  { code: "examinationAdditional", subs: text("reason", "analyses", "period") },
  { code: "otherDiseases", subs: text("disease", "whenDiagnosed", "treatmentAndDuration") },
  sickLeave,
  medicines,
  disability,
  { code: "smoking", subs: [{ code: "howMany", kind: "integer" }] },
  { code: "alcohol", subs: [] },
  { code: "drugs", subs: text("substance", "period", "treatmentAndDuration") },
];

export const QUESTION_SETS: Record<AnswerableType, readonly HealthQuestion[]> = {
  UW_L1: UW_L1_QUESTIONS,
  UW_L2: UW_L2_QUESTIONS,
};

/** The disease groups of the long set (PRODUCT.md section 3's EUW rule). */
export const DISEASE_GROUPS = [
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
] as const;

/** More than this many cigarettes a day needs extended underwriting (PRODUCT.md section 3). */
export const EUW_CIGARETTES_PER_DAY = 20;

export const extraKey = (question: string) => `${question}Extra`;
export const titleKey = (question: string) => `questionnaire.q.${question}.title`;
export const infoKey = (question: string) => `questionnaire.q.${question}.info`;
export const subKey = (sub: string) => `questionnaire.sub.${sub}`;

export const isAnswerableType = (value: unknown): value is AnswerableType => value === "UW_L1" || value === "UW_L2";
