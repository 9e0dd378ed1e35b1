import { describe, expect, it } from "vitest";
import { bodyMassIndex, requiredQuestionnaireType } from "~/core/underwriting";

// Height 180 cm: BMI 16 at 51.84 kg, 18.5 at 59.94 kg, 30 at 97.2 kg, 40 at 129.6 kg.
const at = (weightKg: number, extra: Partial<Parameters<typeof requiredQuestionnaireType>[0]> = {}) =>
  requiredQuestionnaireType({ age: 30, sumInsuredForDeathCover: 100_000, heightCm: 180, weightKg, ...extra });

describe("questionnaire type (PRODUCT.md section 6)", () => {
  it("computes BMI from centimetres and kilograms", () => {
    expect(bodyMassIndex(180, 81)).toBeCloseTo(25, 10);
  });

  it("keeps the index to the millionth, so just under a limit stays under it", () => {
    // 59.93 / 1.8² = 18.496913…: under 18.5, the long set; rounded to the hundredth it would pass for 18.5.
    expect(bodyMassIndex(180, 59.93)).toBe(18.496914);
    expect(at(59.93)).toBe("UW_L2");
    // 129.59 / 3.24 = 39.996913…: under 40, still insurable online.
    expect(at(129.59)).toBe("UW_L2");
  });

  it.each([
    [51.8, "UNAVAILABLE"], // BMI 15.99
    [51.84, "UW_L2"], // BMI 16.0: not below 16, but below 18.5
    [59.9, "UW_L2"], // 18.49
    [59.94, "UW_L1"], // 18.5
    [97.1, "UW_L1"], // 29.97
    [97.2, "UW_L2"], // 30.0
    [129.5, "UW_L2"], // 39.97
    [129.6, "UNAVAILABLE"], // 40.0
  ])("weight %s kg at 180 cm → %s", (weight, type) => {
    expect(at(weight)).toBe(type);
  });

  it("asks the long set from age 50", () => {
    expect(at(80, { age: 49 })).toBe("UW_L1");
    expect(at(80, { age: 50 })).toBe("UW_L2");
  });

  it("asks the long set above 150 000 of death cover", () => {
    expect(at(80, { sumInsuredForDeathCover: 150_000 })).toBe("UW_L1");
    expect(at(80, { sumInsuredForDeathCover: 150_001 })).toBe("UW_L2");
    expect(at(80, { sumInsuredForDeathCover: 155_000 })).toBe("UW_L2");
  });

  it("lets the body-mass limits and the age and cover rules combine", () => {
    // A normal BMI at age 50 or high cover is the long set; a low one below 50 is too.
    expect(at(59.94, { age: 50 })).toBe("UW_L2");
    expect(at(59.94, { sumInsuredForDeathCover: 150_001 })).toBe("UW_L2");
    expect(at(51.84, { age: 49, sumInsuredForDeathCover: 150_000 })).toBe("UW_L2");
    expect(at(51.8, { age: 30, sumInsuredForDeathCover: 10_000 })).toBe("UNAVAILABLE");
  });

  it("keeps UNAVAILABLE over the age and cover rules", () => {
    expect(at(140, { age: 55, sumInsuredForDeathCover: 300_000 })).toBe("UNAVAILABLE");
  });

  it("decides by age and cover alone without height and weight", () => {
    expect(requiredQuestionnaireType({ age: 30, sumInsuredForDeathCover: 100_000 })).toBe("UW_L1");
    expect(requiredQuestionnaireType({ age: 52, sumInsuredForDeathCover: 100_000 })).toBe("UW_L2");
    expect(requiredQuestionnaireType({ age: 30, sumInsuredForDeathCover: 200_000, heightCm: null, weightKg: null })).toBe("UW_L2");
  });
});
