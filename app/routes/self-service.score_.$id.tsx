/**
 * The wellness score, self-service mode (SPEC.md section 2 "Score"): one quarterly period,
 * {id} a period id or 'new' (the current period, created by its first save). Back and save go to
 * the list; a period that cannot be fetched sends the customer to the list too.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ScoreScreen } from "~/components/score-screen";
import { newSubmissionKey, periodHeading, redirect, requireAccess, scoreAction, scoreScreenData, scoreTitles } from "~/http/score.server";
import { keepOnFailure, pageMeta, PageErrorBoundary, RequestFailureNotice, stepClientAction, useFormReply } from "~/components/every-page";

const LIST = "/self-service/score";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const id = args.params.id ?? "";
  const ref = await args.context.core.policyholder.scoreRef(customer, id);
  const viewed = ref ? await args.context.core.score.view(customer, ref).catch(() => null) : null;
  if (!viewed?.ok) throw redirect(LIST);
  return {
    ...(await scoreTitles(args.request, args.context)),
    id,
    periodStart: viewed.value.periodStart,
    heading: await periodHeading(args.request, viewed.value.periodStart),
    view: scoreScreenData(viewed.value),
    submissionKey: newSubmissionKey(),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { customer } = await requireAccess(args);
  const ref = await args.context.core.policyholder.scoreRef(customer, args.params.id ?? "");
  if (!ref) throw redirect(LIST);
  const formData = await args.request.formData();
  return scoreAction({ formData, context: args.context, customer, ref, saveTo: LIST, notFound: LIST });
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx). No
// clientLoader: a period that cannot be fetched is an error page, there is nothing typed yet.
export const clientAction = stepClientAction;
export const shouldRevalidate = keepOnFailure();

export default function SelfServiceScorePeriod() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  return (
    <>
      <h2>{loaderData.heading}</h2>
      <ScoreScreen
        key={loaderData.id}
        view={loaderData.view}
        submissionKey={loaderData.submissionKey}
        lastResult={actionData?.result}
        confirm={actionData?.confirm}
        backTo={LIST}
        returnTo={`/self-service/score/${loaderData.id}`}
        saveLabel="self_service.score.save"
        titles={loaderData}
      />
      <RequestFailureNotice />
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
