/** The signed documents as accessible web pages from the confirmation page (issue 22 item 7), beside their PDFs. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import { documentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { SIGNED_DOCUMENT_KINDS, SIGNED_DOCUMENT_PDFS } from "~/lib/signed-documents";

export async function loader(args: LoaderFunctionArgs) {
  const kind = SIGNED_DOCUMENT_KINDS.find((k) => k === args.params.kind);
  const { offer, policyholder } = args.context.core;
  const page = await documentPage(args, (customer, language) =>
    !kind
      ? Promise.resolve(null)
      : kind === "application"
        ? offer.applicationView(customer, language)
        : policyholder.documentView(customer, kind, language),
  );
  return { ...page, pdfHref: `${SIGNED_DOCUMENT_PDFS[kind!]}?lng=${page.language}` };
}

export const meta = pageMeta;

export default function ConfirmationDocument() {
  const { model, pdfHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page">
      <DocumentView model={model} level={1} pdfHref={pdfHref} back={{ href: "/confirmation", label: t("doc.view.back_confirmation") }} />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
