import { describe, expect, it } from "vitest";
import { today } from "~/core/clock";
import { fixedClock } from "../support/clock";
import { packageLimits } from "~/lib/limits";
import { ageRecheck, breaksLimits, packageFacts, proposalFailures } from "~/core/proposal/rules";
import { stateAfterSave } from "~/lib/onboarding";
import { ageOn } from "~/lib/personal-code";
import { clampCovers as clampToLimits } from "~/lib/sums";

/**
 * Where a package save leads (the onboarding table: the furthest state the saved data
 * supports, whatever the state was before).
 */
const stateAfterPackageSave = (input: Parameters<typeof packageFacts>[0]) => stateAfterSave("package", "WELLNESS_PROFILE_COMPLETE", packageFacts(input));

const limits35 = packageLimits(35)!;

describe("package invariants (PRODUCT.md section 4)", () => {
  const ok = { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL", "TELEMED"] };

  it("accepts a package within the limits", () => {
    expect(proposalFailures(ok, limits35)).toEqual([]);
    expect(proposalFailures({ ...ok, sumInsuredForDisabilityCover: 0, services: [] }, limits35)).toEqual([]);
    expect(proposalFailures({ ...ok, sumInsuredForDeathCover: 10_000, sumInsuredForDisabilityCover: 5_000 }, limits35)).toEqual([]);
  });

  it("names the field and the rule of each failure", () => {
    expect(proposalFailures({ ...ok, sumInsuredForDeathCover: 5_000 }, limits35)).toEqual([{ code: "package.error.death_range", context: "sumInsuredForDeathCover" }]);
    expect(proposalFailures({ ...ok, sumInsuredForDeathCover: 505_000 }, limits35)).toEqual([{ code: "package.error.death_range", context: "sumInsuredForDeathCover" }]);
    expect(proposalFailures({ ...ok, sumInsuredForDeathCover: 52_000 }, limits35)).toEqual([{ code: "package.error.death_step", context: "sumInsuredForDeathCover" }]);
    expect(proposalFailures({ ...ok, sumInsuredForDeathCover: 100_000.5 }, limits35)).toEqual([{ code: "error.integer", context: "sumInsuredForDeathCover" }]);
    expect(proposalFailures({ ...ok, sumInsuredForDeathCover: undefined }, limits35)).toContainEqual({ code: "error.required", context: "sumInsuredForDeathCover" });
    expect(proposalFailures({ ...ok, sumInsuredForDisabilityCover: 4_000 }, limits35)).toEqual([{ code: "package.error.disability_range", context: "sumInsuredForDisabilityCover" }]);
    expect(proposalFailures({ ...ok, sumInsuredForDisabilityCover: 201_000, sumInsuredForDeathCover: 300_000 }, limits35)).toEqual([
      { code: "package.error.disability_range", context: "sumInsuredForDisabilityCover" },
    ]);
    expect(proposalFailures({ ...ok, sumInsuredForDisabilityCover: 20_500 }, limits35)).toEqual([{ code: "package.error.disability_step", context: "sumInsuredForDisabilityCover" }]);
    expect(proposalFailures({ ...ok, sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 60_000 }, limits35)).toEqual([
      { code: "package.error.disability_above_death", context: "sumInsuredForDisabilityCover" },
    ]);
    expect(proposalFailures({ ...ok, services: ["DENTAL"] }, limits35)).toEqual([{ code: "package.error.services", context: "services" }]);
    expect(proposalFailures({ ...ok, services: ["MENTAL", "MENTAL"] }, limits35)).toEqual([{ code: "package.error.services", context: "services" }]);
    expect(proposalFailures({ ...ok, services: "MENTAL" }, limits35)).toEqual([{ code: "package.error.services", context: "services" }]);
  });

  it.each([undefined, null, ""])("asks for a cover that is missing (%j) rather than calling it no whole number", (missing) => {
    expect(proposalFailures({ ...ok, sumInsuredForDeathCover: missing }, limits35)).toEqual([{ code: "error.required", context: "sumInsuredForDeathCover" }]);
    expect(proposalFailures({ ...ok, sumInsuredForDisabilityCover: missing }, limits35)).toEqual([{ code: "error.required", context: "sumInsuredForDisabilityCover" }]);
  });

  it("uses the limits of the age band", () => {
    const limits62 = packageLimits(62)!;
    expect(proposalFailures({ ...ok, sumInsuredForDeathCover: 150_000 }, limits62)).toEqual([{ code: "package.error.death_range", context: "sumInsuredForDeathCover" }]);
    expect(proposalFailures({ ...ok, sumInsuredForDisabilityCover: 60_000 }, limits62)).toEqual([
      { code: "package.error.disability_range", context: "sumInsuredForDisabilityCover" },
    ]);
  });
});

describe("state after a package save (agreed contract)", () => {
  it("moves to SERVICE_SELECTED without a questionnaire", () => {
    expect(stateAfterPackageSave({ age: 35, sumInsuredForDeathCover: 100_000, answered: null, hasBeneficiaries: false })).toBe("SERVICE_SELECTED");
  });
  it("keeps a satisfied questionnaire and saved beneficiaries (never backwards)", () => {
    expect(stateAfterPackageSave({ age: 35, sumInsuredForDeathCover: 100_000, answered: "UW_L1", hasBeneficiaries: false })).toBe("QUESTIONNAIRE_COMPLETE");
    expect(stateAfterPackageSave({ age: 35, sumInsuredForDeathCover: 100_000, answered: "UW_L1", hasBeneficiaries: true })).toBe("BENEFICIARIES_DEFINED");
    expect(stateAfterPackageSave({ age: 55, sumInsuredForDeathCover: 100_000, answered: "UW_L2", hasBeneficiaries: true })).toBe("BENEFICIARIES_DEFINED");
  });
  it("asks for the long questionnaire when the cover or the age now demands it", () => {
    expect(stateAfterPackageSave({ age: 35, sumInsuredForDeathCover: 155_000, answered: "UW_L1", hasBeneficiaries: true })).toBe("QUESTIONNAIRE_REQ_CHANGE");
    expect(stateAfterPackageSave({ age: 50, sumInsuredForDeathCover: 100_000, answered: "UW_L1", hasBeneficiaries: false })).toBe("QUESTIONNAIRE_REQ_CHANGE");
  });
});

describe("age re-check with a moved clock (PRODUCT.md section 3)", () => {
  // Born 1976-06-15: 49 until 2026-06-14, 50 from 2026-06-15 (Tallinn dates).
  const born = "1976-06-15";
  const ageAt = (iso: string) => ageOn(born, today(fixedClock(iso)));

  it("computes the age from the Tallinn calendar date", () => {
    expect(ageAt("2026-06-14T20:59:00Z")).toBe(49); // 23:59 in Tallinn
    expect(ageAt("2026-06-14T21:00:00Z")).toBe(50); // 00:00 on the birthday in Tallinn
  });

  it("moves a package over the new band's limits to SERVICE_REQ_CHANGE", () => {
    const proposal = { sumInsuredForDeathCover: 300_000, sumInsuredForDisabilityCover: 150_000 };
    const clock = fixedClock("2026-06-10T10:00:00Z");
    expect(ageRecheck({ state: "QUESTIONNAIRE_COMPLETE", age: ageOn(born, today(clock)), proposal, answered: "UW_L2" })).toBe("QUESTIONNAIRE_COMPLETE");
    clock.set("2026-06-20T10:00:00Z");
    expect(ageRecheck({ state: "QUESTIONNAIRE_COMPLETE", age: ageOn(born, today(clock)), proposal, answered: "UW_L2" })).toBe("SERVICE_REQ_CHANGE");
    expect(ageRecheck({ state: "BENEFICIARIES_DEFINED", age: ageOn(born, today(clock)), proposal, answered: "UW_L1" })).toBe("SERVICE_REQ_CHANGE");
  });

  it("moves a UW_L1 answer to QUESTIONNAIRE_REQ_CHANGE at 50 when the package still fits", () => {
    const proposal = { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000 };
    expect(ageRecheck({ state: "BENEFICIARIES_DEFINED", age: ageAt("2026-06-14T10:00:00Z"), proposal, answered: "UW_L1" })).toBe("BENEFICIARIES_DEFINED");
    expect(ageRecheck({ state: "BENEFICIARIES_DEFINED", age: ageAt("2026-06-15T10:00:00Z"), proposal, answered: "UW_L1" })).toBe("QUESTIONNAIRE_REQ_CHANGE");
    expect(ageRecheck({ state: "QUESTIONNAIRE_COMPLETE", age: ageAt("2026-06-15T10:00:00Z"), proposal, answered: "UW_L1" })).toBe("QUESTIONNAIRE_REQ_CHANGE");
    // UW_L2 answered satisfies the new requirement.
    expect(ageRecheck({ state: "BENEFICIARIES_DEFINED", age: ageAt("2026-06-15T10:00:00Z"), proposal, answered: "UW_L2" })).toBe("BENEFICIARIES_DEFINED");
    // No questionnaire yet: nothing to redo.
    expect(ageRecheck({ state: "SERVICE_SELECTED", age: ageAt("2026-06-15T10:00:00Z"), proposal, answered: null })).toBe("SERVICE_SELECTED");
  });

  it("looks only at the states between the package save and signing", () => {
    const proposal = { sumInsuredForDeathCover: 500_000, sumInsuredForDisabilityCover: 200_000 };
    for (const state of ["WELLNESS_PROFILE_COMPLETE", "SERVICE_REQ_CHANGE", "AGREEMENT_SIGNED", "EUW", "SELF_SERVICE"] as const) {
      expect(ageRecheck({ state, age: 60, proposal, answered: "UW_L1" })).toBe(state);
    }
    expect(ageRecheck({ state: "SERVICE_SELECTED", age: 60, proposal: null, answered: null })).toBe("SERVICE_SELECTED");
  });

  it("turns away a customer past 64 (or under 18) before any package is saved, as a first sign-in at that age (PRODUCT.md section 3)", () => {
    // Signed in at 64, back on or after the 65th birthday with nothing or only the account and score saved.
    for (const state of ["NEW", "ACCOUNT_REGISTERED", "WELLNESS_PROFILE_COMPLETE"] as const) {
      expect(ageRecheck({ state, age: 64, proposal: null, answered: null })).toBe(state);
      expect(ageRecheck({ state, age: 65, proposal: null, answered: null })).toBe("SERVICE_UNAVAILABLE");
    }
    // A saved package past the oldest age keeps its warning (SERVICE_REQ_CHANGE), as decided.
    expect(ageRecheck({ state: "SERVICE_REQ_CHANGE", age: 65, proposal: { sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 0 }, answered: null })).toBe("SERVICE_REQ_CHANGE");
  });

  it("treats an age past the last band as outside the limits", () => {
    expect(breaksLimits({ sumInsuredForDeathCover: 10_000, sumInsuredForDisabilityCover: 0 }, 65)).toBe(true);
    expect(breaksLimits({ sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000 }, 64)).toBe(false);
  });

  it("finds a package outside the limits when either cover alone is over its maximum", () => {
    // Saved at 49 (300 000 / 200 000 allowed), read at 50 (200 000 / 100 000).
    expect(breaksLimits({ sumInsuredForDeathCover: 300_000, sumInsuredForDisabilityCover: 100_000 }, 50)).toBe(true);
    expect(breaksLimits({ sumInsuredForDeathCover: 205_000, sumInsuredForDisabilityCover: 0 }, 50)).toBe(true);
    expect(breaksLimits({ sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 101_000 }, 50)).toBe(true);
    expect(breaksLimits({ sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 100_000 }, 50)).toBe(false);
    expect(ageRecheck({ state: "BENEFICIARIES_DEFINED", age: 50, proposal: { sumInsuredForDeathCover: 300_000, sumInsuredForDisabilityCover: 20_000 }, answered: "UW_L2" })).toBe(
      "SERVICE_REQ_CHANGE",
    );
  });
});

describe("closing the SERVICE_REQ_CHANGE warning (SPEC.md section 2)", () => {
  it("clamps death cover to its max and disability to its max and the death cover", () => {
    const limits50 = packageLimits(50)!;
    expect(clampToLimits({ sumInsuredForDeathCover: 300_000, sumInsuredForDisabilityCover: 150_000 }, limits50)).toEqual({
      sumInsuredForDeathCover: 200_000,
      sumInsuredForDisabilityCover: 100_000,
    });
    const limits60 = packageLimits(60)!;
    expect(clampToLimits({ sumInsuredForDeathCover: 300_000, sumInsuredForDisabilityCover: 200_000 }, limits60)).toEqual({
      sumInsuredForDeathCover: 100_000,
      sumInsuredForDisabilityCover: 50_000,
    });
    expect(clampToLimits({ sumInsuredForDeathCover: 40_000, sumInsuredForDisabilityCover: 30_000 }, limits60)).toEqual({
      sumInsuredForDeathCover: 40_000,
      sumInsuredForDisabilityCover: 30_000,
    });
  });
});
