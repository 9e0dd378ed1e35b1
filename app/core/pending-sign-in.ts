/**
 * A started sign-in that stores nothing on the server (docs/decisions/0120): what the server
 * must remember between the start and the completion (the e-ID provider's session, the
 * sign-in link's parameters, where the customer was going, when it ends) travels as a signed
 * token, in the browser's `sign_in` cookie (app/http/sign-in.server.ts). Signed under the
 * session secrets, first signs and all verify (app/core/signature.ts), so a rotation keeps
 * sign-ins under way. Nothing in it is personal: the personal code is not known before the
 * provider answers.
 *
 * A token is good until its end, and a provider session completes successfully once: the
 * success is recorded (`sign_ins_completed`, until the token's end) so that the same token
 * cannot bring a second session in.
 */
import { createHash } from "node:crypto";
import type { Clock } from "./clock.js";
import type { Queryable } from "./db/index.js";
import { isServiceCode } from "../lib/limits.js";
import type { RawLoginParams } from "./login-params.js";
import { openToken, sealToken, type Secrets } from "./signature.js";

/** A sign-in lives a quarter of an hour from its start. */
export const PENDING_SIGN_IN_TTL_MS = 15 * 60 * 1000;

export interface PendingSignIn {
  /** The e-ID provider's session (the widget's `sessionToken`, Dokobit's `session_token`). */
  eidSessionToken: string;
  /** The sign-in link's parameters (promo, packages, sums, src), read raw as at /login. */
  loginParams?: RawLoginParams;
  /** Where the customer was going when sent to /login (already safe). */
  redirectTo?: string;
  expiresAt: Date;
}

/** The version and the purpose: a token signed for something else never verifies as this one. */
const PREFIX = "sign-in.v1";
/** Bounds what a token carries (a cookie holds 4 KB): longer remembered paths are dropped. */
const MAX_REDIRECT_LENGTH = 1000;
const MAX_PROVIDER_TOKEN_LENGTH = 256;

interface Payload {
  e: string;
  x: number;
  p?: RawLoginParams;
  r?: string;
}

export function pendingSignIns(secrets: Secrets, clock: Clock) {
  return {
    /** The token for a sign-in started now. */
    seal(pending: Omit<PendingSignIn, "expiresAt">): { token: string; expiresAt: Date } {
      const expiresAt = new Date(clock.now().getTime() + PENDING_SIGN_IN_TTL_MS);
      const payload: Payload = { e: pending.eidSessionToken, x: expiresAt.getTime() };
      const params = boundedParams(pending.loginParams);
      if (params) payload.p = params;
      if (pending.redirectTo && pending.redirectTo.length <= MAX_REDIRECT_LENGTH) payload.r = pending.redirectTo;
      return { token: sealToken(PREFIX, payload, secrets), expiresAt };
    },

    /** The sign-in a token holds, or null: tampered, signed under no configured secret, ended, or not one. */
    open(token: string | null | undefined): PendingSignIn | null {
      const payload = openToken(PREFIX, token, secrets);
      if (!isPayload(payload) || payload.x <= clock.now().getTime()) return null;
      return {
        eidSessionToken: payload.e,
        ...(payload.p ? { loginParams: payload.p } : {}),
        ...(payload.r ? { redirectTo: payload.r } : {}),
        expiresAt: new Date(payload.x),
      };
    },
  };
}

export type PendingSignIns = ReturnType<typeof pendingSignIns>;

/**
 * What is parsed is what we signed, but a token is read from the outside: its shape is checked
 * all the same, so that a secret shared with another program cannot hand us something else.
 */
function isPayload(value: unknown): value is Payload {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const p = value as Record<string, unknown>;
  if (typeof p.e !== "string" || !p.e || p.e.length > MAX_PROVIDER_TOKEN_LENGTH) return false;
  if (typeof p.x !== "number" || !Number.isFinite(p.x)) return false;
  if (p.r !== undefined && (typeof p.r !== "string" || !p.r.startsWith("/"))) return false;
  if (p.p !== undefined && (typeof p.p !== "object" || p.p === null || Array.isArray(p.p))) return false;
  return true;
}

/** Only what sign-in can use: service codes among `packages` (the rest is dropped at sign-in anyway). */
function boundedParams(raw: RawLoginParams | undefined): RawLoginParams | null {
  if (!raw) return null;
  const out: RawLoginParams = { ...raw };
  if (raw.packages) out.packages = raw.packages.filter(isServiceCode);
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * Successful completions, one per provider session, kept until the token that started them
 * has ended: the only row a sign-in leaves before it is a session.
 */
export function completedSignIns(db: Queryable, clock: Clock) {
  const id = (provider: string, eidSessionToken: string) => createHash("sha256").update(`${provider}:${eidSessionToken}`).digest("base64url");
  return {
    /** Records the success of the provider session; false when it was recorded before (a replay, a double submit). */
    async claim(provider: string, pending: PendingSignIn): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO sign_ins_completed (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING 1`,
        [id(provider, pending.eidSessionToken), pending.expiresAt],
      );
      return rows.length === 1;
    },

    /** Once its token has ended, a completion's row guards nothing. */
    async purgeExpired(): Promise<number> {
      const rows = await db.query(`DELETE FROM sign_ins_completed WHERE expires_at <= $1 RETURNING 1`, [clock.now()]);
      return rows.length;
    },
  };
}

export type CompletedSignIns = ReturnType<typeof completedSignIns>;
