/**
 * The e-ID sign-in provider interface (PRODUCT.md section 2): `demo` (default, no network)
 * and `dokobit` (the Dokobit Identity Gateway).
 */

export const AUTH_RESULTS = ["SUCCESS", "LOCKED", "UNAUTHORIZED"] as const;
export type AuthResult = (typeof AUTH_RESULTS)[number];

export interface Identity {
  personalCode: string;
  firstName: string;
  lastName: string;
  /**
   * The phone number the person signed in with (Mobiil-ID), when it was typed in our own widget:
   * the account form offers it, so it is not asked twice in one process (WCAG 3.3.7).
   */
  phone?: string;
}

export type AuthOutcome =
  | { result: "SUCCESS"; authenticationMethod: string; identity: Identity }
  /** `personalCode`: whose attempt failed, when the provider says (the per-person limit counts it). */
  | { result: "LOCKED" | "UNAUTHORIZED"; authenticationMethod: string | null; personalCode?: string };

export interface EidSession {
  /** Handed to the widget (SPEC.md: "returns sessionToken for the widget"). */
  sessionToken: string;
  /** Where the provider's own sign-in page is, for providers that have one. */
  widgetUrl?: string;
}

export interface EidProvider {
  readonly name: "demo" | "dokobit";
  /**
   * Whether a SUCCESS proves the person (a real e-ID with its PIN): then no limit on the
   * client's address refuses it (docs/decisions/0024-sign-in-limits.md). The demo proves nothing.
   */
  readonly provesIdentity: boolean;
  /** Starts a sign-in with the provider; `returnUrl` is where the provider sends the customer back. */
  start(input: { returnUrl: string; locale: string }): Promise<EidSession>;
  /**
   * For providers whose sign-in page sends the customer back to `returnUrl`: the return
   * token in that request's query, or null.
   */
  returnTokenFrom?(query: URLSearchParams): string | null;
  /** Exchanges the widget's callback data for the outcome. */
  complete(input: { sessionToken: string; returnToken: string }): Promise<AuthOutcome>;
}

/** Thrown when the provider cannot be reached or answers in a way we do not understand. */
export class EidProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EidProviderError";
  }
}

/**
 * By name, not by class: the server bundle (build/server.js) and the Remix build each have
 * their own copy of the class, and the route sees the core's errors.
 */
export const isEidProviderError = (error: unknown): error is EidProviderError =>
  error instanceof Error && error.name === "EidProviderError";
