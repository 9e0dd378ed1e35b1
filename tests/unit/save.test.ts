import { describe, expect, it } from "vitest";
import { chosenSliderText } from "~/lib/score-model";
import { failureStatus, onlyConflicts, submissionKeyOf } from "~/http/save.server";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";

describe("the statuses of the core's failures (both doors)", () => {
  it("answers the most specific status among them, else 400", () => {
    expect(failureStatus([{ code: "error.required", context: "email" }])).toBe(400);
    expect(failureStatus([{ code: "error.wrong_state" }])).toBe(409);
    expect(failureStatus([{ code: "error.not_found" }])).toBe(404);
    expect(failureStatus([{ code: "error.phone", context: "phone" }, { code: "error.wrong_state" }])).toBe(409);
    expect(failureStatus([{ code: "self-service.score.confirmation" }])).toBe(409);
  });

  it("tells the pages when only the state stands in the way (409) rather than something typed (400)", () => {
    expect(onlyConflicts([{ code: "error.wrong_state" }])).toBe(true);
    expect(onlyConflicts([{ code: "error.not_editable" }, { code: "error.age_limit" }])).toBe(true);
    expect(onlyConflicts([{ code: "error.phone", context: "phone" }, { code: "error.wrong_state" }])).toBe(false);
    expect(onlyConflicts([{ code: "error.not_found" }])).toBe(false);
    expect(onlyConflicts([])).toBe(false);
  });
});

describe("the submission key of a post", () => {
  it("comes from the pages' hidden field or the /api body's submissionKey, else none", () => {
    const form = new FormData();
    expect(submissionKeyOf(form)).toBeNull();
    form.set(SUBMISSION_KEY_FIELD, "k".repeat(24));
    expect(submissionKeyOf(form)).toBe("k".repeat(24));
    expect(submissionKeyOf({ submissionKey: "abc" })).toBe("abc");
    expect(submissionKeyOf({ submissionKey: 5 })).toBeNull();
    expect(submissionKeyOf({})).toBeNull();
  });
});

describe("a slider's posted number (package covers and score sliders)", () => {
  it("is the typed one when it changed, else the range's when it moved, else what the page showed", () => {
    expect(chosenSliderText({ typed: "70 000", range: "80000", was: "50000" })).toBe("70000");
    expect(chosenSliderText({ typed: "50 000", range: "80000", was: "50000" })).toBe("80000");
    expect(chosenSliderText({ typed: "50000", range: "50000", was: "50000" })).toBe("50000");
    expect(chosenSliderText({ typed: "50000", range: undefined, was: "50000" })).toBe("50000");
    // An unanswered slider: the untouched handle sits at `start` and answers nothing.
    expect(chosenSliderText({ typed: "", range: "5", was: "", start: "5" })).toBe("");
    expect(chosenSliderText({ typed: "", range: "7", was: "", start: "5" })).toBe("7");
  });
});
