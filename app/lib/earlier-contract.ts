/**
 * The documents of a contract that ended, as the data page lists them while the customer signs
 * up again (docs/decisions/0272): the shape app/core/withdrawal.ts builds and
 * app/components/earlier-contract.tsx draws, and where each document is. Types and paths only:
 * the browser takes nothing from the core.
 */

import type { Language } from "../i18n/language";

/** One contract that ended (withdrawn or cancelled), newest first among the customer's. */
export interface EarlierContract {
  policyNumber: string;
  /** How it ended and when (`on`, a Tallinn date); a cancellation's last day of cover; an application withdrawn under underwriting (docs/decisions/0295). */
  ending: { kind: "withdrawal" | "application"; on: string } | { kind: "cancellation"; on: string; endDate: string };
  /** Its invoices, newest first: `dueDate` to pay by, null once credited (docs/decisions/0269). */
  invoices: { pid: string; date: string; dueDate: string | null; sum: number; creditNote: string | null }[];
  /** Its credit notes (a withdrawal's), newest first: `sum` the cents credited. */
  creditNotes: { pid: string; date: string; invoicePid: string; sum: number }[];
  /**
   * The versions of its policy a signed change of beneficiaries made (2, 3, …), oldest first,
   * each with its signed document (docs/decisions/0309). Its signed application is always there;
   * its policy document, unless it was an application withdrawn (no contract was concluded).
   * Each signed document is the bytes signed, in the language it was signed in (`signedIn`: a
   * change's null when its signing is not known).
   */
  changes: { version: number; signedIn: Language | null }[];
  /** The language its application was signed in: its signed PDF's. */
  signedIn: Language;
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

/**
 * The invoices a page of one earlier contract's list holds (docs/decisions/0301): two years'
 * monthly invoices, within the page's HTML budget in every language; a contract may run for
 * decades.
 */
export const EARLIER_INVOICES_PAGE_SIZE = 24;

/** One page of an earlier contract's every invoice, newest first. */
export interface EarlierInvoicesPage {
  policyNumber: string;
  invoices: EarlierContract["invoices"];
  total: number;
  page: number;
  pages: number;
}

/** Page `page` of the contract's invoices, or null past the last (a contract without invoices has one page, empty). */
export function earlierInvoicesPage(contract: EarlierContract, page: number): EarlierInvoicesPage | null {
  const total = contract.invoices.length;
  const pages = Math.max(1, Math.ceil(total / EARLIER_INVOICES_PAGE_SIZE));
  if (page < 1 || page > pages) return null;
  const invoices = contract.invoices.slice((page - 1) * EARLIER_INVOICES_PAGE_SIZE, page * EARLIER_INVOICES_PAGE_SIZE);
  return { policyNumber: contract.policyNumber, invoices, total, page, pages };
}

/** The page listing every invoice of the earlier contract `policyNumber`, under the data page as its documents are. */
export const earlierInvoicesPath = (policyNumber: string, page = 1): string =>
  `/self-service/data/earlier/invoices/${encodeURIComponent(policyNumber)}${page > 1 ? `?page=${page}` : ""}`;

export const EARLIER_DOCUMENT_KINDS = ["invoice", "credit-note", "ending", "policy"] as const;
export type EarlierDocumentKind = (typeof EARLIER_DOCUMENT_KINDS)[number];

/**
 * A document's web page: under the data page, the place every state may open, so it opens
 * whatever the state (`id`: the invoice's or credit note's number, the policy's for the ending
 * and the policy document).
 */
export const earlierDocumentPage = (kind: EarlierDocumentKind, id: string): string => `/self-service/data/earlier/${kind}/${encodeURIComponent(id)}`;

/** The same document's PDF, as the /api serves it, in `lng`. */
export function earlierDocumentPdf(kind: EarlierDocumentKind, id: string, lng?: string): string {
  const language = lng ? `lng=${lng}` : "";
  if (kind === "ending" || kind === "policy") return `/api/documents/${kind}?policy=${encodeURIComponent(id)}${language ? `&${language}` : ""}`;
  const path = `/api/${kind === "invoice" ? "invoices" : "credit-notes"}/${encodeURIComponent(id)}`;
  return language ? `${path}?${language}` : path;
}

/**
 * A signed document of the earlier contract `policyNumber` as its PDF, the bytes signed
 * (docs/decisions/0309): its application, or with `version` the change of beneficiaries that
 * made that version. No web page: drawing them again would not be what was signed (the health
 * answers are the new application's now).
 */
export const earlierSignedPdf = (policyNumber: string, version?: number): string =>
  `/api/${version === undefined ? "documents/application" : `self-service/policy/versions/${version}/change`}?policy=${encodeURIComponent(policyNumber)}`;
