/**
 * The score form's fields and numeric rules without its zod schema (app/lib/score-schema.ts):
 * what the page renders and counts with. The schema comes after hydration
 * (docs/decisions/0043).
 */
import { capSlider, chosenSliderText, NUMERIC_MAX_LENGTH, leafQuestions, sliderBounds, type AnswerValue, type ScoreGroup, type ScoreQuestion } from "./score-model";

export const INTENTS = ["save", "confirm", "edit"] as const;
export type ScoreIntent = (typeof INTENTS)[number];

export const sourceField = (code: string) => `${code}__source`;
export const rangeField = (code: string) => `${code}__range`;
export const wasField = (code: string) => `${code}__was`;

// Here too for the forms' sake; the score model has it for pages without a form (health.html).
export { NUMERIC_MAX_LENGTH } from "./score-model";

export type NumericMode = "integer" | "decimal";

/**
 * SPEC.md section 5's numeric rule for one typed value: digits only; a comma counts as the
 * decimal point; one decimal place at most (decimal mode); a leading 0 followed by a digit
 * collapses to 0. Returns the number, or the error key.
 */
export function parseNumeric(raw: string, mode: NumericMode): { value: number } | { error: string } {
  // A comma in a whole number is refused as a point would be: the same error.integer.
  let text = raw.trim().replace(",", ".");
  const pattern = mode === "integer" ? /^\d+$/ : /^\d+(\.\d)?$/;
  if (!pattern.test(text) || text.length > NUMERIC_MAX_LENGTH) return { error: `error.${mode}` };
  if (/^0\d/.test(text)) text = "0";
  return { value: Number(text) };
}

/**
 * The same rule while typing (with JavaScript): keeps digits (and one decimal separator with
 * one digit after it), collapses a leading zero, at most 9 characters.
 */
export function normaliseNumericInput(raw: string, mode: NumericMode): string {
  let text = raw.replace(mode === "decimal" ? /[^\d.,]/g : /\D/g, "");
  if (mode === "decimal") {
    const at = text.search(/[.,]/);
    if (at >= 0) text = text.slice(0, at + 1) + text.slice(at + 1).replace(/[.,]/g, "").slice(0, 1);
  }
  if (/^0\d/.test(text)) text = "0";
  return text.slice(0, NUMERIC_MAX_LENGTH);
}

/** Where an unanswered slider's handle sits: the middle, on a step. */
export function sliderStart(question: ScoreQuestion): number {
  const { min, max } = sliderBounds(question);
  return capSlider((min + max) / 2, question);
}

/** The rule a slider's typed number follows: whole numbers when its step is whole. */
export const sliderMode = (question: ScoreQuestion): NumericMode => (Number.isInteger(sliderBounds(question).step) ? "integer" : "decimal");

/** The slider's submitted text: the typed number if it changed, else the range if that moved. */
export function sliderText(question: ScoreQuestion, typed: string | undefined, range: string | undefined, was: string | undefined): string {
  return chosenSliderText({ typed, range, was, start: String(sliderStart(question)) });
}

export interface ParsedScoreForm {
  intent: ScoreIntent;
  answers: Record<string, { value: AnswerValue; manual?: boolean }>;
}

/**
 * What each question's inputs hold now (the form's values as conform reads them while the
 * customer answers), leniently: a number that does not parse yet is no answer, one checked
 * box is a list of one. For the "answered N of 12" line, which follows the answers as given.
 */
export function typedAnswers(groups: ScoreGroup[], raw: Record<string, unknown>): Record<string, { value: AnswerValue }> {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const out: Record<string, { value: AnswerValue }> = {};
  for (const q of leafQuestions(groups)) {
    if (q.readonly) continue;
    const given = raw[q.code];
    let value: AnswerValue = null;
    if (q.type === "boolean") value = given === "yes" ? true : given === "no" ? false : null;
    else if (q.type === "choice") value = text(given) ?? null;
    else if (q.type === "multi-choice") value = Array.isArray(given) ? given.filter((v): v is string => typeof v === "string") : given === undefined ? [] : [String(given)];
    else if (q.type === "integer" || q.type === "decimal" || q.type === "slider") {
      const typed = q.type === "slider" ? sliderText(q, text(given), text(raw[rangeField(q.code)]), text(raw[wasField(q.code)])) : (text(given) ?? "");
      const parsed = typed.trim() === "" ? null : parseNumeric(typed, q.type === "slider" ? sliderMode(q) : q.type);
      value = parsed && "value" in parsed ? parsed.value : null;
    }
    out[q.code] = { value };
  }
  return out;
}
