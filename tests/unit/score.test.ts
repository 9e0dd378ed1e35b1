import fc from "fast-check";
import { parseWithZod } from "~/lib/form-parse";
import { describe, expect, it } from "vitest";
import { activityPeriod, demoActivityTracker, summariseActivity } from "~/core/score/activity";
import { question, WELLNESS_QUESTIONNAIRE } from "~/lib/score-definition";
import { periodStartOn } from "~/core/score/index";
import { wellnessDiscountPercent } from "~/core/pricing";
import { POINTS, scoreInputs, wellnessScore } from "~/core/score/scoring";
import {
  answerOf,
  capSlider,
  countAnswered,
  EMPTY_ANSWER,
  effectiveValue,
  isActivityUsable,
  isAnswered,
  leafQuestions,
  screenAnswer,
  sliderBounds,
  type Answer,
} from "~/lib/score-model";
import { normaliseNumericInput, parseNumeric, scoreFormSchema, sliderStart, sliderText } from "~/lib/score-schema";

const answer = (partial: Partial<Answer>): Answer => ({ ...EMPTY_ANSWER, ...partial });

const BEST = {
  steps: 12_000,
  activeDays: 6,
  exerciseMinutes: 200,
  restingHeartRate: 55,
  bmi: 22,
  bloodPressureKnown: true,
  smoking: false,
  alcoholUnits: 3,
  sleepHours: 8,
  diet: "balanced",
  stress: 2,
  screenings: ["health_check", "blood_test", "dental", "cancer"],
};

/** Each question's maximum, as docs/score.md documents it. */
const MAX_POINTS: Record<string, number> = {
  steps: 10,
  activeDays: 10,
  exerciseMinutes: 15,
  restingHeartRate: 10,
  bmi: 10,
  bloodPressureKnown: 5,
  smoking: 12,
  alcoholUnits: 8,
  sleepHours: 6,
  diet: 6,
  stress: 4,
  screenings: 4,
};

describe("the wellness score", () => {
  it("is 0 with nothing answered and 100 with the best answers", () => {
    expect(wellnessScore({})).toBe(0);
    expect(wellnessScore(BEST)).toBe(100);
  });

  it("gives every question its documented maximum, summing to 100", () => {
    expect(Object.values(MAX_POINTS).reduce((a, b) => a + b, 0)).toBe(100);
    for (const [code, best] of Object.entries(BEST)) expect(POINTS[code](best), code).toBe(MAX_POINTS[code]);
    expect(Object.keys(MAX_POINTS).sort()).toEqual(leafQuestions(WELLNESS_QUESTIONNAIRE).map((q) => q.code).sort());
  });

  it("matches a hand-computed example (docs/score.md)", () => {
    // steps 8 000 → 8, 4 active days → 8, 120 min → 12, 65 bpm → 8, BMI 23.4 → 10, BP known → 5,
    // non-smoker → 12, 4 units → 8, 7 h → 6, balanced → 6, stress 5 → 2, 2 screenings → 2: 87.
    const inputs = {
      steps: 8000,
      activeDays: 4,
      exerciseMinutes: 120,
      restingHeartRate: 65,
      bmi: 23.4,
      bloodPressureKnown: true,
      smoking: false,
      alcoholUnits: 4,
      sleepHours: 7,
      diet: "balanced",
      stress: 5,
      screenings: ["dental", "blood_test"],
    };
    expect(wellnessScore(inputs)).toBe(87);
  });

  it("matches a second example with a smoker and gaps", () => {
    // steps 2 500 → 0, 1 day → 2, 45 min → 4, bpm 91 → 0, BMI 31.2 → 3, smoker → 0, 16 units → 2,
    // 5 h → 0, processed → 0, stress 9 → 0, "none" → 0; blood pressure unanswered → 0: 11.
    const inputs = {
      steps: 2500,
      activeDays: 1,
      exerciseMinutes: 45,
      restingHeartRate: 91,
      bmi: 31.2,
      smoking: true,
      alcoholUnits: 16,
      sleepHours: 5,
      diet: "processed",
      stress: 9,
      screenings: ["none"],
    };
    expect(wellnessScore(inputs)).toBe(11);
  });

  it("uses band edges as documented", () => {
    expect(POINTS.steps(9999)).toBe(8);
    expect(POINTS.steps(10_000)).toBe(10);
    expect(POINTS.restingHeartRate(59.9)).toBe(10);
    expect(POINTS.restingHeartRate(60)).toBe(8);
    expect(POINTS.bmi(18.4)).toBe(3);
    expect(POINTS.bmi(18.5)).toBe(10);
    expect(POINTS.bmi(25)).toBe(6);
    expect(POINTS.sleepHours(9)).toBe(6);
    expect(POINTS.sleepHours(10)).toBe(3);
    expect(POINTS.sleepHours(11)).toBe(0);
    expect(POINTS.alcoholUnits(7)).toBe(8);
    expect(POINTS.alcoholUnits(8)).toBe(5);
    expect(POINTS.smoking(null)).toBe(0);
  });

  it("scores automatic values where they are in use", () => {
    const steps = leafQuestions(WELLNESS_QUESTIONNAIRE).find((q) => q.code === "steps")!;
    const auto = answer({ value: 2000, manual: false, autoValue: 11_000, autoEnabled: true });
    expect(effectiveValue(steps, auto)).toBe(11_000);
    expect(effectiveValue(steps, { ...auto, manual: true })).toBe(2000);
    // Manual chosen but left empty: the automatic value still answers it.
    expect(effectiveValue(steps, { ...auto, manual: true, value: null })).toBe(11_000);
    expect(scoreInputs(WELLNESS_QUESTIONNAIRE, { steps: auto }).steps).toBe(11_000);
  });
});

