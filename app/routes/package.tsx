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
import { estimateAnswer, packagePage, parsePackageForm, recalculation, requireAccess, stepAction } from "./package.server";

export async function loader(args: LoaderFunctionArgs) {
  const signedIn = await requireAccess(args);
  return packagePage(args, signedIn);
}

export async function action(args: ActionFunctionArgs) {
  const { session, customer } = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  // Fields only: the core reads them with today's limits, one call per request.
  const submission = parsePackageForm(formData);
  const intent = formData.get("intent");
  if (submission.status === "success" && intent === "estimate") return estimateAnswer(context, customer, submission.value, formData);
  if (submission.status === "success" && intent === "recalculate") return recalculation(context, customer, submission, formData);
  return stepAction({
    name: "package",
    context,
    formData,
    submission,
    save: (fields, submissionKey) => context.core.proposal.save({ customer, session, form: { fields }, submissionKey }),
    redirectTo: nextPath("package"),
    // Refused: the form keeps what was typed.
    page: () => ({ values: null, estimation: null }),
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
          key={reply ? JSON.stringify([reply.values, reply.result.error ?? null]) : "loaded"}
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
