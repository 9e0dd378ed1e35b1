/**
 * The `session` cookie (SPEC.md section 3: 1 day, SameSite strict, Secure; and HttpOnly).
 * It carries only a random token, signed with the session secrets (SESSION_SECRETS): the
 * first signs, every one verifies, so a secret rotates without signing anyone out
 * (docs/decisions/0107). The session itself is a row.
 */
import { parse, serialize } from "cookie";
import { signature, signedByAny, type Secrets } from "../core/signature.js";
import { SESSION_TTL_MS } from "../core/sessions.js";

export const SESSION_COOKIE = "session";

const options = {
  httpOnly: true,
  secure: true,
  sameSite: "strict" as const,
  path: "/",
};

/** The cookie for `token`, signed with the first secret. */
export function sessionCookie(token: string, secrets: Secrets): string {
  return serialize(SESSION_COOKIE, `${token}.${signature(token, secrets)}`, { ...options, maxAge: SESSION_TTL_MS / 1000 });
}

export function clearedSessionCookie(): string {
  return serialize(SESSION_COOKIE, "", { ...options, maxAge: 0, expires: new Date(0) });
}

/** The session token from a Cookie header when its signature holds under any of the secrets, else null. */
export function readSessionToken(cookieHeader: string | null | undefined, secrets: Secrets): string | null {
  if (!cookieHeader) return null;
  const value = parse(cookieHeader)[SESSION_COOKIE];
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  return signedByAny(token, value.slice(dot + 1), secrets) ? token : null;
}
