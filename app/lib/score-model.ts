/**
 * The wellness score questionnaire as data (SPEC.md section 3 "Score group", "Score
 * question", "Answer"), and the pure rules the browser and the server share: slider bounds,
 * which value counts, the answered count. No I/O: the core owns storage and scoring.
 */

export type QuestionType = "group" | "boolean" | "decimal" | "integer" | "choice" | "multi-choice" | "slider";

export type IntegrationCode = "activity" | "health";

/** Where a question's automatic value comes from. */
export type AutoMetric = "stepsPerDay" | "exerciseMinutesPerWeek" | "bpm" | "bmi";

export interface AutoSource {
  integration: IntegrationCode;
  metric: AutoMetric;
}

export interface ScoreQuestion {
  code: string;
  type: QuestionType;
  /** A boolean or choice the customer must answer (error.required). */
  mandatory: boolean;
  /** Shown, never editable: the value comes from the server only. */
  readonly: boolean;
  /** When the automatic value is usable it is used; the customer cannot choose manual. */
  autoEnforced: boolean;
  /** Option codes of a choice or multi-choice (labels are translations). */
  options: string[];
  /** A multi-choice option that cannot be combined with the others ("none"). */
  exclusiveOption?: string;
  /** The questions of a `group` question. */
  questions: ScoreQuestion[];
  /** Slider bounds (default 0–100 step 1) or the allowed range of a number. */
  min?: number;
  max?: number;
  step?: number;
  auto?: AutoSource;
}

export interface ScoreGroup {
  code: string;
  integrationCode: IntegrationCode | null;
  questions: ScoreQuestion[];
}

export type AnswerValue = boolean | number | string | string[] | null;

export interface Answer {
  /** What the customer entered (or chose). */
  value: AnswerValue;
  /** For questions with an automatic source: the customer chose to enter the value. */
  manual: boolean;
  /** The integration's value, present only while it is usable. */
  autoValue: number | null;
  /** Whether the automatic value can be used now. */
  autoEnabled: boolean;
  /** Days the automatic average covers (activity: 30), or null. */
  autoPeriod: number | null;
  /** Days of data the average needs at least (activity: 20), or null. */
  autoPeriodLimit: number | null;
  /** Days of data the integration actually had in the period (for the note), or null. */
  autoDays: number | null;
}

export const EMPTY_ANSWER: Answer = {
  value: null,
  manual: true,
  autoValue: null,
  autoEnabled: false,
  autoPeriod: null,
  autoPeriodLimit: null,
  autoDays: null,
};

/**
 * An answer as the screen's data carries it: only what differs from `EMPTY_ANSWER`. Most of
 * an answer is the nulls of an automatic source the question does not have, and the page sends
 * its data inside its HTML: 64–68 B gzip off /score and /self-service/score/:id, both near 6 KB.
 */
export type ScreenAnswer = Partial<Answer>;

const ANSWER_KEYS = Object.keys(EMPTY_ANSWER) as (keyof Answer)[];

/** The answer with what `EMPTY_ANSWER` already says left out. */
export function screenAnswer(answer: Answer): ScreenAnswer {
  const out: Record<string, unknown> = {};
  for (const key of ANSWER_KEYS) if (answer[key] !== EMPTY_ANSWER[key]) out[key] = answer[key];
  return out as ScreenAnswer;
}

/** The screen's answer to a question, whole. */
export function answerOf(answers: Record<string, ScreenAnswer>, code: string): Answer {
  const given = answers[code];
  return given ? { ...EMPTY_ANSWER, ...given } : EMPTY_ANSWER;
}

const SLIDER_DEFAULTS = { min: 0, max: 100, step: 1 } as const;

/** SPEC.md section 5: sliders default to 0–100 step 1. */
export function sliderBounds(question: Pick<ScoreQuestion, "min" | "max" | "step">): { min: number; max: number; step: number } {
  return {
    min: question.min ?? SLIDER_DEFAULTS.min,
    max: question.max ?? SLIDER_DEFAULTS.max,
    step: question.step ?? SLIDER_DEFAULTS.step,
  };
}

/** A slider value capped by its upper limit and snapped to its step (never below its minimum: that is an error). */
export function capSlider(value: number, question: Pick<ScoreQuestion, "min" | "max" | "step">): number {
  const { min, max, step } = sliderBounds(question);
  const snapped = min + Math.round((value - min) / step) * step;
  return Math.min(max, Number(snapped.toFixed(6)));
}

