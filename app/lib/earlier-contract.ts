/**
 * The documents of a contract that ended, as the data page lists them while the customer signs
 * up again (docs/decisions/0272): the shape app/core/withdrawal.ts builds and
 * app/components/earlier-contract.tsx draws, and where each document is. Types and paths only:
 * the browser takes nothing from the core.
 */

/** One contract that ended (withdrawn or cancelled), newest first among the customer's. */
export interface EarlierContract {
  policyNumber: string;
  /** How it ended and when (`on`, a Tallinn date); a cancellation's last day of cover; an application withdrawn under underwriting (docs/decisions/0295). */
  ending: { kind: "withdrawal" | "application"; on: string } | { kind: "cancellation"; on: string; endDate: string };
  /** Its invoices, newest first: `dueDate` to pay by, null once credited (docs/decisions/0269). */
  invoices: { pid: string; date: string; dueDate: string | null; sum: number; creditNote: string | null }[];
  /** Its credit notes (a withdrawal's), newest first: `sum` the cents credited. */
  creditNotes: { pid: string; date: string; invoicePid: string; sum: number }[];
}

/**
 * The invoices the data page lists per earlier contract, newest first: any still to pay is among
 * them (due INVOICE_DUE_DAYS after its date, none issued after a cancellation's month), and the
 * page stays within its HTML budget (docs/decisions/0272). The older ones are counted, and are
 * in the download of the customer's data.
 */
const EARLIER_INVOICES_SHOWN = 6;

/** A contract as the data page shows it: its latest invoices, and how many older ones it has. */
export type ShownEarlierContract = EarlierContract & { olderInvoices: number };

export const shownEarlier = (contracts: EarlierContract[]): ShownEarlierContract[] =>
  contracts.map((c) => ({ ...c, invoices: c.invoices.slice(0, EARLIER_INVOICES_SHOWN), olderInvoices: Math.max(0, c.invoices.length - EARLIER_INVOICES_SHOWN) }));

export const EARLIER_DOCUMENT_KINDS = ["invoice", "credit-note", "ending"] as const;
export type EarlierDocumentKind = (typeof EARLIER_DOCUMENT_KINDS)[number];

/**
 * A document's web page: under the data page, the place every state may open, so it opens
 * whatever the state (`id`: the invoice's or credit note's number, the policy's for the ending).
 */
export const earlierDocumentPage = (kind: EarlierDocumentKind, id: string): string => `/self-service/data/earlier/${kind}/${encodeURIComponent(id)}`;

/** The same document's PDF, as the /api serves it, in `lng`. */
export function earlierDocumentPdf(kind: EarlierDocumentKind, id: string, lng?: string): string {
  const language = lng ? `lng=${lng}` : "";
  if (kind === "ending") return `/api/documents/ending?policy=${encodeURIComponent(id)}${language ? `&${language}` : ""}`;
  const path = `/api/${kind === "invoice" ? "invoices" : "credit-notes"}/${encodeURIComponent(id)}`;
  return language ? `${path}?${language}` : path;
}
