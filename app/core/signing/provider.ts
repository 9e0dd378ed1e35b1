/**
 * Signing providers behind one interface (PRODUCT.md section 8): `demo` (our own signing
 * page, no network) and `dokobit` (the Dokobit Documents Gateway). The core starts a signing
 * for the application PDF and later asks the provider whether it was signed.
 */

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

/** SPEC.md section 3 "Signing config": the frame is `{baseUrl}/signing/{signingToken}?access_token={accessToken}`. */
export interface SigningConfig {
  baseUrl: string;
  signingToken: string;
  accessToken: string;
  signingMethod: string;
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
  status(input: { token: string; externalId: string | null; document: SigningDocument }): Promise<SigningStatus>;
}

export class SigningProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SigningProviderError";
  }
}

/** The frame URL of a signing config. */
export function signingFrameUrl(config: SigningConfig): string {
  const base = config.baseUrl.replace(/\/$/, "");
  return `${base}/signing/${encodeURIComponent(config.signingToken)}?access_token=${encodeURIComponent(config.accessToken)}`;
}

/** The `source` of the demo signing page's postMessage to the offer page. */
export const DEMO_SIGNING_MESSAGE = "elukaitse-demo-signing";