/**
 * A slider posts two numbers: its range input and the typed alternative beside it (WCAG
 * 2.5.7), plus the value the page showed (`was`). Without JavaScript only one of them was
 * changed by the customer; this picks it. The package covers, the quote's and the score's
 * sliders read their fields through it. Here, beside the score's slider rules, rather than in
 * a module of its own: every page with a slider loads this module, and a module of its own
 * was a browser chunk of its own on the score pages (docs/decisions/0311).
 *
 * The typed number when it differs from what the page showed, else the range's when that
 * moved from where it started (`start`: where an unanswered handle sits), else what the page
 * showed. Spaces do not count ("50 000" is 50000).
 */
export function chosenSliderText(input: { typed: string | undefined; range: string | undefined; was: string | undefined; start?: string }): string {
  const spaceless = (text: string | undefined) => (text ?? "").replace(/\s/g, "");
  const typed = spaceless(input.typed);
  const was = spaceless(input.was);
  if (typed !== was) return typed;
  const range = input.range ?? "";
  return range && range !== (was || (input.start ?? "")) ? range : was;
}

/** Questions that carry an answer: nested `group` questions are flattened away. */
export function leafQuestions(groups: Array<{ questions: ScoreQuestion[] }>): ScoreQuestion[] {
  const out: ScoreQuestion[] = [];
  const walk = (questions: ScoreQuestion[]) => {
    for (const q of questions) {
      if (q.type === "group") walk(q.questions);
      else out.push(q);
    }
  };
  for (const group of groups) walk(group.questions);
  return out;
}

export function hasValue(value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** SPEC.md section 5: answered means a value or an autoValue; an array counts when non-empty. */
export function isAnswered(answer: Pick<Answer, "value" | "autoValue"> | undefined): boolean {
  if (!answer) return false;
  return hasValue(answer.value) || (answer.autoValue !== null && answer.autoValue !== undefined);
}

export function countAnswered(groups: Array<{ questions: ScoreQuestion[] }>, answers: Record<string, Pick<Answer, "value" | "autoValue"> | undefined>) {
  const questions = leafQuestions(groups);
  return { answered: questions.filter((q) => isAnswered(answers[q.code])).length, total: questions.length };
}

/** Whether the customer may choose between manual and automatic for this question. */
export const offersSourceChoice = (question: ScoreQuestion) =>
  Boolean(question.auto) && !question.readonly && (question.type === "integer" || question.type === "decimal" || question.type === "slider");

/** The automatic value is the one used: chosen (or enforced) and usable, or no manual value to use instead. */
function usesAutoValue(question: ScoreQuestion, answer: Answer): boolean {
  if (!question.auto || answer.autoValue === null) return false;
  return question.autoEnforced || !answer.manual || !hasValue(answer.value);
}

/** The value the score uses: the automatic one when that is in use, else the customer's. */
export function effectiveValue(question: ScoreQuestion, answer: Answer | undefined): AnswerValue {
  if (!answer) return null;
  if (usesAutoValue(question, answer)) return answer.autoValue;
  return hasValue(answer.value) ? answer.value : null;
}

/**
 * The activity sentences' counted phrases ("the last 30 days", "21 день") in the page
 * language's plural forms (app/locales/wording.ts, docs/decisions/0186).
 */
export const activityCounts = (t: (key: string, options: { count: number }) => string, period: number | null, days: number | null, limit?: number | null) => ({
  period: t("score.activity.period", { count: period ?? 0 }),
  days: t("score.activity.days", { count: days ?? 0 }),
  limit: t("score.activity.days", { count: limit ?? 0 }),
});

/** Decimals with the page language's separator; no grouping (the same on server and browser). */
export function formatNumber(value: number, lang: string): string {
  const text = String(value);
  return lang === "en" ? text : text.replace(".", ",");
}

/** Plausible health-measurement values (PRODUCT.md section 8), one decimal place. */
/** SPEC.md section 5: numeric inputs at most 9 characters by default. */
export const NUMERIC_MAX_LENGTH = 9;

export const MEASUREMENT_LIMITS = { bpm: { min: 30, max: 220 }, bmi: { min: 10, max: 70 } } as const;

/** The questionnaires the browser has by name (app/lib/score-definition.ts). */
export type QuestionnaireName = "wellness" | "wellness-without-integrations";
/** The screen's questionnaire: one of those by name, or its groups. */
export type ScreenQuestionnaire = { name: QuestionnaireName } | { groups: ScoreGroup[] };

/** What the score screen renders (both modes); dates arrive formatted by the server. */
export interface ScoreScreenView {
  enabled: boolean;
  questionnaire: ScreenQuestionnaire;
  answers: Record<string, ScreenAnswer>;
  answered: number;
  total: number;
  score: number | null;
  discountPercent: number | null;
  activity: { status: "none" | "pending" | "approved" | "denied"; days: number | null; period: number; limit: number };
  health: { measuredAt: string | null };
}

/** The activity average is usable with at least `limit` days of data in the period (PRODUCT.md section 7). */
export function isActivityUsable(days: number, limit: number): boolean {
  return days >= limit;
}
