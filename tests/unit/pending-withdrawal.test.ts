/**
 * A withdrawal waiting for Dokobit's page as a signed token (app/core/pending-withdrawal.ts,
 * docs/decisions/0132): what it carries comes back until its end; tampered, ended, a pending
 * sign-in's token and a token of no configured secret are refused; an older secret in the
 * ring still verifies.
 */
import { describe, expect, it } from "vitest";
import { fixedClock } from "../support/clock";
import { pendingSignIns } from "~/core/pending-sign-in";
import { PENDING_WITHDRAWAL_TTL_MS, pendingWithdrawals } from "~/core/pending-withdrawal";

const OLD = "old-secret-old-secret-old-secret-0001";
const NEW = "new-secret-new-secret-new-secret-0002";
const START = "2026-05-04T10:00:00Z";
const CHOICE = { customerId: 42, reason: "health-data" as const, submissionKey: "withdraw-key-0000000001", eidSessionToken: "dokobit-session-1" };

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
});
