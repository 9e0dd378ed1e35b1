/**
 * The application PDF holds the questionnaire summary (health data), so wherever it is kept
 * (the signing attempt, the signed policy) it is sealed with the health-data key, bound to
 * its customer and where it is kept, and every read is audited like a read of the answers.
 * Rows stored before sealing (document_sealed = false) stay readable and are sealed at the
 * next start (sealStoredDocuments, run by app/core/startup.ts).
 */
import type { Db, Queryable } from "../db/index.js";
import type { AuditLog, HealthCipher } from "../health-data.js";

export type DocumentPlace = "signing" | "policy";

const aad = (place: DocumentPlace, customerId: number) => `document:${place}:${customerId}`;

/** A document sealed for where it is kept (the signing flow, and the seed's signed policy). */
export const sealDocument = (cipher: HealthCipher, place: DocumentPlace, customerId: number, bytes: Uint8Array): Buffer =>
  cipher.sealBytes(bytes, aad(place, customerId));

/** Stored bytes as the document they hold (plain rows from before sealing as they are). No audit: use sealedDocuments().open. */
export const openDocument = (cipher: HealthCipher, place: DocumentPlace, customerId: number, bytes: Uint8Array, sealed: boolean): Uint8Array =>
  sealed ? cipher.openBytes(bytes, aad(place, customerId)) : new Uint8Array(bytes);

/** The audit subject of a stored document: `signing-document:12`, `policy-document:3`. */
export const documentSubject = (place: DocumentPlace, id: number) => `${place}-document:${id}`;

export function sealedDocuments(cipher: HealthCipher, audit: AuditLog) {
  return {
    seal: (place: DocumentPlace, customerId: number, bytes: Uint8Array): Buffer => sealDocument(cipher, place, customerId, bytes),

    /** The stored bytes opened, the read recorded (who read which document, never its content). */
    async open(
      q: Queryable,
      stored: { place: DocumentPlace; id: number; customerId: number; bytes: Uint8Array; sealed: boolean },
      actor = `customer:${stored.customerId}`,
    ): Promise<Uint8Array> {
      const bytes = openDocument(cipher, stored.place, stored.customerId, stored.bytes, stored.sealed);
      await audit.record({ customerId: stored.customerId, actor, action: "read", subject: documentSubject(stored.place, stored.id) }, q);
      return bytes;
    },
  };
}

export type SealedDocuments = ReturnType<typeof sealedDocuments>;

/** Seals the documents stored in plain form (before migration 0006); returns how many. */
export async function sealStoredDocuments(db: Db, cipher: HealthCipher): Promise<number> {
  let sealed = 0;
  for (const { table, column, place } of [
    { table: "signings", column: "document", place: "signing" as const },
    { table: "policies", column: "signed_document", place: "policy" as const },
  ]) {
    // One row per statement: a document is up to a few hundred kilobytes.
    for (;;) {
      const rows = await db.query<{ id: string | number; customer_id: string | number; bytes: Uint8Array }>(
        `SELECT id, customer_id, ${column} AS bytes FROM ${table} WHERE NOT document_sealed AND ${column} IS NOT NULL ORDER BY id LIMIT 1`,
      );
      const row = rows[0];
      if (!row) break;
      const bytes = sealDocument(cipher, place, Number(row.customer_id), new Uint8Array(row.bytes));
      await db.query(`UPDATE ${table} SET ${column} = $2, document_sealed = true WHERE id = $1 AND NOT document_sealed`, [row.id, bytes]);
      sealed++;
    }
  }
  return sealed;
}
