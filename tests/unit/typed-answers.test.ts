/** The score's "answered N of 12" follows the answers as given (issue 11): the lenient read of the form's values. */
import { describe, expect, it } from "vitest";
import { WELLNESS_QUESTIONNAIRE } from "~/lib/score-definition";
import { countAnswered, leafQuestions } from "~/lib/score-model";
import { rangeField, sliderStart, typedAnswers, wasField } from "~/lib/score-schema";

const count = (raw: Record<string, unknown>) =>
  countAnswered(WELLNESS_QUESTIONNAIRE, Object.fromEntries(Object.entries(typedAnswers(WELLNESS_QUESTIONNAIRE, raw)).map(([code, a]) => [code, { ...a, autoValue: null }]))).answered;
const slider = leafQuestions(WELLNESS_QUESTIONNAIRE).find((q) => q.type === "slider")!;

describe("typedAnswers", () => {
  it("counts nothing for an empty form, and each kind of answer once given", () => {
    expect(count({})).toBe(0);
    expect(count({ smoking: "no" })).toBe(1);
    expect(count({ smoking: "no", steps: "8000" })).toBe(2);
    // One checked box comes as a string, several as a list; none is no answer.
    expect(count({ screenings: "dental" })).toBe(1);
    expect(count({ screenings: ["dental", "blood_test"] })).toBe(1);
    expect(count({ screenings: [] })).toBe(0);
  });

  it("a number that does not parse yet is no answer; a decimal with a comma is", () => {
    expect(count({ bmi: "23," })).toBe(count({}));
    expect(count({ bmi: "abc" })).toBe(0);
    expect(count({ bmi: "23,4" })).toBe(1);
    expect(typedAnswers(WELLNESS_QUESTIONNAIRE, { bmi: "23,4" }).bmi.value).toBe(23.4);
  });

  it("a slider counts once typed or moved, not while it rests where it starts", () => {
    const start = String(sliderStart(slider));
    expect(count({ [rangeField(slider.code)]: start, [wasField(slider.code)]: "", [slider.code]: "" })).toBe(0);
    const moved = String(Number(start) + Number(slider.step ?? 1));
    expect(count({ [rangeField(slider.code)]: moved, [wasField(slider.code)]: "", [slider.code]: "" })).toBe(1);
    expect(count({ [rangeField(slider.code)]: start, [wasField(slider.code)]: "", [slider.code]: start })).toBe(1);
  });
});
