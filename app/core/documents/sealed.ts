/**
 * The application PDF holds the questionnaire summary (health data), so wherever it is kept
 * (the signing attempt, the signed policy) it is sealed with the health-data key, bound to
 * its customer and where it is kept, and every read is audited like a read of the answers.
 * Every writer seals before its INSERT (docs/decisions/0106): no row version ever holds the
 * plain PDF. Rows an older version stored plain (document_sealed = false) stay readable until
 * the operator seals them (`npm run ops -- reseal`, app/core/health-keys.ts).
 */
import type { Queryable } from "../db/index.js";
import type { AuditLog, HealthCipher } from "../health-data.js";

/** Where a document is kept: a signing attempt, the signed policy, a signed change of the policy (docs/decisions/0145). */
export type DocumentPlace = "signing" | "policy" | "policy-version";

const aad = (place: DocumentPlace, customerId: number) => `document:${place}:${customerId}`;

/** A document sealed for where it is kept (the signing flow, and the seed's signed policy). */
export const sealDocument = (cipher: HealthCipher, place: DocumentPlace, customerId: number, bytes: Uint8Array): Buffer =>
  cipher.sealBytes(bytes, aad(place, customerId));

/** Stored bytes as the document they hold (plain rows from before sealing as they are). No audit: use sealedDocuments().open. */
export const openDocument = (cipher: HealthCipher, place: DocumentPlace, customerId: number, bytes: Uint8Array, sealed: boolean): Uint8Array =>
  sealed ? cipher.openBytes(bytes, aad(place, customerId)) : new Uint8Array(bytes);

/**
 * The audit subject of a stored document: `signing-document:12`, `policy-document:3`; a signing
 * of a beneficiary change `change-signing-document:12`, so the access log names it as the change
 * it is, not as the application (app/core/my-data.ts).
 */
const documentSubject = (place: DocumentPlace, id: number, change = false) => `${change ? "change-" : ""}${place}-document:${id}`;

export function sealedDocuments(cipher: HealthCipher, audit: AuditLog) {
  return {
    seal: (place: DocumentPlace, customerId: number, bytes: Uint8Array): Buffer => sealDocument(cipher, place, customerId, bytes),

    /**
     * The stored bytes opened, the read recorded (who read which document, never its content);
     * an operator's read (`by`, npm run ops -- euw application) with their stated reason and name.
     */
    async open(
      q: Queryable,
      stored: { place: DocumentPlace; id: number; customerId: number; bytes: Uint8Array; sealed: boolean; change?: boolean },
      actor = `customer:${stored.customerId}`,
      by?: { reason: string; operator: string | null },
    ): Promise<Uint8Array> {
      const bytes = openDocument(cipher, stored.place, stored.customerId, stored.bytes, stored.sealed);
      await audit.record(
        { customerId: stored.customerId, actor, action: "read", subject: documentSubject(stored.place, stored.id, stored.change), reason: by?.reason, operator: by?.operator },
        q,
      );
      return bytes;
    },
  };
}

export type SealedDocuments = ReturnType<typeof sealedDocuments>;