describe("the wellness discount (PRODUCT.md section 5)", () => {
  it("is 0 % at 40 and below, 10 % at 70, 20 % at 100", () => {
    expect(wellnessDiscountPercent(40)).toBe(0);
    expect(wellnessDiscountPercent(0)).toBe(0);
    expect(wellnessDiscountPercent(39)).toBe(0);
    expect(wellnessDiscountPercent(70)).toBe(10);
    expect(wellnessDiscountPercent(100)).toBe(20);
    expect(wellnessDiscountPercent(87)).toBe(16);
    expect(wellnessDiscountPercent(42)).toBe(1);
  });
});

describe("the answered count (SPEC.md section 5)", () => {
  const groups = [{ questions: [question({ code: "a", type: "integer" }), question({ code: "b", type: "multi-choice", options: ["x"] }), question({ code: "c", type: "boolean" })] }];

  it("counts a value or an autoValue, and arrays only when non-empty", () => {
    expect(isAnswered(answer({ value: 0 }))).toBe(true);
    expect(isAnswered(answer({ value: false }))).toBe(true);
    expect(isAnswered(answer({ autoValue: 7000 }))).toBe(true);
    expect(isAnswered(answer({ value: [] }))).toBe(false);
    expect(isAnswered(answer({ value: ["x"] }))).toBe(true);
    expect(isAnswered(answer({ value: "" }))).toBe(false);
    expect(isAnswered(undefined)).toBe(false);
    expect(countAnswered(groups, { a: answer({ autoValue: 1 }), b: answer({ value: [] }) })).toEqual({ answered: 1, total: 3 });
  });

  it("counts the questions inside a group question, not the group", () => {
    const nested = [{ questions: [question({ code: "g", type: "group", questions: [question({ code: "g1", type: "boolean" }), question({ code: "g2", type: "boolean" })] })] }];
    expect(countAnswered(nested, { g1: answer({ value: true }) })).toEqual({ answered: 1, total: 2 });
  });
});

