/**
 * Account registration (SPEC.md section 2 "Account"; issue 3): the form is
 * app/components/account; the support code is looked up live with JavaScript (a fetcher post
 * here, intent "support-code") and on submit without it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountForm } from "~/components/account";
import { keepOnFailure, pageMeta, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { StepErrorBoundary, StepPage } from "~/components/step-page";
import { SUPPORT_CODE_INTENT } from "~/lib/account-fields";
import { nextPath } from "~/lib/route-access";
import { accountPage, draftReply, failedPostLookup, parseAccountForm, requireAccess, stepAction, supportCodeLookup } from "./account.server";

export async function loader(args: LoaderFunctionArgs) {
  const signedIn = await requireAccess(args);
  const page = await accountPage(args, signedIn);
  // What was typed when the session ended, given back (issue 11).
  return { ...page, draft: await draftReply(args.context, signedIn.customer.id, "account", parseAccountForm) };
}

export async function action(args: ActionFunctionArgs) {
  const signedIn = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  if (formData.get("intent") === SUPPORT_CODE_INTENT) {
    return { lookup: await supportCodeLookup(context, signedIn, formData.get("supportCode"), true) };
  }
  const { customer, session } = signedIn;
  return stepAction({
    name: "account",
    context,
    formData,
    submission: parseAccountForm(formData),
    save: (form, submissionKey) => context.core.registration.save({ customer, session, form, submissionKey }),
    redirectTo: nextPath("account"),
    // What the typed support code attaches, for the form shown again (a refused save found it).
    page: async (why, found) => ({ lookup: await failedPostLookup(context, signedIn, formData.get("supportCode"), why, found) }),
  });
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const clientLoader = stepClientLoader;

// The live lookup changes only what the form shows (and the header, through the root).
export const shouldRevalidate = keepOnFailure(({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === SUPPORT_CODE_INTENT ? false : defaultShouldRevalidate);

export default function Account() {
  const page = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  return (
    <StepPage step="account" open={page.openSteps}>
      <AccountForm page={page} reply={actionData && "result" in actionData ? actionData : page.draft ? { result: page.draft, lookup: null } : undefined} />
    </StepPage>
  );
}

export function ErrorBoundary() {
  return <StepErrorBoundary step="account" />;
}
