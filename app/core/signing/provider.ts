/**
 * Signing providers behind one interface (PRODUCT.md section 8): `demo` (our own signing
 * page, no network) and `dokobit` (the Dokobit Documents Gateway). The core starts a signing
 * for the application PDF and later asks the provider whether it was signed.
 */
import type { SigningConfig } from "../../lib/signing.js";

export interface SigningSigner {
  personalCode: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

export interface SigningDocument {
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
}

export interface SigningStarted extends SigningConfig {
  /** The provider's reference for status calls, stored with the signing. */
  externalId: string | null;
}

export type SigningStatus =
  | { status: "signed"; signedDocument: Uint8Array }
  | { status: "pending" }
  | { status: "failed"; reason: string };

export interface SigningProvider {
  readonly name: "demo" | "dokobit";
  /** The frame's origin when it is not ours (for the CSP frame-src), else null. */
  readonly frameOrigin: string | null;
  start(input: { token: string; document: SigningDocument; signer: SigningSigner; language: string }): Promise<SigningStarted>;
  /** `document` opens the document sent (its read is recorded): asked for only when needed. */
  status(input: { token: string; externalId: string | null; document: () => Promise<SigningDocument> }): Promise<SigningStatus>;
}

export class SigningProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SigningProviderError";
  }
}
