/**
 * The score form (SPEC.md sections 2 "Score" and 5), one zod schema built from the
 * questionnaire definition and shared by conform in the browser and the action. It reads
 * the flat form fields and yields the answers the core saves; the core re-checks them.
 *
 * Fields per question `c` (readonly questions are not in the form):
 * - `c`: the value (radios "yes"/"no" or an option, checkboxes, or the typed number);
 * - `c__source`: "manual" | "auto" where an automatic value may be chosen;
 * - sliders also `c__range` (the range input) and `c__was` (the value the page showed), so
 *   without JavaScript whichever of the range and the typed number the customer changed wins.
 */
import * as z from "zod/v4/mini";
import { addIssue } from "./fields";
import { chosenSliderText } from "./slider";
import { capSlider, NUMERIC_MAX_LENGTH, leafQuestions, offersSourceChoice, sliderBounds, type AnswerValue, type ScoreGroup, type ScoreQuestion } from "./score-model";

export const INTENTS = ["save", "confirm", "edit"] as const;
export type ScoreIntent = (typeof INTENTS)[number];

export const sourceField = (code: string) => `${code}__source`;
export const rangeField = (code: string) => `${code}__range`;
export const wasField = (code: string) => `${code}__was`;

// Here too for the forms' sake; the score model has it for pages without zod (health.html).
export { NUMERIC_MAX_LENGTH } from "./score-model";

export type NumericMode = "integer" | "decimal";

/**
 * SPEC.md section 5's numeric rule for one typed value: digits only; a comma counts as the
 * decimal point; one decimal place at most (decimal mode); a leading 0 followed by a digit
 * collapses to 0. Returns the number, or the error key.
 */
export function parseNumeric(raw: string, mode: NumericMode): { value: number } | { error: string } {
  let text = raw.trim();
  if (mode === "decimal") text = text.replace(",", ".");
  const pattern = mode === "integer" ? /^\d+$/ : /^\d+(\.\d)?$/;
  if (!pattern.test(text) || text.length > NUMERIC_MAX_LENGTH) return { error: mode === "integer" ? "error.integer" : "error.decimal" };
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

const sliderMode = (question: ScoreQuestion): NumericMode => (Number.isInteger(sliderBounds(question).step) ? "integer" : "decimal");

/** The slider's submitted text: the typed number if it changed, else the range if that moved. */
export function sliderText(question: ScoreQuestion, typed: string | undefined, range: string | undefined, was: string | undefined): string {
  return chosenSliderText({ typed, range, was, start: String(sliderStart(question)) });
}

export interface ParsedScoreForm {
  intent: ScoreIntent;
  answers: Record<string, { value: AnswerValue; manual?: boolean }>;
}

// Required answers are checked in the transform below, so that one submission reports every
// error at once (zod skips a transform once a field has failed).
const choiceOf = <T extends [string, ...string[]]>(values: T) => z.optional(z.enum(values, { error: "error.invalid" }));

/** The schema for a questionnaire (the same definition the page was rendered from). */
export function scoreFormSchema(groups: ScoreGroup[]) {
  const questions = leafQuestions(groups).filter((q) => !q.readonly);
  const shape: Record<string, z.ZodMiniType> = {
    intent: z._default(z.enum(INTENTS), "save"),
  };
  for (const q of questions) {
    switch (q.type) {
      case "boolean":
        shape[q.code] = choiceOf(["yes", "no"]);
        break;
      case "choice":
        shape[q.code] = choiceOf(q.options as [string, ...string[]]);
        break;
      case "multi-choice":
        shape[q.code] = z.array(z.enum(q.options as [string, ...string[]], { error: "error.invalid" }));
        break;
      case "slider":
        shape[q.code] = z.optional(z.string());
        shape[rangeField(q.code)] = z.optional(z.string());
        shape[wasField(q.code)] = z.optional(z.string());
        break;
      default:
        shape[q.code] = z.optional(z.string());
    }
    if (offersSourceChoice(q)) shape[sourceField(q.code)] = z.optional(z.enum(["manual", "auto"]));
  }

  return z.pipe(
    z.object(shape),
    z.transform((data: Record<string, unknown>, ctx): ParsedScoreForm => {
      const answers: ParsedScoreForm["answers"] = {};
      for (const q of questions) {
        const fail = (message: string) => addIssue(ctx, message, [q.code]);
        const source = offersSourceChoice(q) ? (data[sourceField(q.code)] as "manual" | "auto" | undefined) : undefined;
        // With the automatic value chosen the typed one is hidden: never an error the customer cannot see.
        const quiet = source === "auto";
        const manual = source === undefined ? undefined : source !== "auto";
        let value: AnswerValue = null;
        switch (q.type) {
          case "boolean":
            value = data[q.code] === undefined ? null : data[q.code] === "yes";
            break;
          case "choice":
            value = (data[q.code] as string | undefined) ?? null;
            break;
          case "multi-choice": {
            const chosen = (data[q.code] as string[]) ?? [];
            if (q.exclusiveOption && chosen.includes(q.exclusiveOption) && chosen.length > 1) fail("error.exclusive");
            value = chosen;
            break;
          }
          case "integer":
          case "decimal":
          case "slider": {
            const text =
              q.type === "slider"
                ? sliderText(q, data[q.code] as string | undefined, data[rangeField(q.code)] as string | undefined, data[wasField(q.code)] as string | undefined)
                : ((data[q.code] as string | undefined) ?? "");
            if (text.trim() === "") break;
            const parsed = parseNumeric(text, q.type === "slider" ? sliderMode(q) : q.type);
            if ("error" in parsed) {
              if (!quiet) fail(parsed.error);
              break;
            }
            let n = parsed.value;
            if (q.type === "slider") {
              // SPEC.md section 5: capped by the upper limit; below the lower one is an error.
              if (n < sliderBounds(q).min) {
                if (!quiet) fail("error.range");
                break;
              }
              n = capSlider(n, q);
            } else if ((q.min !== undefined && n < q.min) || (q.max !== undefined && n > q.max)) {
              if (!quiet) fail("error.range");
              break;
            }
            value = n;
            break;
          }
        }
        if (q.mandatory && (value === null || (Array.isArray(value) && value.length === 0)) && !quiet) fail("error.required");
        answers[q.code] = manual === undefined ? { value } : { value, manual };
      }
      return { intent: data.intent as ScoreIntent, answers };
    }),
  );
}

export type ScoreFormSchema = ReturnType<typeof scoreFormSchema>;

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
