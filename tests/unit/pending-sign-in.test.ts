/**
 * The sign-in under way as a signed token (app/core/pending-sign-in.ts, docs/decisions/0120):
 * what it carries comes back as it was; tampered, ended, foreign and rotated-out tokens are
 * refused; a token signed by an older secret still in the ring is accepted.
 */
import { describe, expect, it } from "vitest";
import { fixedClock } from "../support/clock";
import { PENDING_SIGN_IN_TTL_MS, pendingSignIns } from "~/core/pending-sign-in";
import { signature } from "~/core/signature";

const OLD = "old-secret-old-secret-old-secret-0001";
const NEW = "new-secret-new-secret-new-secret-0002";
const START = "2026-05-04T10:00:00Z";

function setUp(secrets: readonly string[]) {
  const clock = fixedClock(START);
  return { clock, tokens: pendingSignIns(secrets, clock) };
}

const body = (token: string) => JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString("utf8"));
const withBody = (token: string, payload: unknown) => `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${token.split(".")[1]}`;

describe("a pending sign-in token", () => {
  it("gives back the provider session, the parameters and the remembered path until its end, 15 minutes on", () => {
    const { clock, tokens } = setUp([NEW]);
    const { token, expiresAt } = tokens.seal({
      eidSessionToken: "provider-session-1",
      loginParams: { promo: "FIT10", src: "sportclub", life: 100000, packages: ["MENTAL", "SPA"] },
      redirectTo: "/self-service/bills",
    });
    expect(expiresAt.getTime() - clock.now().getTime()).toBe(PENDING_SIGN_IN_TTL_MS);
    const opened = {
      eidSessionToken: "provider-session-1",
      // Only service codes travel: the rest is dropped at sign-in anyway.
      loginParams: { promo: "FIT10", src: "sportclub", life: 100000, packages: ["MENTAL"] },
      redirectTo: "/self-service/bills",
      expiresAt,
    };
    expect(tokens.open(token)).toEqual(opened);
    clock.set(new Date(expiresAt.getTime() - 1));
    expect(tokens.open(token)).toEqual(opened);
    // Nothing personal is in it, and nothing secret in the clear but the provider's session.
    expect(Object.keys(body(token)).sort()).toEqual(["e", "p", "r", "x"]);
  });

  it("is refused once ended", () => {
    const { clock, tokens } = setUp([NEW]);
    const { token, expiresAt } = tokens.seal({ eidSessionToken: "provider-session-2" });
    clock.set(expiresAt);
    expect(tokens.open(token)).toBeNull();
    clock.set(new Date(expiresAt.getTime() + 60_000));
    expect(tokens.open(token)).toBeNull();
  });

  it("is refused when tampered with: a later end, another provider session, another signature", () => {
    const { tokens } = setUp([NEW]);
    const { token } = tokens.seal({ eidSessionToken: "provider-session-3", redirectTo: "/account" });
    const payload = body(token);
    expect(tokens.open(withBody(token, { ...payload, x: payload.x + 86_400_000 }))).toBeNull();
    expect(tokens.open(withBody(token, { ...payload, e: "somebody-elses-session" }))).toBeNull();
    expect(tokens.open(withBody(token, { ...payload, r: "/self-service/bills" }))).toBeNull();
    const [b, sig] = token.split(".");
    expect(tokens.open(`${b}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(tokens.open(`${b}.`)).toBeNull();
    expect(tokens.open(`${b}.${sig}.extra`)).toBeNull();
    for (const junk of ["", "nonsense", ".", `${"x".repeat(5000)}.${sig}`, null, undefined]) expect(tokens.open(junk)).toBeNull();
  });

  it("is refused when its signature is over the bare body (a session cookie's, not a sign-in's)", () => {
    const { tokens } = setUp([NEW]);
    const { token } = tokens.seal({ eidSessionToken: "provider-session-4" });
    const [b] = token.split(".");
    expect(tokens.open(`${b}.${signature(b, NEW)}`)).toBeNull();
  });

  it("signed by an older secret still in the ring is accepted; new tokens are signed by the first", () => {
    const before = setUp([OLD]).tokens.seal({ eidSessionToken: "provider-session-5" }).token;
    const rotated = setUp([NEW, OLD]).tokens;
    expect(rotated.open(before)?.eidSessionToken).toBe("provider-session-5");
    const after = rotated.seal({ eidSessionToken: "provider-session-6" }).token;
    expect(setUp([NEW]).tokens.open(after)?.eidSessionToken).toBe("provider-session-6");
    expect(setUp([OLD]).tokens.open(after)).toBeNull();
  });

  it("signed by a secret rotated out of the ring is refused", () => {
    const before = setUp([OLD]).tokens.seal({ eidSessionToken: "provider-session-7" }).token;
    expect(setUp([NEW]).tokens.open(before)).toBeNull();
  });

  it("drops a remembered path too long for a cookie, and keeps the token small", () => {
    const { tokens } = setUp([NEW]);
    const { token } = tokens.seal({
      eidSessionToken: "p".repeat(256),
      loginParams: { promo: "P".repeat(40), src: "s".repeat(40), life: 999_999_999, disability: 999_999_999, packages: ["HEALTH_CHECK", "MENTAL", "PHYSIO", "TELEMED"] },
      redirectTo: `/${"a".repeat(2000)}`,
    });
    expect(tokens.open(token)?.redirectTo).toBeUndefined();
    expect(token.length).toBeLessThan(1200);
  });
});
