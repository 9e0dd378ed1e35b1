/**
 * The score screen's server side, shared by its two modes (onboarding /score now,
 * self-service /self-service/score/{id} later): the loader's data and the action.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { Customer } from "../core/customers.js";
import type { ScoreRef, ScoreView } from "../core/score/index.js";

export { ONBOARDING } from "../core/score/index.js";
import type { ScoreScreenView } from "../lib/score-model.js";
import { scoreFormSchema } from "../lib/score-schema.js";
import { getT } from "../i18next.server.js";
import type { AppContext } from "./context.server.js";
import { submittedKey } from "./submission-key.server.js";
import { failuresToErrors, markFailed, pageTitles } from "./failed-request.server.js";

const measuredFormat = new Intl.DateTimeFormat("et-EE", {
  timeZone: "Europe/Tallinn",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** The page title, plain and with the error prefix, for the current request. */
export async function scoreTitles(request: Request, context: AppContext) {
  const t = await getT(request);
  return pageTitles(t, context, t("title.score"));
}

/** What the screen renders: the view, with dates already formatted (no hydration differences). */
export function scoreScreenData(view: ScoreView): ScoreScreenView {
  return {
    enabled: view.enabled,
    groups: view.groups,
    answers: view.answers,
    answered: view.answered,
    total: view.total,
    score: view.score,
    discountPercent: view.discountPercent,
    activity: view.activity,
    health: { measuredAt: view.health.measuredAt ? measuredFormat.format(new Date(view.health.measuredAt)) : null },
  };
}

/**
 * The action: parse with the shared schema → save through the submission key → redirect to
 * `saveTo`, or the form again with field errors, or the confirmation state when answers are
 * missing and the customer has not confirmed yet (SPEC.md section 5).
 */
export async function scoreAction(input: { formData: FormData; context: AppContext; customer: Customer; ref: ScoreRef; saveTo: string; notFound: string }) {
  const { formData, context, customer, ref } = input;
  const submission = parseWithZod(formData, { schema: scoreFormSchema(context.core.score.definition()) });
  if (submission.status !== "success") {
    markFailed(context);
    return data({ result: submission.reply(), confirm: null }, { status: 400 });
  }
  const { intent, answers } = submission.value;
  if (intent === "edit") return data({ result: submission.reply(), confirm: null });

  const saved = await context.core.submissions.once({ key: submittedKey(formData), customerId: customer.id, form: "score" }, (tx) =>
    context.core.score.save(customer, ref, { answers, requireComplete: intent !== "confirm" }, tx),
  );
  if (saved.ok) return redirect(input.saveTo);
  const failure = saved.failure;
  switch (failure.kind) {
    case "incomplete":
      return data({ result: submission.reply(), confirm: { answered: failure.answered, total: failure.total } });
    case "invalid":
      markFailed(context);
      return data({ result: submission.reply(failuresToErrors(failure.errors)), confirm: null }, { status: 400 });
    case "not-editable":
      markFailed(context);
      return data({ result: submission.reply({ formErrors: ["error.not_editable"] }), confirm: null }, { status: 409 });
    case "not-found":
      return redirect(input.notFound);
  }
}