describe("the screen's answers", () => {
  const anyAnswer: fc.Arbitrary<Answer> = fc.record({
    value: fc.oneof(fc.constant(null), fc.boolean(), fc.double({ noNaN: true }), fc.string(), fc.array(fc.string())),
    manual: fc.boolean(),
    autoValue: fc.option(fc.double({ noNaN: true })),
    autoEnabled: fc.boolean(),
    autoPeriod: fc.option(fc.nat()),
    autoPeriodLimit: fc.option(fc.nat()),
    autoDays: fc.option(fc.nat()),
  });

  it("leave out what an empty answer says, and read back whole", () => {
    fc.assert(
      fc.property(anyAnswer, (given) => {
        expect(answerOf({ q: screenAnswer(given) }, "q")).toEqual(given);
      }),
    );
    expect(screenAnswer(answer({ value: 7 }))).toEqual({ value: 7 });
    const automatic = { value: 7000, manual: false, autoValue: 7100, autoEnabled: true, autoPeriod: 30 };
    expect(screenAnswer(answer(automatic))).toEqual(automatic);
    expect(answerOf({}, "missing")).toEqual(EMPTY_ANSWER);
  });
});

describe("sliders", () => {
  it("default to 0–100 step 1 and are capped by their upper limit", () => {
    expect(sliderBounds({})).toEqual({ min: 0, max: 100, step: 1 });
    expect(capSlider(140, {})).toBe(100);
    expect(capSlider(13, { min: 4, max: 12 })).toBe(12);
    expect(capSlider(7.4, { min: 4, max: 12, step: 1 })).toBe(7);
    expect(sliderStart(question({ code: "s", type: "slider", min: 4, max: 12 }))).toBe(8);
  });

  it("take the typed number when it changed, else the range when it moved", () => {
    const q = question({ code: "s", type: "slider", min: 0, max: 10 });
    expect(sliderText(q, "3", "5", "")).toBe("3");
    expect(sliderText(q, "", "7", "")).toBe("7");
    expect(sliderText(q, "", "5", "")).toBe(""); // the untouched handle in the middle: unanswered
    expect(sliderText(q, "4", "9", "4")).toBe("9");
    expect(sliderText(q, "4", "4", "4")).toBe("4");
  });
});

describe("numeric input (SPEC.md section 5)", () => {
  it("accepts a comma as the decimal point and one decimal place", () => {
    expect(parseNumeric("72,5", "decimal")).toEqual({ value: 72.5 });
    expect(parseNumeric("72.5", "decimal")).toEqual({ value: 72.5 });
    expect(parseNumeric("72,55", "decimal")).toEqual({ error: "error.decimal" });
    expect(parseNumeric("7.2.1", "decimal")).toEqual({ error: "error.decimal" });
    expect(parseNumeric("0,5", "decimal")).toEqual({ value: 0.5 });
  });

  it("takes digits only for integers, collapses a leading 0, at most 9 characters", () => {
    expect(parseNumeric("8000", "integer")).toEqual({ value: 8000 });
    expect(parseNumeric("8000.5", "integer")).toEqual({ error: "error.integer" });
    expect(parseNumeric("-5", "integer")).toEqual({ error: "error.integer" });
    expect(parseNumeric("12a", "integer")).toEqual({ error: "error.integer" });
    expect(parseNumeric("05", "integer")).toEqual({ value: 0 });
    expect(parseNumeric("1234567890", "integer")).toEqual({ error: "error.integer" });
    expect(normaliseNumericInput("12a3", "integer")).toBe("123");
    expect(normaliseNumericInput("05", "integer")).toBe("0");
    expect(normaliseNumericInput("72,55", "decimal")).toBe("72,5");
    expect(normaliseNumericInput("7.2.1", "decimal")).toBe("7.2");
    expect(normaliseNumericInput("1234567890", "integer")).toBe("123456789");
  });
});

