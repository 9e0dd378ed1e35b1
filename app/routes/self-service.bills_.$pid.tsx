/** One invoice as an accessible web page, with its payment details and QR code, beside its PDF. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import { documentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  const pid = args.params.pid ?? "";
  const page = await documentPage(args, (customer, language) => args.context.core.policyholder.invoiceView(customer, pid, language));
  return { ...page, pdfHref: `/api/invoices/${encodeURIComponent(pid)}?lng=${page.language}` };
}

export const meta = pageMeta;

export default function SelfServiceInvoice() {
  const { model, pdfHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <DocumentView model={model} level={2} pdfHref={pdfHref} back={{ href: "/self-service/bills", label: t("doc.view.back_bills") }} />;
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
