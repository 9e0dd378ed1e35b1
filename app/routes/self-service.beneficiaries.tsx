/**
 * Changing beneficiaries in self-service (issue 22 item 3, docs/decisions/0145): the onboarding
 * step's form and rules; a saved list is a pending change that goes to the signing screen
 * (app/routes/self-service.beneficiaries_.sign.tsx) and takes effect only when signed.
 * A pending change can be discarded.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { BeneficiariesForm } from "~/components/beneficiaries";
import { CoverUntil, PendingChange } from "~/components/beneficiary-change";
import { keepOnFailure, pageMeta, PageErrorBoundary, RequestFailureNotice, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { CHANGE_INTENT, CHANGE_SIGNING_PATH, INSURANCE_PATH } from "~/lib/beneficiary-change";
import { changePage, discardChange, notSavedRedirect, parseBeneficiariesForm, requireAccess, stepAction } from "./self-service.beneficiaries.server";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  return changePage(args, customer);
}

export async function action(args: ActionFunctionArgs) {
  const { customer, session } = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  if (formData.get("intent") === CHANGE_INTENT.discard) return discardChange(context, customer, formData);
  return stepAction({
    name: "beneficiary-change",
    context,
    formData,
    submission: parseBeneficiariesForm(formData),
    save: async ({ beneficiaries }, submissionKey) => {
      const saved = await context.core.beneficiaryChange.save({ customer, beneficiaries, submissionKey });
      // The cover ended meanwhile (withdrawn in another tab): this page is gone, its loader
      // leaves for the insurance tab, and would take the refusal with it unsaid.
      const gone = !saved.ok && saved.failure.some((f) => f.code === "error.no_policy_to_change");
      return gone ? { answer: await notSavedRedirect(context, session, INSURANCE_PATH) } : saved;
    },
    redirectTo: CHANGE_SIGNING_PATH,
  });
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const clientLoader = stepClientLoader;
export const shouldRevalidate = keepOnFailure();

export default function SelfServiceBeneficiaries() {
  const page = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("beneficiary_change.heading")}</h2>
      <CoverUntil date={page.coverUntil} />
      {page.pending ? <PendingChange date={page.pending.date} discardKey={page.discardKey} /> : null}
      <BeneficiariesForm
        page={page}
        lastResult={actionData?.result}
        wording={{ intro: "beneficiary_change.intro", submit: "beneficiary_change.submit", saving: "beneficiary_change.saving" }}
        headingLevel={3}
        back={
          <Link to={INSURANCE_PATH} className="button button--secondary">
            {t("beneficiary_change.back")}
          </Link>
        }
      />
      <RequestFailureNotice />
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
