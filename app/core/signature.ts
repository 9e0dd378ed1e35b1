/**
 * HMAC-SHA256 signatures under the session secrets (SESSION_SECRETS, docs/decisions/0107): the
 * first secret signs, every one verifies, so a secret rotates without invalidating what the
 * older one signed. The session cookie and the pending sign-in (app/core/pending-sign-in.ts)
 * sign with it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** One secret (a test's, the single SESSION_SECRET) or the ring, first secret first. */
export type Secrets = string | readonly string[];

const ringOf = (secrets: Secrets): readonly string[] => (typeof secrets === "string" ? [secrets] : secrets);

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

/**
 * A signed token: `base64url(JSON).signature` over `{purpose}.{body}`. The purpose (with its
 * version) keeps a token signed for one thing from ever verifying as another (a pending
 * sign-in, a pending withdrawal). Bounded to 4 KB, a cookie's size.
 */
export function sealToken(purpose: string, payload: object, secrets: Secrets): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${signature(`${purpose}.${body}`, secrets)}`;
}

/** What a token sealed for `purpose` under any of the secrets holds (unchecked JSON), or null. */
export function openToken(purpose: string, token: string | null | undefined, secrets: Secrets): unknown {
  if (!token || token.length > 4096) return null;
  const dot = token.indexOf(".");
  if (dot <= 0 || token.indexOf(".", dot + 1) !== -1) return null;
  const body = token.slice(0, dot);
  if (!signedByAny(`${purpose}.${body}`, token.slice(dot + 1), secrets)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}
