/** A stored document (signings.document, policies.signed_document) opened with the test key, as the core opens it. */
import { openDocument, type DocumentPlace } from "~/core/documents/sealed";
import { healthCipher } from "~/core/health-data";
import type { TestApp } from "./app";

export function openStored(app: TestApp, place: DocumentPlace, row: { customer_id: string | number; document: Uint8Array; document_sealed: boolean }): Uint8Array {
  return openDocument(healthCipher(app.config.healthDataKeys), place, Number(row.customer_id), new Uint8Array(row.document), row.document_sealed);
}
