/**
 * The wellness questionnaire of PRODUCT.md section 7. Titles, hints and option labels are
 * translations keyed by the codes (app/locales/score.ts); the points each answer earns are
 * in app/core/score/scoring.ts and docs/score.md. In app/lib because the score screen's
 * script has it too (docs/decisions/0043, 0175).
 */
import type { QuestionnaireName, ScoreGroup, ScoreQuestion, ScreenQuestionnaire } from "./score-model.js";

type QuestionInput = Partial<ScoreQuestion> & Pick<ScoreQuestion, "code" | "type">;

export function question(input: QuestionInput): ScoreQuestion {
  return { mandatory: false, readonly: false, autoEnforced: false, options: [], questions: [], ...input };
}

const DIET_OPTIONS = ["balanced", "plant_based", "irregular", "processed"] as const;
const SCREENING_OPTIONS = ["health_check", "blood_test", "dental", "cancer", "none"] as const;

export const WELLNESS_QUESTIONNAIRE: ScoreGroup[] = [
  {
    code: "activity",
    integrationCode: "activity",
    questions: [
      question({ code: "steps", type: "integer", min: 0, max: 100_000, auto: { integration: "activity", metric: "stepsPerDay" } }),
      question({ code: "activeDays", type: "slider", min: 0, max: 7, step: 1 }),
      question({
        code: "exerciseMinutes",
        type: "integer",
        min: 0,
        max: 10_080,
        auto: { integration: "activity", metric: "exerciseMinutesPerWeek" },
      }),
    ],
  },
  {
    code: "health",
    integrationCode: "health",
    questions: [
      question({ code: "restingHeartRate", type: "decimal", min: 30, max: 220, auto: { integration: "health", metric: "bpm" } }),
      question({ code: "bmi", type: "decimal", min: 10, max: 70, auto: { integration: "health", metric: "bmi" } }),
      question({ code: "bloodPressureKnown", type: "boolean" }),
    ],
  },
  {
    code: "lifestyle",
    integrationCode: null,
    questions: [
      question({ code: "smoking", type: "boolean", mandatory: true }),
      question({ code: "alcoholUnits", type: "integer", min: 0, max: 200 }),
      question({ code: "sleepHours", type: "slider", min: 4, max: 12, step: 1 }),
      question({ code: "diet", type: "choice", options: [...DIET_OPTIONS] }),
      question({ code: "stress", type: "slider", min: 0, max: 10, step: 1 }),
      question({ code: "screenings", type: "multi-choice", options: [...SCREENING_OPTIONS], exclusiveOption: "none" }),
    ],
  },
];

/**
 * The questionnaire without its integrations (INTEGRATIONS=off): no connect or measure
 * buttons, no automatic values; every answer is the customer's own.
 */
export function withoutIntegrations(groups: ScoreGroup[]): ScoreGroup[] {
  const strip = (q: ScoreQuestion): ScoreQuestion => {
    const { auto: _auto, ...rest } = q;
    return { ...rest, questions: q.questions.map(strip) };
  };
  return groups.map((g) => ({ ...g, integrationCode: null, questions: g.questions.map(strip) }));
}

/**
 * The questionnaires by name. The score screen's loader data names one of these instead of
 * sending its groups: the page's script has them (this module), so the page carries the
 * definition once, not again in its HTML (docs/decisions/0043).
 */
export const QUESTIONNAIRES: Record<QuestionnaireName, ScoreGroup[]> = {
  wellness: WELLNESS_QUESTIONNAIRE,
  "wellness-without-integrations": withoutIntegrations(WELLNESS_QUESTIONNAIRE),
};

let names: Map<string, QuestionnaireName> | undefined;
const named = new WeakMap<ScoreGroup[], QuestionnaireName | null>();

/**
 * How the screen's data names `groups`: by name when they are one of QUESTIONNAIRES, else the
 * groups. Compared by content (the server and the Remix build each bundle their own copy of
 * this module), once per array.
 */
export function screenQuestionnaire(groups: ScoreGroup[]): ScreenQuestionnaire {
  names ??= new Map((Object.keys(QUESTIONNAIRES) as QuestionnaireName[]).map((name) => [JSON.stringify(QUESTIONNAIRES[name]), name]));
  if (!named.has(groups)) named.set(groups, names.get(JSON.stringify(groups)) ?? null);
  const name = named.get(groups);
  return name ? { name } : { groups };
}

/** The groups the screen's data names. */
export const screenGroups = (questionnaire: ScreenQuestionnaire): ScoreGroup[] =>
  "name" in questionnaire ? QUESTIONNAIRES[questionnaire.name] : questionnaire.groups;
