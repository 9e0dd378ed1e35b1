/**
 * The score screen's server side, shared by its two modes (onboarding /score now,
 * self-service /self-service/score/{id} later): the loader's data and the action.
 */
import { parseWithZod } from "../lib/form-parse.js";
import { formatDate } from "../lib/euro.js";
import { formatDateTime } from "../lib/my-data.js";
import { redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { Customer } from "../core/customers.js";
import { isIncomplete, type ScoreRef, type ScoreView } from "../core/score/index.js";

export { ONBOARDING } from "../core/score/index.js";
import { capSlider, leafQuestions, screenAnswer, sliderBounds, type ScoreGroup, type ScoreScreenView } from "../lib/score-model.js";
import { parseNumeric, rangeField, sliderMode, sliderStart, wasField } from "../lib/score-fields.js";
import { keptSliderText } from "../lib/kept-slider-text.js";
import { screenQuestionnaire } from "../lib/score-definition.js";
import { scoreFormSchema } from "../lib/score-schema.js";
import { getT } from "../i18n/i18next.server.js";
import type { AppContext } from "./context.server.js";
import { pageTitles } from "./failed-request.server.js";
import { formReply, stepAction } from "./form.server.js";
import { draftReply } from "./drafts.server.js";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build (docs/decisions/0043).
export { redirect } from "@remix-run/node";
export { requireAccess } from "./guards.server.js";
export { newSubmissionKey } from "./submission-key.server.js";

/** The page title, plain and with the error prefix, for the current request. */
export async function scoreTitles(request: Request, context: AppContext) {
  const t = await getT(request);
  return pageTitles(t, context, t("title.score"));
}

/** A self-service period's heading, written on the server: the page's script needs no date formatting for it. */
export async function periodHeading(request: Request, periodStart: string | null): Promise<string> {
  const t = await getT(request);
  return periodStart ? t("self_service.score.period_heading", { date: formatDate(periodStart) }) : t("self_service.score.new_heading");
}

/** What the screen renders: the view, with dates already formatted (no hydration differences). */
export function scoreScreenData(view: ScoreView): ScoreScreenView {
  return {
    enabled: view.enabled,
    questionnaire: screenQuestionnaire(view.groups),
    answers: Object.fromEntries(Object.entries(view.answers).map(([code, answer]) => [code, screenAnswer(answer)])),
    answered: view.answered,
    total: view.total,
    score: view.score,
    discountPercent: view.discountPercent,
    activity: view.activity,
    // Tallinn's date and time as every other moment the app shows (app/lib/tallinn-time.ts): in the
    // hour the clocks go back, with its offset, so it names one measurement.
    health: { measuredAt: view.health.measuredAt ? formatDateTime(view.health.measuredAt) : null },
  };
}

/** What was typed when the session ended, given back (issue 11), through the page's schema. */
export function scoreDraft(context: AppContext, customer: Customer, groups: ScoreGroup[]) {
  return draftReply(context, customer.id, "score", (formData) => parseWithZod(formData, { schema: scoreFormSchema(groups) }));
}

/**
 * The action (the one form mechanism): parse with the shared schema → save through the
 * submission key → `saveTo`, or the form again with its errors, or the confirmation state
 * when answers are missing and the customer has not confirmed yet (SPEC.md section 5). A
 * profile the customer may not open sends them to `notFound`.
 */
export async function scoreAction(input: { formData: FormData; context: AppContext; customer: Customer; ref: ScoreRef; saveTo: string; notFound: string }) {
  const { formData, context, customer, ref } = input;
  const definition = context.core.score.definition();
  const submission = parseWithZod(formData, { schema: scoreFormSchema(definition) });
  const typedBack = (result: SubmissionResult<string[]>) => slidersTypedBack(result, definition);
  // Back from the confirmation without JavaScript: the form again, as it was.
  if (submission.status === "success" && submission.value.intent === "edit") return formReply(typedBack(submission.reply()), { confirm: null });
  return stepAction({
    name: "score",
    context,
    formData,
    submission,
    save: async ({ intent, answers }, submissionKey) => {
      const saved = await context.core.score.save(customer, ref, { answers, requireComplete: intent !== "confirm", submissionKey });
      if (saved.ok) return saved;
      const failure = saved.failure;
      if (isIncomplete(failure)) return { answer: formReply(typedBack(submission.reply()), { confirm: { answered: failure.answered, total: failure.total } }) };
      if (failure.some((f) => f.code === "error.not_found")) throw redirect(input.notFound);
      return { ok: false as const, failure };
    },
    redirectTo: input.saveTo,
    page: () => ({ confirm: null }),
    typedBack,
  });
}

/**
 * Each slider's typed number and handle as the form shows them again after a refused post: the
 * number the server read (keptSliderText), and the handle on it when it is a number in the
 * slider's range. Without JavaScript only one of the two may have changed: a handle moved to 7
 * came back beside an empty number, a typed 10 beside a handle left where it was.
 */
function slidersTypedBack(result: SubmissionResult<string[]>, definition: ScoreGroup[]): SubmissionResult<string[]> {
  const posted = result.initialValue;
  if (!posted) return result;
  const text = (name: string) => (typeof posted[name] === "string" ? (posted[name] as string) : undefined);
  const shown: Record<string, unknown> = { ...posted };
  for (const q of leafQuestions(definition)) {
    if (q.type !== "slider") continue;
    const kept = keptSliderText({ typed: text(q.code), range: text(rangeField(q.code)), was: text(wasField(q.code)), start: String(sliderStart(q)) });
    if (kept === undefined) continue;
    shown[q.code] = kept;
    const read = parseNumeric(kept, sliderMode(q));
    if ("value" in read && read.value >= sliderBounds(q).min) shown[rangeField(q.code)] = String(capSlider(read.value, q));
  }
  return { ...result, initialValue: shown as typeof posted };
}

/**
 * What the self-service score tab says around its periods: an invitation to fill one, with the
 * discount on the next bills, and "no periods yet"; for an ended contract, which asks for nothing
 * and promises no bill (docs/decisions/0269, 0398), no invitation and no "yet".
 */
export const scoreTabTexts = (ended: boolean) =>
  ended
    ? { intro: null, none: "self_service.score.none_ended" as const }
    : { intro: "self_service.score.intro" as const, none: "self_service.score.none" as const };
