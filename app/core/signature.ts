/**
 * HMAC-SHA256 signatures under the session secrets (SESSION_SECRETS, docs/decisions/0107): the
 * first secret signs, every one verifies, so a secret rotates without invalidating what the
 * older one signed. The session cookie and the pending sign-in (app/core/pending-sign-in.ts)
 * sign with it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** One secret (a test's, the single SESSION_SECRET) or the ring, first secret first. */
export type Secrets = string | readonly string[];

export const ringOf = (secrets: Secrets): readonly string[] => (typeof secrets === "string" ? [secrets] : secrets);

/** The signature of `value` under the first secret. */
export function signature(value: string, secrets: Secrets): string {
  return createHmac("sha256", ringOf(secrets)[0]).update(value).digest("base64url");
}

/** Whether `given` is the signature of `value` under any of the secrets (in constant time per secret). */
export function signedByAny(value: string, given: string, secrets: Secrets): boolean {
  const givenBytes = Buffer.from(given);
  return ringOf(secrets).some((secret) => {
    const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64url"));
    return givenBytes.length === expected.length && timingSafeEqual(givenBytes, expected);
  });
}
