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
import { capSlider, leafQuestions, offersSourceChoice, sliderBounds, type AnswerValue, type ScoreGroup } from "./score-model";
import { INTENTS, parseNumeric, rangeField, sliderMode, sliderText, sourceField, wasField, type ParsedScoreForm, type ScoreIntent } from "./score-fields";

export * from "./score-fields";

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
