/**
 * What the offer page's signing screen needs in the browser: the signing config's frame
 * address and the message the demo signing page posts (app/core/signing/provider.ts holds
 * the providers themselves).
 */

/** SPEC.md section 3 "Signing config": the frame is `{baseUrl}/signing/{signingToken}?access_token={accessToken}`. */
export interface SigningConfig {
  baseUrl: string;
  signingToken: string;
  accessToken: string;
  signingMethod: string;
}

/** The frame URL of a signing config. */
export function signingFrameUrl(config: SigningConfig): string {
  const base = config.baseUrl.replace(/\/$/, "");
  return `${base}/signing/${encodeURIComponent(config.signingToken)}?access_token=${encodeURIComponent(config.accessToken)}`;
}

/** The signing token in a frame URL `signingFrameUrl` made: what a completion names (docs/decisions/0284). */
export function signingTokenOf(frameUrl: string): string | null {
  const match = /\/signing\/([^/?]+)\?/.exec(frameUrl);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The `source` of the demo signing page's postMessage to the offer page. */
export const DEMO_SIGNING_MESSAGE = "elukaitse-demo-signing";

/**
 * The signing frame's attribute while the page's screen hears its messages. The demo signing
 * page tells the page by a message only then; otherwise (the page not hydrated: an older browser,
 * its code not there yet or never) its form posts to the page, as without JavaScript, which
 * signs and concludes at once (docs/decisions/0381).
 */
export const FRAME_HEARD = "data-heard";

/**
 * The signing screen's address parameter (`?anew`) of the customer's choice to sign anew after a
 * signing the provider could not confirm: without it, entering the screen completes the latest
 * signing when it was signed, and starts nothing while the provider does not answer (docs/decisions/0289).
 */
export const SIGN_ANEW = "anew";

/**
 * The signing screen's address parameter (`?signed=<the frame's signing token>`) of the
 * customer's "I have signed — continue" under the frame, a plain form that works without our
 * JavaScript: the provider is asked about that signing, and while it has no signature yet the
 * same signing's frame is shown again (docs/decisions/0290).
 */
export const SIGNED_IN_FRAME = "signed";
