/**
 * A document of an earlier contract (an invoice, a credit note, the confirmation of its ending,
 * its policy: docs/decisions/0309) as an accessible web page beside its PDF (docs/decisions/0031, 0272). It lives under the data
 * page, the place every state may open, so a customer signing up again reaches it; back leads to
 * the data page. The documents are the customer's own, as on the bills and insurance tabs.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import { documentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { MY_DATA_PATH } from "~/components/my-data-note";
import { EARLIER_DOCUMENT_KINDS, earlierDocumentPdf } from "~/lib/earlier-contract";

export async function loader(args: LoaderFunctionArgs) {
  const kind = EARLIER_DOCUMENT_KINDS.find((k) => k === args.params.kind);
  const id = args.params.id ?? "";
  const { policyholder, withdrawal } = args.context.core;
  const page = await documentPage(args, (customer, language) =>
    kind === "invoice"
      ? policyholder.invoiceView(customer, id, language)
      : kind === "credit-note"
        ? withdrawal.creditNoteView(customer.id, id, language)
        : kind === "ending"
          ? withdrawal.endingView(customer.id, language, id)
          : kind === "policy"
            ? policyholder.documentView(customer, "policy", language, { policy: id })
            : Promise.resolve(null),
  );
  return { ...page, pdfHref: earlierDocumentPdf(kind!, id, page.language) };
}

export const meta = pageMeta;

export default function EarlierContractDocument() {
  const { model, pdfHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <DocumentView model={model} level={2} pdfHref={pdfHref} back={{ href: MY_DATA_PATH, label: t("earlier.back") }} />;
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
