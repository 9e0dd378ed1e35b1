/** The signed documents the confirmation page links (issue 22 item 7), isomorphic: the kinds and their PDFs' paths. */
export const SIGNED_DOCUMENT_KINDS = ["policy", "payment-schedule", "application"] as const;
export type SignedDocumentKind = (typeof SIGNED_DOCUMENT_KINDS)[number];

/**
 * The PDFs: the policy and schedule as self-service has them; the application through the
 * offer's path, which has it from signing on (also under extended underwriting).
 */
export const SIGNED_DOCUMENT_PDFS: Record<SignedDocumentKind, string> = {
  policy: "/api/documents/policy",
  "payment-schedule": "/api/documents/payment-schedule",
  application: "/api/onboarding/documents/application",
};
