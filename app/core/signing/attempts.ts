/**
 * Attempts at signing a document through the provider (the `signings` table): the offer's
 * application and a policyholder's beneficiary change (docs/decisions/0145) start, fail and
 * check their attempts here, so both keep the same rules: each start is a new attempt, only the
 * latest one counts, an ended attempt keeps no copy of its document (sealed while it waits), and
 * a refusal's text is kept to 2 000 characters. What a signature then does (a policy, a policy
 * version) stays with its use case.
 */
import { randomBytes } from "node:crypto";
import type { Language } from "../../lib/euro.js";
import type { SigningConfig } from "../../lib/signing.js";
import type { Clock } from "../clock.js";
import type { Customer } from "../customers.js";
import type { Db, Queryable } from "../db/index.js";
import type { SealedDocuments } from "../documents/sealed.js";
import type { HealthCipher } from "../health-data.js";
import type { Failure, Outcome } from "../outcome.js";
import { SigningProviderError, type SigningDocument, type SigningProvider, type SigningStatus } from "./provider.js";

/**
 * What an attempt signs: the application, with the terms the document states (the policy keeps
 * them), or a pending beneficiary change. An application's start ends every pending attempt of
 * the customer (one stored application while signing); a change's, the pending changes' only.
 */
type SigningSubject = { kind: "application"; terms: unknown } | { kind: "change"; changeId: number };

/** What a checked attempt comes to: a signature to conclude, or a failure to record. */
type Concluding = Exclude<SigningStatus, { status: "pending" }>;

/**
 * What a completion says: the provider's errors (absent when it reports a signature) and the
 * signing it comes from, the frame's token (absent from older clients: the latest is meant).
 */
export interface SigningCompletion {
  errors?: string | null;
  signingToken?: string | null;
}

interface SigningAttempt {
  id: number;
  token: string;
  externalId: string | null;
  document: Uint8Array | null;
  documentSealed: boolean;
  sha256: string;
  status: string;
  language: Language;
  /** The application's terms as signed (null for a change, and for attempts from before migration 0010). */
  terms: unknown;
  /** The beneficiary change signed (null for the application). */
  changeId: number | null;
  /** The frame it was started with, sealed (null once the attempt ended, and for attempts from before migration 0025). */
  frame: string | null;
}

interface AttemptRow {
  id: string | number;
  token: string;
  external_id: string | null;
  document: Uint8Array | null;
  document_sealed: boolean;
  document_sha256: string;
  status: string;
  language: Language;
  terms: unknown;
  beneficiary_change_id: string | number | null;
  frame_sealed: string | null;
}

/**
 * What the customer's "I have signed — continue" under the frame comes to (docs/decisions/0290):
 * concluded ("signed"), failed at the provider ("failed"), not signed yet and the same signing's
 * frame to show again ("waiting"), or why nothing could be said (the provider not answering,
 * the signing ended or another tab's), as the completion's refusal.
 */
export type FrameContinued =
  | { outcome: "signed" | "failed" }
  | { outcome: "waiting"; frame: SigningConfig }
  | { outcome: "refused"; code: string };

/** The additional data the frame of a customer's attempt is sealed with (app/core/health-keys.ts). */
const frameAad = (customerId: number) => `signing-frame:${customerId}`;

/**
 * An attempt that ends forgets its document and its frame: the frame's access token opens the
 * document at the provider (docs/decisions/0290).
 */
export const ENDED = "document = NULL, frame_sealed = NULL";

/**
 * A save of one of the application's steps ends its running signing (docs/decisions/0284): the
 * document shown for signing states the answers, beneficiaries and contacts as they were, and a
 * completion must never conclude a contract the steps now tell otherwise (the underwriting
 * decided on answers the customer did not sign). Called in the save's transaction, under the
 * customer's row lock, as the completion concludes under it (`conclude`).
 */
