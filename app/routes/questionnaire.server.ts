/** Server helpers of the questionnaire route (app/routes/questionnaire.tsx). */
import { redirect } from "@remix-run/node";
import { openSteps } from "~/lib/route-access";
import type { Customer } from "~/core/customers";
import {
  actorFor,
  type SavedQuestionnaire,
} from "~/core/questionnaire";
import type { Failure } from "~/core/outcome";
import type { Session } from "~/core/sessions";
import type { AppContext } from "~/http/context.server";
import { pageTitles } from "~/http/failed-request.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { pageLanguage } from "~/i18n/language.server";
import { getT } from "~/i18n/i18next.server";
import { bodyMassIndex } from "~/core/underwriting";
import { CHANGE_REQUIRED, placePath } from "~/lib/onboarding";
import { parseWithZod } from "~/lib/form-parse";
import * as z from "zod/v4/mini";
import { extraKey, isAnswerableType, QUESTION_SETS, type QuestionnaireType } from "~/lib/questionnaire-sets";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build (docs/decisions/0043).
export { draftReply } from "~/http/drafts.server";
export { stepAction, type PageReply } from "~/http/form.server";
export { requireAccess } from "~/http/guards.server";

interface Args {
  request: Request;
  context: AppContext;
}

interface SignedIn {
  session: Session;
  customer: Customer;
}

/** A number as the page language writes it: "80,5" in Estonian and Russian, "80.5" in English. */
const localNumber = (value: number, language: string) => (language === "en" ? String(value) : String(value).replace(".", ","));

/** The saved answers as the form's values: radios "yes"/"no", typed text and numbers as strings. */
function formDefaults(saved: SavedQuestionnaire | null): { height?: string; weight?: string; content: Record<string, string | Record<string, string>> } {
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
  const language = await pageLanguage(request);
  const t = await getT(language);
  const decided = await context.core.questionnaire.page(customer.id, actorFor(customer.id));
  // The guard let the state through, so only a change racing this request gets here.
  if (!decided.ok) throw redirect(placePath("package"));
  const { saved } = decided.value;
  return {
    ...pageTitles(t, context, t("title.questionnaire")),
    openSteps: openSteps(customer.state),
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
    reqChange: customer.state === CHANGE_REQUIRED.questionnaire,
    submissionKey: newSubmissionKey(),
  };
}

/**
 * What a failed save shows besides the form. The core decides the set and validates against
 * it (one source of truth for both doors), and its refusal carries the set it decided
 * (`type`, null when it refused before deciding: the page keeps its own). Without
 * JavaScript this is also where a changed height and weight switch the set ("on submit"): the
 * page comes back with the new set's questions, everything typed kept, and a note saying why.
 */
export function failedSavePage(formData: FormData, failures: Failure[], type: QuestionnaireType | null) {
  const shown = formData.get("type");
  // UNAVAILABLE comes with error.bmi_limit alone: no questions to keep.
  if (!type || type === shown || type === "UNAVAILABLE") return { failures, type };
  // Questions the customer has not seen yet are not errors; the note says what happened.
  const seen = isAnswerableType(shown) ? new Set(QUESTION_SETS[shown].map((q) => q.code)) : new Set<string>();
  const onScreen = failures.filter((f) => {
    const question = f.context?.startsWith("content.") ? f.context.split(".")[1].replace(/Extra$/, "") : null;
    return question === null || seen.has(question);
  });
  return { failures: [{ code: "questionnaire.set_changed" }, ...onScreen], type };
}

/**
 * The form as posted, shaped into fields only: the core decides the set and validates against
 * it. Here, not in the route: the browser loads zod after hydration (docs/decisions/0043).
 */
export const parseQuestionnaireForm = (formData: FormData) => parseWithZod(formData, { schema: z.record(z.string(), z.unknown()) });
