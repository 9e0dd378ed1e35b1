/** Server helpers of the questionnaire route (app/routes/questionnaire.tsx). */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { Customer } from "~/core/customers";
import {
  actorFor,
  QUESTIONNAIRE_BACK,
  QUESTIONNAIRE_NEXT,
  type QuestionnaireFailure,
  type SavedQuestionnaire,
} from "~/core/questionnaire";
import type { Session } from "~/core/sessions";
import type { AppContext } from "~/http/context.server";
import { failuresToErrors, markFailed, pageTitles } from "~/http/failed-request.server";
import { newSubmissionKey, submittedKey } from "~/http/submission-key.server";
import { getT, i18next } from "~/i18next.server";
import { bodyMassIndex } from "~/core/underwriting";
import { extraKey, isAnswerableType, QUESTION_SETS, type QuestionnaireType } from "~/lib/questionnaire-sets";

interface Args {
  request: Request;
  context: AppContext;
}

interface SignedIn {
  session: Session;
  customer: Customer;
}

/** A number as the page language writes it: "80,5" in Estonian and Russian, "80.5" in English. */
export const localNumber = (value: number, language: string) => (language === "en" ? String(value) : String(value).replace(".", ","));

/** The saved answers as the form's values: radios "yes"/"no", typed text and numbers as strings. */
export function formDefaults(saved: SavedQuestionnaire | null): { height?: string; weight?: string; content: Record<string, string | Record<string, string>> } {
  const content: Record<string, string | Record<string, string>> = {};
  if (saved) {
    for (const question of QUESTION_SETS[saved.type]) {
      const answer = saved.content[question.code];
      if (typeof answer !== "boolean") continue;
      content[question.code] = answer ? "yes" : "no";
      const extra = saved.content[extraKey(question.code)];
      if (answer && typeof extra === "object") content[extraKey(question.code)] = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)]));
    }
  }
  // Once submitted, height and weight are facts on the page, not fields of the form.
  return saved ? { content } : { height: "", weight: "", content };
}

export async function questionnairePage({ request, context }: Args, { customer }: SignedIn) {
  const language = await i18next.getLocale(request);
  const t = await getT(language);
  const decided = await context.core.questionnaire.page(customer.id, actorFor(customer.id));
  // The guard let the state through, so only a change racing this request gets here.
  if (!decided.ok) throw redirect(QUESTIONNAIRE_BACK);
  const { saved } = decided.value;
  return {
    ...pageTitles(t, context, t("title.questionnaire")),
    state: customer.state,
    type: decided.value.type,
    /** The body-mass figures once submitted: read-only facts from then on. */
    body: saved
      ? {
          height: saved.height,
          weight: saved.weight,
          heightText: localNumber(saved.height, language),
          weightText: localNumber(saved.weight, language),
          bmiText: localNumber(Math.round(bodyMassIndex(saved.height, saved.weight) * 10) / 10, language),
        }
      : null,
    defaults: formDefaults(saved),
    reqChange: customer.state === "QUESTIONNAIRE_REQ_CHANGE",
    submissionKey: newSubmissionKey(),
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * The save. The core decides the set and validates against it (one source of truth for both
 * doors); the form only shapes the fields. Without JavaScript this is also where a changed
 * height and weight switch the set ("on submit"): the page comes back with the new set's
 * questions, everything typed kept, and a note saying why.
 */
export async function questionnaireAction({ request, context }: Args, { session, customer }: SignedIn) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: z.record(z.unknown()) });
  const payload: Record<string, unknown> = submission.status === "success" ? submission.value : {};
  const shown = formData.get("type");
  let saved;
  try {
    saved = await context.core.questionnaire.save({
      customerId: customer.id,
      session,
      form: { height: payload.height, weight: payload.weight, content: payload.content },
      submissionKey: submittedKey(formData),
    });
  } catch (error) {
    // The message only: the form holds health data.
    console.error("questionnaire: save failed:", error instanceof Error ? error.message : "unknown");
    markFailed(context);
    return data({ result: submission.reply({ formErrors: ["error.technical"] }), type: null }, { status: 500 });
  }
  if (saved.ok) return redirect(QUESTIONNAIRE_NEXT);
  markFailed(context);

  if (saved.failure.some((f) => f.code === "error.bmi_limit")) {
    return data({ result: submission.reply({ formErrors: ["error.bmi_limit"] }), type: "UNAVAILABLE" as QuestionnaireType }, { status: 400 });
  }
  const actor = actorFor(customer.id);
  const withBody = await context.core.questionnaire.requiredType({ customerId: customer.id, actor, height: text(payload.height), weight: text(payload.weight) });
  const decided = withBody.ok ? withBody : await context.core.questionnaire.requiredType({ customerId: customer.id, actor });
  const type: QuestionnaireType | null = decided.ok ? decided.value.type : null;
  let failures = saved.failure;
  if (type && type !== shown) {
    // Questions the customer has not seen yet are not errors; the note says what happened.
    const seen = isAnswerableType(shown) ? new Set(QUESTION_SETS[shown].map((q) => q.code)) : new Set<string>();
    failures = failures.filter((f) => {
      const question = f.context?.startsWith("content.") ? f.context.split(".")[1].replace(/Extra$/, "") : null;
      return question === null || seen.has(question);
    });
    failures = [{ code: "questionnaire.set_changed" }, ...failures];
  }
  return data({ result: submission.reply(failuresToErrors(failures)), type }, { status: 400 });
}
