/**
 * The signed documents on the confirmation page (issue 22 item 7): each as a PDF download and
 * as an accessible web page, as self-service shows them.
 */
import { useTranslation } from "~/i18n/react";
import { SIGNED_DOCUMENT_PDFS, type SignedDocumentKind } from "~/lib/signed-documents";
import { usePdfLanguage } from "~/components/pdf-link";

const LABELS = {
  policy: "self_service.documents.policy",
  "payment-schedule": "self_service.documents.payment_schedule",
  application: "self_service.documents.application",
} as const;

/** `signedIn`: the language the application was signed in, its PDF's (the policy and the schedule are drawn in the page's). */
export function SignedDocuments({ documents, signedIn, note }: { documents: readonly SignedDocumentKind[]; signedIn: string | null; note: string | null }) {
  const { t } = useTranslation();
  const signedPdf = usePdfLanguage(signedIn);
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="signed-documents-heading" className="panel">
      <h2 id="signed-documents-heading">{t("confirmation.documents.heading")}</h2>
      <ul role="list" className="documents">
        {documents.map((kind) => (
          <li key={kind}>
            {/* A file download, not a page: a plain link the browser saves. A PDF in another language than the page's says which. */}
            <a href={SIGNED_DOCUMENT_PDFS[kind]} download hrefLang={kind === "application" ? signedPdf?.hrefLang : undefined}>
              {kind === "application" && signedPdf
                ? t("confirmation.documents.pdf.in", { document: t(LABELS[kind]), language: signedPdf.language })
                : t("confirmation.documents.pdf", { document: t(LABELS[kind]) })}
            </a>{" "}
            <a href={`/confirmation/documents/${kind}`}>{t("doc.view.html", { document: t(LABELS[kind]) })}</a>
          </li>
        ))}
      </ul>
      {note ? <p className="note">{note}</p> : null}
    </section>
  );
}