export async function endApplicationSignings(q: Queryable, clock: Clock, customerId: number): Promise<void> {
  await q.query(
    `UPDATE signings SET status = 'failed', errors = 'the application changed after the signing started', ${ENDED}, completed_at = $2
     WHERE customer_id = $1 AND status = 'pending' AND beneficiary_change_id IS NULL`,
    [customerId, clock.now()],
  );
}

/** Whether `signed` is `document`'s bytes with only something after them. */
const carries = (signed: Uint8Array, document: Uint8Array) =>
  signed.length >= document.length && Buffer.from(signed.buffer, signed.byteOffset, document.length).equals(Buffer.from(document));

/** The attempts a start ends and `latest` reads: every one of the customer's, or the changes' only. */
const scope = (kind: SigningSubject["kind"]) => (kind === "change" ? "AND beneficiary_change_id IS NOT NULL" : "");

/**
 * Whether a completion naming the signing it comes from (`token`, the frame's) is about another
 * attempt than `latest`: an older tab's, which the latest's start ended. Its outcome is that
 * tab's; the latest attempt, another tab's, is left as it is. The frame's token is the
 * provider's signing token: ours on the demo page, the gateway's (the attempt's external id) on
 * Dokobit's (docs/decisions/0289).
 */
const namesAnother = (latest: Pick<SigningAttempt, "token" | "externalId"> | null, token: string | null | undefined): boolean =>
  Boolean(token) && latest?.token !== token && latest?.externalId !== token;

