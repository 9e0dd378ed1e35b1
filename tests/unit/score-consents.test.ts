/**
 * The rules of the score's consents (docs/decisions/0257): what the answer is read from, when
 * self-service shows one, and that self-service withdraws but never gives them.
 */
import { describe, expect, it } from "vitest";
import { scoreConsentAnswer, scoreConsentRefusal, scoreConsentShown } from "~/core/score/consents";
import { CHANGEABLE_CONSENTS, isScoreConsent } from "~/lib/contact-fields";

describe("the answer", () => {
  it("is the latest one recorded, whatever the data shows", () => {
    expect(scoreConsentAnswer({ event: { given: false, at: "2026-03-01T10:00:00Z" }, heldSince: "2026-01-01T10:00:00Z" })).toEqual({
      given: false,
      at: "2026-03-01T10:00:00.000Z",
    });
    expect(scoreConsentAnswer({ event: { given: true, at: new Date("2026-03-01T10:00:00Z") }, heldSince: null })).toEqual({ given: true, at: "2026-03-01T10:00:00.000Z" });
  });

  it("without one recorded, given since the data shows it (a connection or measurement from before the history), or never given", () => {
    expect(scoreConsentAnswer({ event: null, heldSince: new Date("2026-01-01T10:00:00Z") })).toEqual({ given: true, at: "2026-01-01T10:00:00.000Z" });
    expect(scoreConsentAnswer({ event: null, heldSince: null })).toEqual({ given: false, at: null });
  });
});

describe("self-service", () => {
  it("shows a score consent while the score offers it, and a given one always", () => {
    expect(scoreConsentShown({ given: false, at: null }, true)).toBe(true);
    expect(scoreConsentShown({ given: true, at: "2026-01-01T10:00:00.000Z" }, false)).toBe(true);
    expect(scoreConsentShown({ given: false, at: "2026-01-01T10:00:00.000Z" }, false)).toBe(false);
  });

  it("withdraws one shown, given or not, and gives none", () => {
    expect(scoreConsentRefusal({ shown: true, given: false })).toBeNull();
    expect(scoreConsentRefusal({ shown: true, given: true })).toEqual([{ code: "error.consent.given_at_score", context: "given" }]);
    expect(scoreConsentRefusal({ shown: false, given: false })).toEqual([{ code: "error.not_found", context: "consent" }]);
  });

  it("knows the score's consents from the others", () => {
    expect(CHANGEABLE_CONSENTS.filter(isScoreConsent)).toEqual(["activity", "measurement"]);
  });
});
