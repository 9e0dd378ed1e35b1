/**
 * Reads of a customer's documents (the policy, the payment schedule, the application, an
 * invoice; as PDF or as web page) recorded in the audit table like reads of health data, so
 * the customer's access log (app/core/my-data.ts, docs/decisions/0135) shows every one. The
 * signed application's stored PDF is recorded by app/core/documents/sealed.ts
 * (`policy-document:<id>`, `signing-document:<id>`); these are the documents drawn on request.
 */
import type { Queryable } from "./db/index.js";
import type { AuditLog } from "./health-data.js";

export const READ_DOCUMENTS = ["policy", "payment-schedule", "application", "invoice", "credit-note", "ending"] as const;
export type ReadDocument = (typeof READ_DOCUMENTS)[number];
export const DOCUMENT_FORMATS = ["pdf", "web"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/**
 * `document:<kind>:<format>`, an invoice's and a credit note's with its number, an ending's
 * confirmation with its policy's: `document:invoice:pdf:EK-3-202611`, `document:ending:web:EK-3`.
 */
const documentReadSubject = (kind: ReadDocument, format: DocumentFormat, reference?: string): string =>
  `document:${kind}:${format}${reference ? `:${reference}` : ""}`;

/** The document read by the customer themselves (the only reader of these documents). */
export const recordDocumentRead = (
  audit: AuditLog,
  read: { customerId: number; kind: ReadDocument; format: DocumentFormat; reference?: string },
  q?: Queryable,
): Promise<void> =>
  audit.record({ customerId: read.customerId, actor: `customer:${read.customerId}`, action: "read", subject: documentReadSubject(read.kind, read.format, read.reference) }, q);

/**
 * Who opens the application to sign it: the signing service (the demo desk, or the document
 * sent to Dokobit), not the customer, though the customer's own signing started it.
 */
export const SIGNING_ACTOR = "system:signing";
