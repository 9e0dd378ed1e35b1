/**
 * The `sign_in` cookie: a sign-in under way (docs/decisions/0120). Its value is the token
 * app/core/pending-sign-in.ts signs and checks; nothing about it is stored on the server.
 */
import { parse, serialize } from "cookie";
import { PENDING_SIGN_IN_TTL_MS } from "../core/pending-sign-in.js";

const SIGN_IN_COOKIE = "sign_in";

/** Where a provider with its own sign-in page (Dokobit) sends the customer back. */
export const SIGN_IN_RETURN_PATH = "/login/return";

/**
 * The sign-in under way: its token is signed already (app/core/pending-sign-in.ts). HttpOnly
 * and Secure like the session's; SameSite Lax, because the provider's page sends the customer
 * back to /login/return with a navigation from its own site, which a Strict cookie would miss.
 * It lives as long as the token.
 */
const signInCookieOptions = { httpOnly: true, secure: true, sameSite: "lax" as const, path: "/" };

export function signInCookie(pendingToken: string): string {
  return serialize(SIGN_IN_COOKIE, pendingToken, { ...signInCookieOptions, maxAge: PENDING_SIGN_IN_TTL_MS / 1000 });
}

/** A completion, whatever its outcome, ends the sign-in in the browser. */
export function clearedSignInCookie(): string {
  return serialize(SIGN_IN_COOKIE, "", { ...signInCookieOptions, maxAge: 0, expires: new Date(0) });
}

/** The token of the sign-in under way in a Cookie header (checked by the core), or null. */
export function readSignInToken(cookieHeader: string | null | undefined): string | null {
  return cookieHeader ? (parse(cookieHeader)[SIGN_IN_COOKIE] ?? null) : null;
}
