/**
 * The wellness score, onboarding mode (SPEC.md section 2 "Score"; issue 3): back and a save
 * follow the onboarding table. The screen itself is shared with self-service
 * (app/components/score-screen).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ScoreScreen } from "~/components/score-screen";
import { keepOnFailure, pageMeta, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { StepErrorBoundary, StepPage } from "~/components/step-page";
import { newSubmissionKey, ONBOARDING, redirect, requireAccess, scoreAction, scoreDraft, scoreScreenData, scoreTitles } from "~/http/score.server";
import { placePath } from "~/lib/onboarding";
import { backPath, nextPath, openSteps } from "~/lib/route-access";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const viewed = await args.context.core.score.view(customer, ONBOARDING);
  if (!viewed.ok) throw redirect("/");
  return {
    ...(await scoreTitles(args.request, args.context)),
    view: scoreScreenData(viewed.value),
    submissionKey: newSubmissionKey(),
    // The step indicator links the other steps this state may open, as on every step.
    openSteps: openSteps(customer.state),
    // What was typed when the session ended, given back (issue 11).
    draft: await scoreDraft(args.context, customer, viewed.value.groups),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { customer } = await requireAccess(args);
  const formData = await args.request.formData();
  return scoreAction({ formData, context: args.context, customer, ref: ONBOARDING, saveTo: nextPath("score"), notFound: "/" });
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const clientLoader = stepClientLoader;
export const shouldRevalidate = keepOnFailure();

export default function Score() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  return (
    <StepPage step="score" open={loaderData.openSteps}>
      <ScoreScreen
        view={loaderData.view}
        submissionKey={loaderData.submissionKey}
        lastResult={actionData?.result ?? loaderData.draft}
        confirm={actionData?.confirm}
        backTo={backPath("score")!}
        returnTo={placePath("score")}
        titles={loaderData}
      />
    </StepPage>
  );
}

export function ErrorBoundary() {
  return <StepErrorBoundary step="score" />;
}