describe("the score form schema", () => {
  const schema = scoreFormSchema(WELLNESS_QUESTIONNAIRE);
  const parse = (entries: Array<[string, string]>) => {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    return parseWithZod(form, { schema });
  };

  it("requires the mandatory boolean (error.required) and nothing else", () => {
    const result = parse([["intent", "save"]]);
    expect(result.status).toBe("error");
    expect(result.status === "error" && result.error).toEqual({ smoking: ["error.required"] });
  });

  it("reads every kind of answer", () => {
    const result = parse([
      ["intent", "confirm"],
      ["smoking", "no"],
      ["bloodPressureKnown", "yes"],
      ["steps", "8000"],
      ["steps__source", "manual"],
      ["restingHeartRate", "61,5"],
      ["restingHeartRate__source", "manual"],
      ["sleepHours", ""],
      ["sleepHours__range", "9"],
      ["sleepHours__was", ""],
      ["stress", "3"],
      ["stress__range", "5"],
      ["stress__was", ""],
      ["diet", "plant_based"],
      ["screenings", "dental"],
      ["screenings", "blood_test"],
    ]);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.intent).toBe("confirm");
    expect(result.value.answers).toMatchObject({
      smoking: { value: false },
      bloodPressureKnown: { value: true },
      steps: { value: 8000, manual: true },
      restingHeartRate: { value: 61.5, manual: true },
      sleepHours: { value: 9 },
      stress: { value: 3 },
      activeDays: { value: null },
      diet: { value: "plant_based" },
      screenings: { value: ["dental", "blood_test"] },
      alcoholUnits: { value: null },
    });
  });

  it("reports numeric errors with the SPEC's keys, all at once", () => {
    const result = parse([
      ["steps", "8000.5"],
      ["restingHeartRate", "61,55"],
      ["bmi", "5"],
      ["alcoholUnits", "x"],
      ["sleepHours", "2"],
      ["sleepHours__was", ""],
      ["screenings", "none"],
      ["screenings", "dental"],
    ]);
    expect(result.status === "error" && result.error).toEqual({
      smoking: ["error.required"],
      steps: ["error.integer"],
      restingHeartRate: ["error.decimal"],
      bmi: ["error.range"],
      alcoholUnits: ["error.integer"],
      sleepHours: ["error.range"],
      screenings: ["error.exclusive"],
    });
  });

  it("caps a typed slider value at its upper limit", () => {
    const result = parse([["smoking", "yes"], ["stress", "15"], ["stress__was", ""]]);
    expect(result.status === "success" && result.value.answers.stress).toEqual({ value: 10 });
  });

  it("takes the heart rate and the BMI at their limits and refuses a tenth past them", () => {
    const typedAnswer = (code: string, typed: string) => {
      const result = parse([["smoking", "no"], [code, typed], [`${code}__source`, "manual"]]);
      return result.status === "success" ? result.value.answers[code].value : result.error?.[code];
    };
    expect(typedAnswer("restingHeartRate", "30")).toBe(30);
    expect(typedAnswer("restingHeartRate", "29,9")).toEqual(["error.range"]);
    expect(typedAnswer("restingHeartRate", "220")).toBe(220);
    expect(typedAnswer("restingHeartRate", "220,1")).toEqual(["error.range"]);
    expect(typedAnswer("bmi", "10")).toBe(10);
    expect(typedAnswer("bmi", "9,9")).toEqual(["error.range"]);
    expect(typedAnswer("bmi", "70")).toBe(70);
    expect(typedAnswer("bmi", "70,1")).toEqual(["error.range"]);
  });

  it("takes each slider at its limits, caps one step above the maximum and refuses one below the minimum", () => {
    const typedAnswer = (code: string, typed: string) => {
      const result = parse([["smoking", "no"], [code, typed], [`${code}__was`, ""]]);
      return result.status === "success" ? result.value.answers[code].value : result.error?.[code];
    };
    const sliders = leafQuestions(WELLNESS_QUESTIONNAIRE).filter((q) => q.type === "slider");
    expect(sliders.map((q) => [q.code, q.min, q.max])).toEqual([
      ["activeDays", 0, 7],
      ["sleepHours", 4, 12],
      ["stress", 0, 10],
    ]);
    expect(typedAnswer("activeDays", "7")).toBe(7);
    expect(typedAnswer("activeDays", "8")).toBe(7);
    expect(typedAnswer("activeDays", "0")).toBe(0);
    expect(typedAnswer("sleepHours", "12")).toBe(12);
    expect(typedAnswer("sleepHours", "13")).toBe(12);
    expect(typedAnswer("sleepHours", "4")).toBe(4);
    expect(typedAnswer("sleepHours", "3")).toEqual(["error.range"]);
    expect(typedAnswer("stress", "10")).toBe(10);
    expect(typedAnswer("stress", "11")).toBe(10);
    expect(typedAnswer("stress", "0")).toBe(0);
  });

  it("does not complain about a hidden typed value while the automatic one is chosen", () => {
    const result = parse([["smoking", "yes"], ["steps", "abc"], ["steps__source", "auto"]]);
    expect(result.status === "success" && result.value.answers.steps).toEqual({ value: null, manual: false });
  });

  it("leaves readonly questions out of the form", () => {
    const readonly = scoreFormSchema([{ code: "g", integrationCode: null, questions: [question({ code: "ro", type: "integer", readonly: true })] }]);
    const form = new FormData();
    form.append("ro", "5");
    const result = parseWithZod(form, { schema: readonly });
    expect(result.status === "success" && result.value.answers).toEqual({});
  });
});

