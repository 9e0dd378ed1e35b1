/**
 * Withdraw from or cancel the policy (issue 22 items 1 and 4, docs/decisions/0130): within 30
 * days of signing a withdrawal, after it a cancellation (docs/decisions/0302); `?reason=health-data`
 * is the health-data consent's withdrawal, which ends the policy the same way. A confirmation
 * and a fresh e-ID confirmation (the demo's form here, or Dokobit's page and back through
 * /self-service/withdraw/return); the form works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WithdrawalForm } from "~/components/withdrawal";
import { WITHDRAWAL_HIDDEN } from "~/lib/withdrawal-fields";
import { keepOnFailure, PageErrorBoundary, pageMeta, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { AFTER_ENDING, endPolicy, parseWithdrawalEidForm, parseWithdrawalForm, requireAccess, startWithdrawalEid, stepAction, withdrawalPage } from "./self-service.withdraw.server";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  return withdrawalPage(args, customer);
}

export async function action(args: ActionFunctionArgs) {
  const { customer, session } = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  // One form, one place to land; the confirmation is what differs between the providers.
  const form = { name: "withdrawal", context, formData, redirectTo: AFTER_ENDING, hidden: WITHDRAWAL_HIDDEN };
  // A provider with its own page (Dokobit): the confirm goes there first (docs/decisions/0132).
  if (context.core.eid.name === "dokobit") {
    return stepAction({ ...form, submission: parseWithdrawalEidForm(formData), save: (value, key) => startWithdrawalEid(args, customer, value, key) });
  }
  return stepAction({ ...form, submission: parseWithdrawalForm(formData), save: (value, key) => endPolicy(context, { customer, session }, value, key) });
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const clientLoader = stepClientLoader;
export const shouldRevalidate = keepOnFailure();

export default function SelfServiceWithdraw() {
  const page = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  return <WithdrawalForm page={page} lastResult={actionData?.result ?? undefined} />;
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
