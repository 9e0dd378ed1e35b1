/**
 * The `demo` signing provider: our own signing page (app/http/signing-demo.server.ts) in
 * the frame. It shows the application, its SHA-256 and a sign button; signing records a
 * demo signature on the signing row (external_id `signed@<time>`). The access token is an
 * HMAC of the signing token under the session secrets, so only the frame URL the core handed out opens the page.
 * The demo "signed document" is the application PDF itself: there is no signature container.
 */
import type { Clock } from "../clock.js";
import type { Queryable } from "../db/index.js";
import type { SealedDocuments } from "../documents/sealed.js";
import { SIGNING_ACTOR } from "../document-reads.js";
import type { SigningProvider } from "./provider.js";
import { signature, signedByAny, type Secrets } from "../signature.js";

const DEMO_SIGNING_BASE = "/sign/demo";
const SIGNED_PREFIX = "signed@";

/**
 * The demo page's access token of a signing: signed with the first session secret, taken when any
 * secret of the ring signed it, so a signing started on an app server whose ring has another
 * secret first (a rotation under way, docs/operations.md "Rotating keys") or before a restart is
 * opened, signed and completed on any other.
 */
export function demoAccessToken(secrets: Secrets, token: string): string {
  return signature(`demo-signing:${token}`, secrets);
}

export function demoSigningProvider(secrets: Secrets): SigningProvider {
  return {
    name: "demo",
    frameOrigin: null,
    async start({ token }) {
      return { baseUrl: DEMO_SIGNING_BASE, signingToken: token, accessToken: demoAccessToken(secrets, token), signingMethod: "demo", externalId: null };
    },
    async status({ externalId, document }) {
      if (externalId?.startsWith(SIGNED_PREFIX)) return { status: "signed", signedDocument: (await document()).bytes };
      return { status: "pending" };
    },
  };
}

/** The demo page's side: checks the access token and finds the pending signing. */
export function demoSigningDesk(db: Queryable, clock: Clock, secrets: Secrets, documents: SealedDocuments) {
  const valid = (token: string, accessToken: string) => signedByAny(`demo-signing:${token}`, accessToken, secrets);
  return {
    async open(token: string, accessToken: string) {
      if (!valid(token, accessToken)) return null;
      const rows = await db.query<{ customer_id: string | number; document_sha256: string; status: string; language: string; external_id: string | null; change: boolean }>(
        `SELECT customer_id, document_sha256, status, language, external_id, beneficiary_change_id IS NOT NULL AS change FROM signings WHERE token = $1 AND provider = 'demo'`,
        [token],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        customerId: Number(row.customer_id),
        sha256: row.document_sha256,
        language: row.language,
        pending: row.status === "pending",
        signed: row.external_id?.startsWith(SIGNED_PREFIX) ?? false,
        /** What is signed: the offer's application, or a policyholder's beneficiary change (docs/decisions/0145). */
        purpose: row.change ? ("beneficiary-change" as const) : ("offer" as const),
      };
    },
    /** The pending signing's document (health data: opened and the read audited), or null. */
    async document(token: string, accessToken: string): Promise<{ bytes: Uint8Array; sha256: string } | null> {
      if (!valid(token, accessToken)) return null;
      const rows = await db.query<{ id: string | number; customer_id: string | number; document: Uint8Array | null; document_sealed: boolean; document_sha256: string; change: boolean }>(
        `SELECT id, customer_id, document, document_sealed, document_sha256, beneficiary_change_id IS NOT NULL AS change FROM signings WHERE token = $1 AND provider = 'demo' AND status = 'pending'`,
        [token],
      );
      const row = rows[0];
      if (!row?.document) return null;
      const stored = { place: "signing" as const, id: Number(row.id), customerId: Number(row.customer_id), bytes: row.document, sealed: row.document_sealed, change: row.change };
      return { bytes: await documents.open(db, stored, SIGNING_ACTOR), sha256: row.document_sha256 };
    },
    /** The customer pressed sign: true when a pending signing was signed now (or before). */
    async sign(token: string, accessToken: string): Promise<boolean> {
      if (!valid(token, accessToken)) return false;
      const rows = await db.query<{ id: number }>(
        `UPDATE signings SET external_id = COALESCE(external_id, $2) WHERE token = $1 AND provider = 'demo' AND status = 'pending' RETURNING id`,
        [token, `${SIGNED_PREFIX}${clock.now().toISOString()}`],
      );
      return rows.length > 0;
    },
  };
}
