/** A stored document (signings.document, policies.signed_document) opened with the test key, as the core opens it. */
import { openDocument, type DocumentPlace } from "~/core/documents/sealed";
import { healthCipher } from "~/core/health-data";
import { seedPolicyholder } from "~/core/demo/policyholder";
import type { TestApp } from "./app";

export function openStored(app: TestApp, place: DocumentPlace, row: { customer_id: string | number; document: Uint8Array; document_sealed: boolean }): Uint8Array {
  return openDocument(healthCipher(app.config.healthDataKeys), place, Number(row.customer_id), new Uint8Array(row.document), row.document_sealed);
}

/**
 * Makes the customer (`code`) a policyholder whose application PDF is stored plain, as a release
 * before sealing (migration 0006) stored it; answers the document's SHA-256.
 */
export async function policyholderWithPlainDocument(app: TestApp, customerId: number, code: string): Promise<string> {
  await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), code);
  const [sealed] = await app.core.db.query<{ signed_document: Uint8Array; document_sealed: boolean; customer_id: string; document_sha256: string }>(
    `SELECT signed_document, document_sealed, customer_id, document_sha256 FROM policies WHERE customer_id = $1`,
    [customerId],
  );
  const plain = Buffer.from(openStored(app, "policy", { ...sealed, document: sealed.signed_document }));
  await app.core.db.query(`UPDATE policies SET signed_document = $2, document_sealed = false WHERE customer_id = $1`, [customerId, plain]);
  return sealed.document_sha256;
}
