/** The acknowledgement of a withdrawal or cancellation as an accessible web page beside its PDF (docs/decisions/0259). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import { documentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { ENDING_DOCUMENT } from "~/lib/withdrawal-fields";

export async function loader(args: LoaderFunctionArgs) {
  const page = await documentPage(args, (customer, language) => args.context.core.withdrawal.endingView(customer.id, language));
  return { ...page, pdfHref: `${ENDING_DOCUMENT.pdf}?lng=${page.language}` };
}

export const meta = pageMeta;

export default function SelfServiceEndingDocument() {
  const { model, pdfHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <DocumentView model={model} level={2} pdfHref={pdfHref} back={{ href: "/self-service/insurance", label: t("doc.view.back_insurance") }} />;
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
