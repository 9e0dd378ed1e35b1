/** The signed documents as accessible web pages from the confirmation page (issue 22 item 7), beside their PDFs. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import { signedDocumentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { SIGNED_DOCUMENT_PDFS } from "~/lib/signed-documents";

export const loader = (args: LoaderFunctionArgs) => signedDocumentPage(args, (kind) => SIGNED_DOCUMENT_PDFS[kind]);

export const meta = pageMeta;

export default function ConfirmationDocument() {
  const { model, pdfHref, pdfLanguage } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page">
      <DocumentView model={model} level={1} pdfHref={pdfHref} pdfLanguage={pdfLanguage} back={{ href: "/confirmation", label: t("doc.view.back_confirmation") }} />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
