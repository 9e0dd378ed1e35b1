/**
 * A withdrawal or cancellation waiting for the e-ID's hosted page (Dokobit, docs/decisions/0132):
 * what the server must remember between the confirm and the return (whose policy, why, the
 * submission key, the provider's session, when the customer sent it, when it ends) travels as a
 * token signed under the session secrets exactly as a pending sign-in's (app/core/pending-sign-in.ts,
 * decision 0120), with its own purpose prefix, in the browser's `withdrawal` cookie. Nothing is
 * stored. The confirm is the statement: its moment decides the ending (docs/decisions/0279).
 */
import type { Clock } from "./clock.js";
import { ENDING_REASONS, type EndingReason } from "../lib/withdrawal-fields.js";
import { openToken, sealToken, type Secrets } from "./signature.js";

/** As long as a sign-in under way: a quarter of an hour on the provider's page, from the statement. */
export const PENDING_WITHDRAWAL_TTL_MS = 15 * 60 * 1000;

export interface PendingWithdrawal {
  customerId: number;
  reason: EndingReason;
  submissionKey: string | null;
  /** The e-ID provider's session (Dokobit's `session_token`). */
  eidSessionToken: string;
  /** When the customer sent the statement (pressed the confirm): its Tallinn day decides the ending. */
  sentAt: Date;
  expiresAt: Date;
}

/** A purpose of its own: neither a session cookie's nor a sign-in's token is ever taken for one. */
const PREFIX = "withdrawal.v1";
const MAX_TOKEN_LENGTH = 256;

interface Payload {
  c: number;
  r: EndingReason;
  k: string | null;
  e: string;
  /** The statement's moment; absent in a token sealed before decision 0279 (then its end less the 15 minutes). */
  s?: number;
  x: number;
}

export function pendingWithdrawals(secrets: Secrets, clock: Clock) {
  return {
    seal(pending: Omit<PendingWithdrawal, "expiresAt">): {
      token: string;
      expiresAt: Date;
    } {
      const expiresAt = new Date(pending.sentAt.getTime() + PENDING_WITHDRAWAL_TTL_MS);
      const payload: Payload = {
        c: pending.customerId,
        r: pending.reason,
        k: pending.submissionKey,
        e: pending.eidSessionToken,
        s: pending.sentAt.getTime(),
        x: expiresAt.getTime(),
      };
      return { token: sealToken(PREFIX, payload, secrets), expiresAt };
    },

    /** The withdrawal a token holds, or null: tampered, signed under no configured secret, ended, or not one. */
    open(token: string | null | undefined): PendingWithdrawal | null {
      const payload = openToken(PREFIX, token, secrets);
      if (!isPayload(payload) || payload.x <= clock.now().getTime()) return null;
      return {
        customerId: payload.c,
        reason: payload.r,
        submissionKey: payload.k,
        eidSessionToken: payload.e,
        // A token sealed before the statement's moment was carried: sealed as the confirm was answered.
        sentAt: new Date(payload.s ?? payload.x - PENDING_WITHDRAWAL_TTL_MS),
        expiresAt: new Date(payload.x),
      };
    },
  };
}

export type PendingWithdrawals = ReturnType<typeof pendingWithdrawals>;

function isPayload(value: unknown): value is Payload {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const p = value as Record<string, unknown>;
  if (typeof p.c !== "number" || !Number.isSafeInteger(p.c)) return false;
  if (typeof p.r !== "string" || !(ENDING_REASONS as readonly string[]).includes(p.r)) return false;
  if (p.k !== null && (typeof p.k !== "string" || p.k.length > MAX_TOKEN_LENGTH)) return false;
  if (typeof p.e !== "string" || !p.e || p.e.length > MAX_TOKEN_LENGTH) return false;
  if (typeof p.x !== "number" || !Number.isFinite(p.x)) return false;
  // The statement lies within the token's 15 minutes, before its end.
  return p.s === undefined || (typeof p.s === "number" && p.s < p.x && p.x - p.s <= PENDING_WITHDRAWAL_TTL_MS);
}
