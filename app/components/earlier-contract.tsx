/**
 * The data page's earlier contracts (docs/decisions/0272): a contract that ended keeps its
 * documents within reach while the customer signs up again, each as a web page (under the data
 * page, which every state may open) beside its PDF. What is still to pay is said per invoice.
 */
import { useTranslation } from "~/i18n/react";
import { SentOnce } from "~/components/sent-markup";
import { usePdfLanguage } from "~/components/pdf-link";
import { formatDate, useMoney } from "~/components/money";
import { earlierDocumentPage, earlierDocumentPdf, earlierInvoicesPath, earlierSignedPdf, type EarlierContract, type EarlierDocumentKind, type ShownEarlierContract } from "~/lib/earlier-contract";

/** The document's name linking its web page, its PDF beside it. */
function DocumentLinks({ kind, id, name }: { kind: EarlierDocumentKind; id: string; name: string }) {
  const { t } = useTranslation();
  const pdf = t("self_service.pdf");
  return (
    <>
      <a href={earlierDocumentPage(kind, id)}>{name}</a>{" "}
      <a href={earlierDocumentPdf(kind, id)} download aria-label={`${name} ${pdf}`}>
        {pdf}
      </a>
    </>
  );
}

/** A signed document's PDF, the bytes signed: in another language than the page's, it says which. */
function SignedPdf({ name, href, signedIn }: { name: string; href: string; signedIn: string | null }) {
  const { t } = useTranslation();
  const language = usePdfLanguage(signedIn);
  return (
    <li>
      <a href={href} download hrefLang={language?.hrefLang}>
        {name} {language ? t("self_service.pdf.in", { language: language.language }) : t("self_service.pdf")}
      </a>
    </li>
  );
}

/**
 * An earlier contract's signed documents (docs/decisions/0309): its application and each change of
 * its beneficiaries as the PDF signed, in the language it was signed in, its policy as a web page
 * and PDF (none for an application withdrawn: no contract was concluded).
 */
function SignedDocuments({ contract }: { contract: ShownEarlierContract }) {
  const { t } = useTranslation();
  const { policyNumber, ending, changes, signedIn } = contract;
  return (
    <>
      <h4>{t(ending.kind === "application" ? "earlier.documents.heading.application" : "earlier.documents.heading")}</h4>
      <ul role="list" className="documents">
        <SignedPdf name={t("earlier.documents.application")} href={earlierSignedPdf(policyNumber)} signedIn={signedIn} />
        {ending.kind === "application" ? null : (
          <li>
            <DocumentLinks kind="policy" id={policyNumber} name={t("self_service.documents.policy")} />
          </li>
        )}
        {changes.map(({ version, signedIn }) => (
          <SignedPdf key={version} name={t("earlier.documents.change", { version })} href={earlierSignedPdf(policyNumber, version)} signedIn={signedIn} />
        ))}
      </ul>
    </>
  );
}

/** An earlier contract's invoices, each with its date, sum and what is still to pay (the data page's and its list's, docs/decisions/0301). */
export function EarlierInvoices({ invoices }: { invoices: EarlierContract["invoices"] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <ul role="list" className="documents">
      {invoices.map((invoice) => (
        <li key={invoice.pid}>
          <DocumentLinks kind="invoice" id={invoice.pid} name={t("earlier.invoice", { pid: invoice.pid })} />{" "}
          {t("earlier.invoice.details", { date: formatDate(invoice.date), sum: money(invoice.sum) })}:{" "}
          {invoice.dueDate ? t("earlier.invoice.due", { date: formatDate(invoice.dueDate) }) : t("withdrawal.bills.not_due")}
        </li>
      ))}
    </ul>
  );
}

function Contract({ contract }: { contract: ShownEarlierContract }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { policyNumber, ending, invoices, creditNotes } = contract;
  const id = `earlier-${policyNumber}`;
  return (
    <section aria-labelledby={id} className="panel">
      <h3 id={id}>{t(ending.kind === "application" ? "earlier.heading.application" : "earlier.heading", { policy: policyNumber })}</h3>
      <p>
        {ending.kind === "cancellation"
          ? t("earlier.ended.cancellation", { on: formatDate(ending.on), date: formatDate(ending.endDate) })
          : t(`earlier.ended.${ending.kind}`, { on: formatDate(ending.on) })}
      </p>
      <p>
        <DocumentLinks kind="ending" id={policyNumber} name={t(`doc.ending.title.${ending.kind}`)} /> {t(ending.kind === "application" ? "earlier.keep.application" : "earlier.keep")}
      </p>
      <SignedDocuments contract={contract} />
      <h4>{t("earlier.invoices.heading")}</h4>
      {invoices.length === 0 ? (
        <p>{t("earlier.invoices.none")}</p>
      ) : (
        <EarlierInvoices invoices={invoices} />
      )}
      {contract.olderInvoices > 0 ? (
        <p>
          {t("earlier.invoices.older", { count: contract.olderInvoices })}{" "}
          <a href={earlierInvoicesPath(policyNumber)}>{t("earlier.invoices.all", { total: invoices.length + contract.olderInvoices })}</a>
        </p>
      ) : null}
      {creditNotes.length > 0 ? (
        <>
          <h4>{t("withdrawal.credit_notes.heading")}</h4>
          <ul role="list" className="documents">
            {creditNotes.map((note) => (
              <li key={note.pid}>
                <DocumentLinks kind="credit-note" id={note.pid} name={t("earlier.credit_note", { pid: note.pid })} />{" "}
                {t("earlier.credit_note.details", { date: formatDate(note.date), invoice: note.invoicePid, sum: money(-note.sum) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The data page's earlier contracts, sent once: in the markup of a whole page, in the data of a later load (docs/decisions/0309). */
export function EarlierContracts({ contracts }: { contracts: ShownEarlierContract[] | null }) {
  return (
    <SentOnce part="earlier" data={contracts}>
      {(shown) => shown.map((contract) => <Contract key={contract.policyNumber} contract={contract} />)}
    </SentOnce>
  );
}
