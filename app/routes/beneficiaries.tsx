/**
 * Beneficiaries (SPEC.md section 2 "Beneficiaries"; issue 4): the list form is
 * app/components/beneficiaries; add and remove without JavaScript come back here as conform
 * intents (the changed list, nothing lost).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BeneficiariesForm } from "~/components/beneficiaries";
import { keepOnFailure, pageMeta, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { StepErrorBoundary, StepPage } from "~/components/step-page";
import { nextPath } from "~/lib/route-access";
import { beneficiariesPage, draftReply, type PageReply, parseBeneficiariesForm, requireAccess, stepAction, stepWording } from "./beneficiaries.server";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const page = await beneficiariesPage(args, customer);
  // What was typed when the session ended, given back (issue 11).
  return { ...page, draft: await draftReply(args.context, customer.id, "beneficiaries", parseBeneficiariesForm) };
}

export async function action(args: ActionFunctionArgs) {
  const { customer } = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  return stepAction({
    name: "beneficiaries",
    context,
    formData,
    submission: parseBeneficiariesForm(formData),
    save: ({ beneficiaries }, submissionKey) => context.core.beneficiaries.save({ customer, beneficiaries, submissionKey }),
    redirectTo: nextPath("beneficiaries"),
    page: (why): PageReply<object> => (Array.isArray(why) ? { failures: stepWording(why) } : {}),
  });
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const clientLoader = stepClientLoader;
export const shouldRevalidate = keepOnFailure();

export default function Beneficiaries() {
  const page = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  return (
    <StepPage step="beneficiaries" open={page.openSteps}>
      <BeneficiariesForm page={page} lastResult={actionData?.result ?? page.draft ?? undefined} />
    </StepPage>
  );
}

export function ErrorBoundary() {
  return <StepErrorBoundary step="beneficiaries" />;
}
