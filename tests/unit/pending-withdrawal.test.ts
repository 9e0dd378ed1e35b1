/**
 * A withdrawal waiting for Dokobit's page as a signed token (app/core/pending-withdrawal.ts,
 * docs/decisions/0132): what it carries comes back until its end; tampered, ended, a pending
 * sign-in's token and a token of no configured secret are refused; an older secret in the
 * ring still verifies. It carries the statement's moment, its 15 minutes count from it, and a
 * token sealed before it did still opens (docs/decisions/0279).
 */
import { describe, expect, it } from "vitest";
import { fixedClock } from "../support/clock";
import { pendingSignIns } from "~/core/pending-sign-in";
import { PENDING_WITHDRAWAL_TTL_MS, pendingWithdrawals } from "~/core/pending-withdrawal";
import { sealToken } from "~/core/signature";

const OLD = "old-secret-old-secret-old-secret-0001";
const NEW = "new-secret-new-secret-new-secret-0002";
const START = "2026-05-04T10:00:00Z";
const CHOICE = { customerId: 42, reason: "health-data" as const, submissionKey: "withdraw-key-0000000001", eidSessionToken: "dokobit-session-1", sentAt: new Date(START) };

const withBody = (token: string, payload: unknown) => `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${token.split(".")[1]}`;
const body = (token: string) => JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString("utf8"));

describe("a pending withdrawal token", () => {
  it("gives back whose, why, the key and Dokobit's session until its end, 15 minutes on", () => {
    const clock = fixedClock(START);
    const tokens = pendingWithdrawals([NEW], clock);
    const { token, expiresAt } = tokens.seal(CHOICE);
    expect(expiresAt.getTime() - clock.now().getTime()).toBe(PENDING_WITHDRAWAL_TTL_MS);
    expect(tokens.open(token)).toEqual({ ...CHOICE, expiresAt });
    clock.set(new Date(expiresAt.getTime() - 1).toISOString());
    expect(tokens.open(token)).not.toBeNull();
    clock.set(expiresAt.toISOString());
    expect(tokens.open(token)).toBeNull();
  });

  it("refuses a tampered body, another customer's id, a sign-in's token and a foreign secret's", () => {
    const clock = fixedClock(START);
    const tokens = pendingWithdrawals([NEW], clock);
    const { token } = tokens.seal(CHOICE);
    expect(tokens.open(withBody(token, { ...body(token), c: 43 }))).toBeNull();
    expect(tokens.open(`${token}x`)).toBeNull();
    expect(tokens.open("")).toBeNull();
    expect(tokens.open(pendingSignIns([NEW], clock).seal({ eidSessionToken: "dokobit-session-1" }).token)).toBeNull();
    expect(pendingWithdrawals(["another-secret-another-secret-0003"], clock).open(token)).toBeNull();
  });

  it("an older secret still in the ring verifies; removed, it no longer does", () => {
    const clock = fixedClock(START);
    const { token } = pendingWithdrawals([OLD], clock).seal(CHOICE);
    expect(pendingWithdrawals([NEW, OLD], clock).open(token)).toMatchObject(CHOICE);
    expect(pendingWithdrawals([NEW], clock).open(token)).toBeNull();
  });

  it("carries when the statement was sent, and its 15 minutes count from it, not from the provider's answer", () => {
    // Sealed two minutes after the confirm was pressed (Dokobit answered slowly).
    const clock = fixedClock(new Date(Date.parse(START) + 2 * 60_000).toISOString());
    const tokens = pendingWithdrawals([NEW], clock);
    const { token, expiresAt } = tokens.seal(CHOICE);
    expect(expiresAt.getTime()).toBe(Date.parse(START) + PENDING_WITHDRAWAL_TTL_MS);
    expect(tokens.open(token)?.sentAt).toEqual(new Date(START));
    clock.set(expiresAt.toISOString());
    expect(tokens.open(token)).toBeNull();
  });

  it("sealed before it carried the statement's moment, still opens: sent when it was sealed, 15 minutes before its end", () => {
    const clock = fixedClock(START);
    const x = Date.parse(START) + PENDING_WITHDRAWAL_TTL_MS;
    const old = sealToken("withdrawal.v1", { c: 42, r: "wish", k: null, e: "dokobit-session-1", x }, NEW);
    expect(pendingWithdrawals([NEW], clock).open(old)).toEqual({ customerId: 42, reason: "wish", submissionKey: null, eidSessionToken: "dokobit-session-1", sentAt: new Date(START), expiresAt: new Date(x) });
  });

  it("refuses a statement's moment outside the token's 15 minutes, even signed", () => {
    const clock = fixedClock(START);
    const x = Date.parse(START) + PENDING_WITHDRAWAL_TTL_MS;
    const sealed = (s: unknown) => sealToken("withdrawal.v1", { c: 42, r: "wish", k: null, e: "dokobit-session-1", s, x }, NEW);
    const tokens = pendingWithdrawals([NEW], clock);
    expect(tokens.open(sealed(x - PENDING_WITHDRAWAL_TTL_MS))).not.toBeNull();
    expect(tokens.open(sealed(x - PENDING_WITHDRAWAL_TTL_MS - 1))).toBeNull();
    expect(tokens.open(sealed(x))).toBeNull();
    expect(tokens.open(sealed(String(x - 1)))).toBeNull();
    expect(tokens.open(sealed(null))).toBeNull();
  });
});
