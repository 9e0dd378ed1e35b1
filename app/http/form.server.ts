/**
 * The one form mechanism of the HTML door (STYLE.md "Do" 4), used by every step's action:
 *
 *   parse (the caller, with the step's zod schema) → the core use case with the submission key
 *   → redirect (post/redirect/get), or the form again with the core's failures as field and
 *   form errors (400, or 409 when only the state stands in the way), or error.technical (500)
 *   with every typed value kept. Every failed post titles the page "Error: …" (markFailed).
 *
 * The /api door calls the same use cases through app/http/api/handlers.server.ts; both share
 * the submission key, the failure logging and the statuses (app/http/save.server.ts).
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import type { Failure, Outcome } from "../core/outcome.js";
import type { AppContext } from "./context.server.js";
import { discardDraft } from "./drafts.server.js";
import { failuresToErrors, markFailed } from "./failed-request.server.js";
import { hiddenAsFormMessage } from "../lib/zod-resolve.js";
import { attemptSave, isTechnical, onlyConflicts, submissionKeyOf } from "./save.server.js";
import { UNAVAILABLE_CODE } from "./unavailable.server.js";

/**
 * Why the form comes back: a conform intent without JavaScript (add or remove a list item:
 * the changed form, nothing lost), the schema's errors, a technical failure, or the core's
 * failures.
 */
export type Why = "intent" | "invalid" | "technical" | Failure[];

/** What every reply carries besides the form, and the failures as this page words them. */
export type PageReply<Extra> = Extra & { failures?: Failure[] };

export interface StepAction<Value, Saved, Extra, Answer, Found> {
  /** Names the form in the log (never its contents). */
  name: string;
  context: AppContext;
  formData: FormData;
  submission: Submission<unknown, string[], Value>;
  /**
   * The core use case with the parsed value and the submission key. `{ answer }` ends the
   * action with that answer instead (a question back to the customer, a redirect away).
   */
  save(value: Value, submissionKey: string | null): Promise<Outcome<Saved, Failure[], Found> | { answer: Answer }>;
  /** Where a saved form leads. */
  redirectTo: string;
  /**
   * What the page shows besides the form, for each reply (and the failures reworded). After a
   * refusal, `found` is what the use case worked out before refusing (app/core/outcome.ts):
   * the page takes it from there, not from a second call to the core.
   */
  page?: (why: Why, found?: Found) => PageReply<Extra> | Promise<PageReply<Extra>>;
  /**
   * The fields the page posts as hidden inputs (the ending's reason): the customer cannot see
   * or correct one, so its error is said at the form's top (`error.form_changed`), never at a
   * field nobody sees (the summary lists the fields shown).
   */
  hidden?: readonly string[];
  /**
   * What the form shows again of what was posted, when the posted values alone would say two
   * things (the score's sliders: a moved handle beside an empty number, app/http/score.server.ts).
   */
  typedBack?: (result: SubmissionResult<string[]>) => SubmissionResult<string[]>;
}

/** A reply with the form: conform's result (errors, and the values as typed) and the page's extra. */
export function formReply<Extra extends object>(result: SubmissionResult<string[]>, extra: Extra, status = 200) {
  return data({ result, ...extra }, { status });
}

/** Errors of `hidden` fields as one form message: the page changed outside the browser's form. */
function hiddenAsFormError(result: SubmissionResult<string[]>, hidden: readonly string[]): SubmissionResult<string[]> {
  const error = result.error && hiddenAsFormMessage(result.error, hidden);
  return error === result.error ? result : { ...result, error };
}

export async function stepAction<Value, Saved, Extra extends object = Record<never, never>, Answer = never, Found = unknown>(
  input: StepAction<Value, Saved, Extra, Answer, Found>,
) {
  const { context, submission } = input;
  const page = async (why: Why, found?: Found): Promise<PageReply<Extra>> => (input.page ? input.page(why, found) : ({} as PageReply<Extra>));
  const reply = async (why: Why, status: number, result: (failures: Failure[] | undefined) => SubmissionResult<string[]>, found?: Found) => {
    const { failures, ...extra } = await page(why, found);
    if (status >= 400) markFailed(context);
    const shown = result(failures);
    return formReply(hiddenAsFormError(input.typedBack?.(shown) ?? shown, input.hidden ?? []), extra as Extra, status);
  };

  if (submission.status === undefined) return reply("intent", 200, () => submission.reply());
  if (submission.status !== "success") return reply("invalid", 400, () => submission.reply());
  const value = submission.value;
  const saved = await attemptSave(context, input.name, () => input.save(value, submissionKeyOf(input.formData)));
  // The database unavailable: 503, Retry-After (app/http/remix.server.ts), what was typed kept.
  if (isTechnical(saved))
    return saved.unavailable
      ? reply("technical", 503, () => submission.reply({ formErrors: [UNAVAILABLE_CODE] }))
      : reply("technical", 500, () => submission.reply({ formErrors: ["error.technical"] }));
  if ("answer" in saved) return saved.answer;
  if (saved.ok) {
    await discardDraft(context, input.name);
    return redirect(input.redirectTo);
  }
  const failures = saved.failure;
  // 409 only when nothing typed is wrong: the page is out of date (the state moved on).
  return reply(failures, onlyConflicts(failures) ? 409 : 400, (reworded) => submission.reply(failuresToErrors(reworded ?? failures)), saved.found);
}
