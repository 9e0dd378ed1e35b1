/**
 * The `withdrawal` cookie: a withdrawal or cancellation waiting for the e-ID's hosted page
 * (docs/decisions/0132). Its value is the token app/core/pending-withdrawal.ts signs and
 * checks; the same options as the pending sign-in's cookie (decision 0120): HttpOnly, Secure,
 * SameSite Lax (the provider's page sends the customer back with a navigation from its own
 * site), as long as the token lives, and only on the return path.
 */
import { parse, serialize } from "cookie";
import { PENDING_WITHDRAWAL_TTL_MS } from "../core/pending-withdrawal.js";

const WITHDRAWAL_COOKIE = "withdrawal";

/** Where Dokobit sends the customer back, the one path the cookie goes to. */
export const WITHDRAWAL_RETURN_PATH = "/self-service/withdraw/return";

const options = { httpOnly: true, secure: true, sameSite: "lax" as const, path: WITHDRAWAL_RETURN_PATH };

export const withdrawalCookie = (pendingToken: string): string => serialize(WITHDRAWAL_COOKIE, pendingToken, { ...options, maxAge: PENDING_WITHDRAWAL_TTL_MS / 1000 });

/** A return, whatever its outcome, ends the pending withdrawal in the browser. */
export const clearedWithdrawalCookie = (): string => serialize(WITHDRAWAL_COOKIE, "", { ...options, maxAge: 0, expires: new Date(0) });

export const readWithdrawalToken = (cookieHeader: string | null | undefined): string | null => (cookieHeader ? (parse(cookieHeader)[WITHDRAWAL_COOKIE] ?? null) : null);
