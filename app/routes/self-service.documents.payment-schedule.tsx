/**
 * The payment schedule in self-service (docs/decisions/0165): what is paid (the invoices
 * issued, the payments to come this policy year and how they are set) above the schedule as
 * signed, which is left as it was (its PDF beside it).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { BillingSchedule } from "~/components/billing-schedule";
import { DocumentView } from "~/components/document-view";
import { documentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import type { BilledSchedule } from "~/lib/billing-schedule";

export async function loader(args: LoaderFunctionArgs) {
  const { policyholder } = args.context.core;
  const read: { billing: BilledSchedule | null } = { billing: null };
  const page = await documentPage(args, async (customer, language) => {
    read.billing = await policyholder.billedSchedule(customer);
    return policyholder.documentView(customer, "payment-schedule", language);
  });
  return { ...page, billing: read.billing, pdfHref: `/api/documents/payment-schedule?lng=${page.language}` };
}

export const meta = pageMeta;

export default function SelfServicePaymentSchedule() {
  const { model, pdfHref, billing } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      {billing ? <BillingSchedule schedule={billing} /> : null}
      <DocumentView model={model} level={2} pdfHref={pdfHref} back={{ href: "/self-service/insurance", label: t("doc.view.back_insurance") }} />
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
