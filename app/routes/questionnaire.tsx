/**
 * The health questionnaire (SPEC.md section 2 "Questionnaire"; issue 4): the form is
 * app/components/questionnaire. A failed save comes back with the set the figures now
 * require (no-JavaScript: the set is decided on submit).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { QuestionnaireForm } from "~/components/questionnaire";
import { keepOnFailure, pageMeta, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { StepErrorBoundary, StepPage } from "~/components/step-page";
import type { QuestionnaireType } from "~/lib/questionnaire-sets";
import { nextPath } from "~/lib/route-access";
import { draftReply, failedSavePage, type PageReply, parseQuestionnaireForm, questionnairePage, requireAccess, stepAction } from "./questionnaire.server";

export async function loader(args: LoaderFunctionArgs) {
  const signedIn = await requireAccess(args);
  const page = await questionnairePage(args, signedIn);
  // What was typed when the session ended, given back (issue 11).
  return { ...page, draft: await draftReply(args.context, signedIn.customer.id, "questionnaire", parseQuestionnaireForm) };
}

export async function action(args: ActionFunctionArgs) {
  const { customer, session } = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  return stepAction({
    name: "questionnaire",
    context,
    formData,
    submission: parseQuestionnaireForm(formData),
    save: ({ height, weight, content }, submissionKey) =>
      context.core.questionnaire.save({ customerId: customer.id, session, form: { height, weight, content }, submissionKey }),
    redirectTo: nextPath("questionnaire"),
    page: (why, found): PageReply<{ type: QuestionnaireType | null }> => (Array.isArray(why) ? failedSavePage(formData, why, found?.type ?? null) : { type: null }),
  });
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const clientLoader = stepClientLoader;
export const shouldRevalidate = keepOnFailure();

export default function Questionnaire() {
  const page = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  return (
    <StepPage step="questionnaire" open={page.openSteps}>
      <QuestionnaireForm page={page} reply={actionData ?? (page.draft ? { result: page.draft, type: null } : undefined)} />
    </StepPage>
  );
}

export function ErrorBoundary() {
  return <StepErrorBoundary step="questionnaire" />;
}
