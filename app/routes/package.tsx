/**
 * The package step (SPEC.md section 2 "Package"; issue 4): the form is
 * app/components/package. The action answers the live estimate (intent "estimate"), the
 * no-JavaScript recalculation (intent "recalculate") and the save.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PackageForm, type PackagePageData } from "~/components/package";
import { keepOnFailure, pageMeta, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { StepErrorBoundary, StepPage } from "~/components/step-page";
import { nextPath } from "~/lib/route-access";
import { ageLimitReply, estimateAnswer, packagePage, parsePackageForm, recalculation, requireAccess, stepAction, valuesOf } from "./package.server";

export async function loader(args: LoaderFunctionArgs) {
  const signedIn = await requireAccess(args);
  return packagePage(args, signedIn);
}

export async function action(args: ActionFunctionArgs) {
  const { session, customer } = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  const limits = context.core.proposal.parameters(customer);
  if (!limits.ok) return ageLimitReply(context, limits.failure);
  const submission = parsePackageForm(formData, limits.value);
  if (formData.get("intent") === "estimate") return estimateAnswer(context, customer, submission, formData);
  if (submission.status === "success" && submission.value.intent === "recalculate") return recalculation(context, customer, submission, formData);
  return stepAction({
    name: "package",
    context,
    formData,
    submission,
    save: (value, submissionKey) => context.core.proposal.save({ customer, session, form: valuesOf(value), submissionKey }),
    redirectTo: nextPath("package"),
    page: (why) => ({ values: submission.status === "success" && why !== "invalid" ? valuesOf(submission.value) : null, estimation: null }),
  });
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const clientLoader = stepClientLoader;

// The live estimate changes only the estimate on screen: nothing to reload.
export const shouldRevalidate = keepOnFailure(({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "estimate" ? false : defaultShouldRevalidate);

export default function Package() {
  const page = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  const { t } = useTranslation();
  const reply = actionData && "result" in actionData ? actionData : undefined;
  return (
    <StepPage step="package" open={page.openSteps}>
      {page.limits && page.values ? (
        <PackageForm
          // A new server answer (recalculate, errors) starts the form from what it carries.
          key={reply ? JSON.stringify(reply.values) + JSON.stringify(reply.result.error ?? null) : "loaded"}
          page={page as PackagePageData}
          reply={reply}
        />
      ) : (
        <p className="notice">{t("error.age_limit")}</p>
      )}
    </StepPage>
  );
}

export function ErrorBoundary() {
  return <StepErrorBoundary step="package" />;
}