export function signingAttempts(deps: { db: Db; clock: Clock; provider: SigningProvider; documents: SealedDocuments; cipher: HealthCipher }) {
  const { db, clock, provider, documents, cipher } = deps;
  /** The customer's latest attempt of this kind, or null. */
  async function latest(customerId: number, kind: SigningSubject["kind"]): Promise<SigningAttempt | null> {
    const [row] = await db.query<AttemptRow>(
      `SELECT id, token, external_id, document, document_sealed, document_sha256, status, language, terms, beneficiary_change_id, frame_sealed FROM signings
       WHERE customer_id = $1 ${scope(kind)} ORDER BY created_at DESC, id DESC LIMIT 1`,
      [customerId],
    );
    if (!row) return null;
    return {
      id: Number(row.id),
      token: row.token,
      externalId: row.external_id,
      document: row.document,
      documentSealed: row.document_sealed,
      sha256: row.document_sha256,
      status: row.status,
      language: row.language,
      terms: row.terms,
      changeId: row.beneficiary_change_id === null ? null : Number(row.beneficiary_change_id),
      frame: row.frame_sealed,
    };
  }

  return {
    /**
     * Starts a signing of `document` for the customer: a new attempt, the latest of its kind. A
     * provider that refuses or cannot be reached is the customer's "try again later"
     * (`error.signing_unavailable`), on the signing screen as on the /api, not an error page;
     * nothing is stored, and the attempt before stays as it was.
     */
    async start(
      customer: Pick<Customer, "id" | "personalCode" | "firstName" | "lastName">,
      input: { subject: SigningSubject; document: SigningDocument; phone: string | null; language: Language },
    ): Promise<Outcome<SigningConfig, Failure[]>> {
      const { subject, document, language } = input;
      const token = randomBytes(24).toString("base64url");
      let started;
      try {
        started = await provider.start({
          token,
          document,
          signer: { personalCode: customer.personalCode, firstName: customer.firstName, lastName: customer.lastName, phone: input.phone },
          language,
        });
      } catch (error) {
        if (error instanceof SigningProviderError) return { ok: false, failure: [{ code: "error.signing_unavailable" }] };
        throw error;
      }
      const { baseUrl, signingToken, accessToken, signingMethod } = started;
      // Kept to show the same signing again when the customer says they signed and the provider
      // has no signature yet (docs/decisions/0290): sealed, as the access token opens the document.
      const frame: SigningConfig = { baseUrl, signingToken, accessToken, signingMethod };
      await db.transaction(async (tx) => {
        // The customer's row first, as the completion takes it before the attempt it signs
        // (docs/decisions/0276): the new attempt's row share-locks the customer, so a start
        // ending the attempt a completion was signing deadlocked with it.
        await tx.query(`SELECT 1 FROM customers WHERE id = $1 FOR UPDATE`, [customer.id]);
        // Only the latest attempt counts: the ones before it are over, and their documents go.
        await tx.query(
          `UPDATE signings SET status = 'failed', errors = 'superseded by a new signing', ${ENDED}, completed_at = $2
           WHERE customer_id = $1 AND status = 'pending' ${scope(subject.kind)}`,
          [customer.id, clock.now()],
        );
        await tx.query(
          `INSERT INTO signings (customer_id, provider, token, external_id, document, document_sealed, document_sha256, language, status, created_at, terms, beneficiary_change_id, frame_sealed)
           VALUES ($1, $2, $3, $4, $5, true, $6, $7, 'pending', $8, $9, $10, $11)`,
          [
            customer.id,
            provider.name,
            token,
            started.externalId,
            documents.seal("signing", customer.id, document.bytes),
            document.sha256,
            language,
            clock.now(),
            subject.kind === "application" ? JSON.stringify(subject.terms) : null,
            subject.kind === "change" ? subject.changeId : null,
            cipher.encrypt(frame, frameAad(customer.id)),
          ],
        );
      });
      return { ok: true, value: frame };
    },

    latest,

    /**
     * The signature recorded, in the transaction that acts on it (a policy, a policy version),
     * under the customer's row lock: false when the attempt is no longer pending (a new signing
     * started, or what it signs changed, while the provider was asked), and then nothing may be
     * concluded from it.
     */
    async conclude(tx: Queryable, attempt: Pick<SigningAttempt, "id">): Promise<boolean> {
      const rows = await tx.query(`UPDATE signings SET status = 'signed', ${ENDED}, completed_at = $2 WHERE id = $1 AND status = 'pending' RETURNING id`, [
        attempt.id,
        clock.now(),
      ]);
      return rows.length > 0;
    },

    namesAnother,

    /**
     * A pending attempt failed (the signer's cancel, the provider's refusal): recorded, its
     * document gone. "recorded" when this call recorded it; else how it had ended before: "failed"
     * (a repeat, or one racing it) or "signed" (a completion concluded it first: the cancel came
     * too late, and the signature stands).
     */
    async fail(attempt: Pick<SigningAttempt, "id">, why: string): Promise<"recorded" | "failed" | "signed"> {
      const rows = await db.query(`UPDATE signings SET status = 'failed', errors = $2, ${ENDED}, completed_at = $3 WHERE id = $1 AND status = 'pending' RETURNING id`, [
        attempt.id,
        why.slice(0, 2000),
        clock.now(),
      ]);
      if (rows.length > 0) return "recorded";
      const ended = await db.query<{ status: string }>(`SELECT status FROM signings WHERE id = $1`, [attempt.id]);
      return ended[0]?.status === "signed" ? "signed" : "failed";
    },

    /**
     * What the provider says of a pending attempt: signed (with the signed file) or failed, or
     * why there is nothing to conclude yet. Not pending any more, or keeping no document, is
     * `error.signing_ended`; not signed yet, `error.signing_not_done`; a provider that fails to
     * answer (a timeout, a 5xx, an answer it does not speak) is `error.signing_unconfirmed`, the
     * customer's "could not be confirmed yet, try again": the attempt stays pending, and trying
     * again asks about the same signing (docs/decisions/0289). The document it was started with
     * is opened (the read recorded as `actor`'s) only when the provider hands back a signed file.
     */
    async check(customerId: number, attempt: SigningAttempt, fileName: string, actor?: string): Promise<Outcome<Concluding, Failure[]>> {
      if (attempt.status !== "pending" || !attempt.document) return { ok: false, failure: [{ code: "error.signing_ended" }] };
      const stored = { place: "signing" as const, id: attempt.id, customerId, bytes: attempt.document, sealed: attempt.documentSealed, change: attempt.changeId !== null };
      let opened: Promise<SigningDocument> | null = null;
      const document = () => (opened ??= documents.open(db, stored, actor).then((bytes) => ({ fileName, bytes, sha256: attempt.sha256 })));
      let status: SigningStatus;
      try {
        status = await provider.status({ token: attempt.token, externalId: attempt.externalId, document });
      } catch (error) {
        if (error instanceof SigningProviderError) return { ok: false, failure: [{ code: "error.signing_unconfirmed" }] };
        throw error;
      }
      if (status.status === "pending") return { ok: false, failure: [{ code: "error.signing_not_done" }] };
      // What the provider hands back as signed must be the document sent, unchanged, with the
      // signature after it (a PDF signature is an incremental update: docs/decisions/0285); a
      // file that is another document (another signing's, another customer's) is not a signature
      // of this one.
      if (status.status === "signed" && !carries(status.signedDocument, (await document()).bytes)) {
        return { ok: true, value: { status: "failed", reason: "the signed file is not the document sent for signing" } };
      }
      return { ok: true, value: status };
    },

    /**
     * The signing screen's entry, before it starts a new signing (docs/decisions/0289): the
     * latest attempt, still pending, that the provider reports signed is completed (`complete`,
     * the use case's completion, naming it), not replaced. A customer whose session ended after
     * signing in the frame signs in again and lands here; a completion the provider failed to
     * confirm is asked again here without JavaScript. "signed" when it concluded now (or before);
     * "unconfirmed" when the provider still does not answer (the screen says so and starts
     * nothing: a new signing would end one the customer may have signed); null when there is
     * nothing to complete (none pending, not signed, failed at the provider): start anew.
     */
    async resume(
      customerId: number,
      kind: SigningSubject["kind"],
      complete: (completion: SigningCompletion) => Promise<Outcome<{ result: "SIGNED" | "FAILED" }, Failure[]>>,
    ): Promise<"signed" | "unconfirmed" | null> {
      const attempt = await latest(customerId, kind);
      if (attempt?.status !== "pending") return null;
      const completed = await complete({ signingToken: attempt.token });
      if (completed.ok) return completed.value.result === "SIGNED" ? "signed" : null;
      return completed.failure.some((f) => f.code === "error.signing_unconfirmed") ? "unconfirmed" : null;
    },

    /**
     * The customer's "I have signed — continue" under the frame, which works without our
     * JavaScript (docs/decisions/0290): the provider is asked about the signing the frame showed
     * (`token`, the frame's, as a completion names it), never the latest of another tab. Signed,
     * it is concluded (once: a resend answers the same); not signed yet, the same signing's frame
     * is shown again, not a new signing, which would end the one the customer may be signing in.
     */
    async continueAfterFrame(
      customerId: number,
      kind: SigningSubject["kind"],
      token: string,
      complete: (completion: SigningCompletion) => Promise<Outcome<{ result: "SIGNED" | "FAILED" }, Failure[]>>,
    ): Promise<FrameContinued> {
      const completed = await complete({ signingToken: token });
      if (completed.ok) return { outcome: completed.value.result === "SIGNED" ? "signed" : "failed" };
      const code = completed.failure[0]?.code ?? "error.technical";
      if (code === "error.signing_not_done") {
        const attempt = await latest(customerId, kind);
        if (attempt?.status === "pending" && attempt.frame && !namesAnother(attempt, token)) {
          return { outcome: "waiting", frame: cipher.decrypt<SigningConfig>(attempt.frame, frameAad(customerId)) };
        }
      }
      return { outcome: "refused", code };
    },
  };
}
