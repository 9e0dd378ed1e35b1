/**
 * What the confirmation page shows after signing (issue 22 item 7, docs/decisions/0141): the
 * signed documents the customer has, and whether the policy is in force yet.
 *
 * - A signed (or active) policy: the policy, the payment schedule and the application, as
 *   self-service shows them.
 * - Under extended underwriting: only the signed application; the policy and the schedule
 *   follow the underwriter's acceptance (which may move the start date).
 */
import type { Db } from "./db/index.js";
import type { PolicyStatus } from "./offer.js";
import { withdrawalUntil } from "./contract-term.js";
import { concludedOn } from "./withdrawal.js";
import { SIGNED_DOCUMENT_KINDS, type SignedDocumentKind } from "../lib/signed-documents.js";
import { isLanguage, type Language } from "../i18n/language.js";

export type { SignedDocumentKind };


/** The documents a policy in `status` has to show. */
export function signedDocumentKinds(status: PolicyStatus): SignedDocumentKind[] {
  if (status === "SIGNED" || status === "ACTIVE") return [...SIGNED_DOCUMENT_KINDS];
  if (status === "EUW") return ["application"];
  return [];
}

export interface SignedPolicy {
  status: PolicyStatus;
  startDate: string;
  /** The last day to withdraw (the days count from the signing, or the underwriter's acceptance); null before a contract is concluded. */
  withdrawalUntil: string | null;
  documents: SignedDocumentKind[];
  /** The language it was signed in: the signed application's PDF is the bytes signed, in it. */
  signedIn: Language;
}

export function signedDocumentsService({ db }: { db: Db }) {
  return {
    /** The customer's policy as the confirmation page shows it, or null without one. */
    async of(customerId: number): Promise<SignedPolicy | null> {
      // The latest: a customer who withdrew or cancelled may have signed again.
      const rows = await db.query<{ status: PolicyStatus; start_date: string; signed_at: Date | string; accepted_at: Date | string | null; language: string }>(
        `SELECT status, start_date, signed_at, accepted_at, language FROM policies WHERE customer_id = $1 ORDER BY id DESC LIMIT 1`,
        [customerId],
      );
      const row = rows[0];
      if (!row) return null;
      const startDate = String(row.start_date).slice(0, 10);
      const concluded = row.status !== "EUW" && row.status !== "DECLINED";
      const until = concluded ? withdrawalUntil(concludedOn(row.signed_at, row.accepted_at)) : null;
      return { status: row.status, startDate, withdrawalUntil: until, documents: signedDocumentKinds(row.status), signedIn: isLanguage(row.language) ? row.language : "et" };
    },
  };
}