describe("activity data", () => {
  it("is usable with at least 20 days of data", () => {
    expect(isActivityUsable(20, 20)).toBe(true);
    expect(isActivityUsable(19, 20)).toBe(false);
    expect(isActivityUsable(26, 20)).toBe(true);
  });

  it("averages the last 30 days; the demo has 26 days, deterministic per customer", async () => {
    const period = activityPeriod("2026-03-31");
    expect(period).toEqual({ from: "2026-03-02", to: "2026-03-31" });
    const tracker = demoActivityTracker();
    const first = await tracker.pull({ customerId: 7, ...period });
    const again = await tracker.pull({ customerId: 7, ...period });
    expect(first).toEqual(again);
    expect(first).toHaveLength(26);
    const summary = summariseActivity(first, period.from, period.to);
    expect(summary.days).toBe(26);
    expect(summary.stepsPerDay).toBe(Math.round(first.reduce((s, d) => s + d.steps, 0) / 26));
    const sparse = demoActivityTracker({ daysWithData: () => 12 });
    expect(await sparse.pull({ customerId: 7, ...period })).toHaveLength(12);
    expect(summariseActivity([], period.from, period.to)).toMatchObject({ days: 0, stepsPerDay: null });
  });
});

describe("self-service periods", () => {
  it("are quarters from the policy start", () => {
    expect(periodStartOn("2026-01-15", "2026-01-14", null)).toBeNull();
    expect(periodStartOn("2026-01-15", "2026-01-15", null)).toBe("2026-01-15");
    expect(periodStartOn("2026-01-15", "2026-04-14", null)).toBe("2026-01-15");
    expect(periodStartOn("2026-01-15", "2026-04-15", null)).toBe("2026-04-15");
    expect(periodStartOn("2026-01-15", "2026-11-01", null)).toBe("2026-10-15");
  });

  it("end with the last day of cover: none is current after it (docs/decisions/0278)", () => {
    expect(periodStartOn("2026-01-15", "2027-01-14", "2027-01-14")).toBe("2026-10-15");
    expect(periodStartOn("2026-01-15", "2027-01-15", "2027-01-14")).toBeNull();
    expect(periodStartOn("2026-01-15", "2027-01-15", null)).toBe("2027-01-15");
  });
});

describe("translations of the questionnaire", () => {
  it("have a title for every group and question and a label for every option, in et, en and ru", async () => {
    const locales = await import("~/locales/score");
    for (const bundle of [locales.et, locales.en, locales.ru] as Array<Record<string, string>>) {
      for (const group of WELLNESS_QUESTIONNAIRE) expect(bundle[`score.group.${group.code}`], group.code).toBeTruthy();
      for (const q of leafQuestions(WELLNESS_QUESTIONNAIRE)) {
        expect(bundle[`score.question.${q.code}`], q.code).toBeTruthy();
        for (const option of q.options) expect(bundle[`score.option.${q.code}.${option}`], `${q.code}.${option}`).toBeTruthy();
      }
      expect(bundle["self-service.score.confirmation"]).toBeTruthy();
    }
  });
});
