/** The policyholder's documents as accessible web pages (policy, payment schedule, application), beside their PDFs. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import { signedDocumentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

export const loader = (args: LoaderFunctionArgs) => signedDocumentPage(args, (kind) => `/api/documents/${kind}`);

export const meta = pageMeta;

export default function SelfServiceDocument() {
  const { model, pdfHref, pdfLanguage } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <DocumentView model={model} level={2} pdfHref={pdfHref} pdfLanguage={pdfLanguage} back={{ href: "/self-service/insurance", label: t("doc.view.back_insurance") }} />;
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
