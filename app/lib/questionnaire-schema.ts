/**
 * The questionnaire form (SPEC.md sections 2 "Questionnaire" and 5), one zod schema per set
 * shared by conform in the browser, the route action, the JSON /api and the core (which
 * re-runs it against the set it requires). Messages are i18n keys.
 *
 * It reads both shapes: the HTML form's strings (`height` "80,5", `content.smoking` "yes",
 * `content.smokingExtra.howMany` "10") and JSON (`weight: 80.5`, `content.smoking: true`,
 * `howMany: 10`). Issue paths name the field: `height`, `content.hospitalization`,
 * `content.hospitalizationExtra.disease`.
 *
 * Everything is checked in one transform, so the customer sees all errors at once.
 */
import * as z from "zod/v4/mini";
import { addIssue } from "./fields";
import { isPrintableText } from "./name-characters";
import { extraKey, QUESTION_SETS, SUB_TEXT_MAX, type AnswerableType, type QuestionnaireType } from "./questionnaire-sets";
import { parseNumeric } from "./score-fields";

/** Plausible adult body measures; the body-mass limits themselves are the core's (PRODUCT.md section 6). */
export const HEIGHT_RANGE = { min: 100, max: 250 } as const;
export const WEIGHT_RANGE = { min: 10, max: 350 } as const;
export const HOW_MANY_RANGE = { min: 1, max: 200 } as const;

export type QuestionnaireContent = Record<string, boolean | Record<string, string | number>>;

export interface QuestionnaireAnswers {
  /** Centimetres, one decimal at most. */
  height: number;
  /** Kilograms, one decimal at most. */
  weight: number;
  content: QuestionnaireContent;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** A number typed (a string, comma or point) or sent (a JSON number), by SPEC.md section 5's rule. */
export function readNumber(raw: unknown, mode: "integer" | "decimal"): { value: number } | { error: string } {
  if (isBlank(raw)) return { error: "error.required" };
  if (typeof raw === "number") {
    if (!Number.isFinite(raw)) return { error: mode === "integer" ? "error.integer" : "error.decimal" };
    return parseNumeric(String(raw), mode);
  }
  if (typeof raw !== "string") return { error: mode === "integer" ? "error.integer" : "error.decimal" };
  return parseNumeric(raw, mode);
}

/** A yes/no answer: JSON booleans, or the radios' "yes"/"no". */
export function readYesNo(raw: unknown): boolean | null {
  if (raw === true || raw === "yes") return true;
  if (raw === false || raw === "no") return false;
  return null;
}

/** A height or weight as typed: a decimal number within `range`, or the error code to show (the form and the core's `readBody` alike). */
export function measure(raw: unknown, range: { min: number; max: number }, rangeError: string): { value: number } | { error: string } {
  const read = readNumber(raw, "decimal");
  if ("error" in read) return read;
  if (read.value < range.min || read.value > range.max) return { error: rangeError };
  return read;
}

export interface SchemaOptions {
  /**
   * The body-mass figures already submitted: they are read-only facts then, and whatever
   * height and weight come with the form are ignored.
   */
  body?: { height: number; weight: number } | null;
}

export function questionnaireSchema(type: AnswerableType, options: SchemaOptions = {}) {
  const questions = QUESTION_SETS[type];
  return z.pipe(
    z.object({ height: z.optional(z.unknown()), weight: z.optional(z.unknown()), content: z.optional(z.unknown()) }),
    z.transform((raw, ctx): QuestionnaireAnswers => {
      const fail = (path: string[], message: string) => addIssue(ctx, message, path);
      let height = options.body?.height ?? NaN;
      let weight = options.body?.weight ?? NaN;
      if (!options.body) {
        const h = measure(raw.height, HEIGHT_RANGE, "error.height_range");
        const w = measure(raw.weight, WEIGHT_RANGE, "error.weight_range");
        if ("error" in h) fail(["height"], h.error);
        else height = h.value;
        if ("error" in w) fail(["weight"], w.error);
        else weight = w.value;
      }

      const given = isRecord(raw.content) ? raw.content : {};
      const content: QuestionnaireContent = {};
      for (const question of questions) {
        const answer = readYesNo(given[question.code]);
        if (answer === null) {
          fail(["content", question.code], "error.required");
          continue;
        }
        content[question.code] = answer;
        // A "no" keeps nothing of what may have been typed under the question.
        if (!answer || question.subs.length === 0) continue;
        const extraName = extraKey(question.code);
        const extra = isRecord(given[extraName]) ? given[extraName] : {};
        const kept: Record<string, string | number> = {};
        for (const sub of question.subs) {
          const path = ["content", extraName, sub.code];
          const value = extra[sub.code];
          if (sub.kind === "integer") {
            const read = readNumber(value, "integer");
            if ("error" in read) fail(path, read.error);
            else if (read.value < HOW_MANY_RANGE.min || read.value > HOW_MANY_RANGE.max) fail(path, "error.how_many");
            else kept[sub.code] = read.value;
            continue;
          }
          const text = typeof value === "string" ? value.trim() : "";
          if (value !== undefined && value !== null && typeof value !== "string") fail(path, "error.invalid");
          else if (!text) fail(path, "error.required");
          else if (text.length > SUB_TEXT_MAX) fail(path, "error.too_long");
          // Printed in the application signed: a character the documents cannot draw would be lost there (docs/decisions/0032).
          else if (!isPrintableText(text)) fail(path, "error.text_characters");
          else kept[sub.code] = text;
        }
        content[extraName] = kept;
      }
      return { height, weight, content };
    }),
  );
}

/** The schema the browser validates with: the set shown, or a block while no set can be answered. */
export function clientQuestionnaireSchema(type: QuestionnaireType, body: { height: number; weight: number } | null) {
  if (type === "UNAVAILABLE") return z.unknown().check((ctx) => addIssue(ctx, "error.bmi_limit"));
  return questionnaireSchema(type, { body });
}
