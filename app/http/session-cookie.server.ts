/**
 * The `session` cookie (SPEC.md section 3: 1 day, SameSite strict, Secure; and HttpOnly).
 * It carries only a random token, signed with SESSION_SECRET; the session itself is a row.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import { SESSION_TTL_MS } from "../core/sessions.js";

export const SESSION_COOKIE = "session";

const options = {
  httpOnly: true,
  secure: true,
  sameSite: "strict" as const,
  path: "/",
};

function sign(token: string, secret: string): string {
  return createHmac("sha256", secret).update(token).digest("base64url");
}

export function sessionCookie(token: string, secret: string): string {
  return serialize(SESSION_COOKIE, `${token}.${sign(token, secret)}`, { ...options, maxAge: SESSION_TTL_MS / 1000 });
}

export function clearedSessionCookie(): string {
  return serialize(SESSION_COOKIE, "", { ...options, maxAge: 0, expires: new Date(0) });
}

/** The session token from a Cookie header when its signature holds, else null. */
export function readSessionToken(cookieHeader: string | null | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  const value = parse(cookieHeader)[SESSION_COOKIE];
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(token, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
