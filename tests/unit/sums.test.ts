import { describe, expect, it } from "vitest";
import { moveDisabilityCover, settleDeathCover, snapDeathCover, snapDisabilityCover, fitCovers, typedDeathCover } from "~/lib/sums";

const death = { min: 10_000, max: 500_000, step: 5_000 };
const disability = { min: 5_000, max: 200_000, step: 1_000 };

describe("package sliders (SPEC.md section 5)", () => {
  it("keeps death cover between min and max, in steps of 5 000", () => {
    expect(snapDeathCover(5_000, death)).toBe(10_000);
    expect(snapDeathCover(600_000, death)).toBe(500_000);
    expect(snapDeathCover(52_400, death)).toBe(50_000);
    expect(snapDeathCover(52_500, death)).toBe(55_000);
    expect(snapDeathCover(Number.NaN, death)).toBe(10_000);
  });

  it("allows disability 0 or at least its minimum, snapping by the nearest half", () => {
    expect(snapDisabilityCover(0, disability, 100_000)).toBe(0);
    expect(snapDisabilityCover(2_499, disability, 100_000)).toBe(0);
    expect(snapDisabilityCover(2_500, disability, 100_000)).toBe(5_000);
    expect(snapDisabilityCover(4_999, disability, 100_000)).toBe(5_000);
    expect(snapDisabilityCover(-3, disability, 100_000)).toBe(0);
  });

  it("steps disability by 1 000 and never above death cover or its own max", () => {
    expect(snapDisabilityCover(20_400, disability, 100_000)).toBe(20_000);
    expect(snapDisabilityCover(20_500, disability, 100_000)).toBe(21_000);
    expect(snapDisabilityCover(80_000, disability, 50_000)).toBe(50_000);
    expect(snapDisabilityCover(300_000, disability, 500_000)).toBe(200_000);
  });

  it("pulls disability down when death cover falls below it", () => {
    expect(snapDisabilityCover(40_000, disability, 15_000)).toBe(15_000);
  });
});

describe("package sliders at the edges", () => {
  it("never goes past the last whole step of death cover", () => {
    expect(snapDeathCover(499_999, death)).toBe(500_000);
    expect(snapDeathCover(100_000, { min: 10_000, max: 100_000, step: 5_000 })).toBe(100_000);
    expect(snapDeathCover(12_499, death)).toBe(10_000);
    expect(snapDeathCover(12_500, death)).toBe(15_000);
  });

  it("allows the disability minimum when the death cover is exactly that minimum", () => {
    expect(snapDisabilityCover(5_000, disability, 5_000)).toBe(5_000);
    expect(snapDisabilityCover(3_000, disability, 5_000)).toBe(5_000);
  });

  it("gives 0 when the death cover is below the disability minimum", () => {
    expect(snapDisabilityCover(5_000, disability, 4_000)).toBe(0);
    expect(snapDisabilityCover(3_000, disability, 4_000)).toBe(0);
  });

  it("steps disability down to the death cover, not past it", () => {
    expect(snapDisabilityCover(200_000, disability, 10_000)).toBe(10_000);
    expect(snapDisabilityCover(12_600, disability, 12_500)).toBe(12_000);
    expect(snapDisabilityCover(Number.POSITIVE_INFINITY, disability, 100_000)).toBe(0);
  });
});

describe("the disability slider moved by keys", () => {
  it("crosses the gap under the minimum in the direction it moves", () => {
    expect(moveDisabilityCover(1_000, 0, disability, 100_000)).toBe(5_000);
    expect(moveDisabilityCover(4_000, 5_000, disability, 100_000)).toBe(0);
    expect(moveDisabilityCover(6_000, 5_000, disability, 100_000)).toBe(6_000);
    // A drag straight into the gap lands by the nearest half.
    expect(moveDisabilityCover(3_000, 3_000, disability, 100_000)).toBe(5_000);
    // Not possible at all when the death cover is under the minimum.
    expect(moveDisabilityCover(1_000, 0, disability, 4_000)).toBe(0);
  });

  it("stops at the minimum on the way down, and a drag into the gap lands by the half-minimum", () => {
    // Down from 6 000 to the minimum itself: the minimum, not across the gap to 0.
    expect(moveDisabilityCover(5_000, 6_000, disability, 100_000)).toBe(5_000);
    expect(moveDisabilityCover(2_499, 2_499, disability, 100_000)).toBe(0);
    expect(moveDisabilityCover(2_500, 2_500, disability, 100_000)).toBe(5_000);
  });
});

describe("fitCovers (where the package step starts, and the quote's covers when the age changes)", () => {
  const limits62 = {
    sumLimitsForDeathCover: { min: 10_000, max: 100_000, step: 5_000 },
    sumLimitsForDisabilityCover: { min: 5_000, max: 50_000, step: 1_000 },
  };
  it("brings both within the limits on their steps, disability never above life", () => {
    expect(fitCovers({ sumInsuredForDeathCover: 400_000, sumInsuredForDisabilityCover: 150_000 }, limits62)).toEqual({ sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000 });
    expect(fitCovers({ sumInsuredForDeathCover: 3_000, sumInsuredForDisabilityCover: 150_000 }, limits62)).toEqual({ sumInsuredForDeathCover: 10_000, sumInsuredForDisabilityCover: 5_000 });
    expect(fitCovers({ sumInsuredForDeathCover: 52_600, sumInsuredForDisabilityCover: 2_000 }, limits62)).toEqual({ sumInsuredForDeathCover: 55_000, sumInsuredForDisabilityCover: 0 });
    expect(fitCovers({ sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 20_000 }, limits62)).toEqual({ sumInsuredForDeathCover: 50_000, sumInsuredForDisabilityCover: 20_000 });
  });
});

describe("the life cover typed, then settled (docs/decisions/0266)", () => {
  /** Each keystroke's amount in turn, from `start`: where the life slider is after each. */
  const typeIn = (amounts: number[], start: number, disabilityCover: number) =>
    amounts.map((n) => (start = typedDeathCover(n, disabilityCover, death, disability) ?? start));

  it("never takes an amount on the way that would pull the disability cover down", () => {
    // 150 000 and 30 000, Backspace (15 000), then 0 again: the slider waits, then 150 000.
    expect(typeIn([15_000, 150_000], 150_000, 30_000)).toEqual([150_000, 150_000]);
    // 150 000 typed into the emptied field from the defaults (50 000 / 20 000).
    expect(typeIn([1, 15, 150, 1_500, 15_000, 150_000], 50_000, 20_000)).toEqual([50_000, 50_000, 50_000, 50_000, 50_000, 150_000]);
    // The package step's 100 000 / 100 000 through 10 000.
    expect(typeIn([1, 10, 100, 1_000, 10_000, 100_000], 100_000, 100_000)).toEqual([100_000, 100_000, 100_000, 100_000, 100_000, 100_000]);
  });

  it("follows an amount being typed that leaves the disability cover as it is, on its steps", () => {
    expect(typedDeathCover(40_000, 30_000, death, disability)).toBe(40_000);
    expect(typedDeathCover(30_000, 30_000, death, disability)).toBe(30_000);
    expect(typedDeathCover(75_500, 20_000, death, disability)).toBe(75_000);
    expect(typedDeathCover(600_000, 20_000, death, disability)).toBeNull();
    expect(typedDeathCover(5_000, 0, death, disability)).toBeNull();
    // The limits themselves are amounts, not ones still being typed.
    expect(typedDeathCover(10_000, 0, death, disability)).toBe(10_000);
    expect(typedDeathCover(500_000, 20_000, death, disability)).toBe(500_000);
    expect(typedDeathCover(9_999, 0, death, disability)).toBeNull();
    expect(typedDeathCover(500_001, 20_000, death, disability)).toBeNull();
  });

  it("once settled, pulls the disability cover down to it as before", () => {
    expect(settleDeathCover(25_000, 30_000, death, disability)).toEqual({ death: 25_000, disability: 25_000 });
    expect(settleDeathCover(15_000, 30_000, death, disability)).toEqual({ death: 15_000, disability: 15_000 });
    expect(settleDeathCover(150_000, 30_000, death, disability)).toEqual({ death: 150_000, disability: 30_000 });
    expect(settleDeathCover(12_400, 30_000, death, disability)).toEqual({ death: 10_000, disability: 10_000 });
    expect(settleDeathCover(700_000, 300_000, death, disability)).toEqual({ death: 500_000, disability: 200_000 });
  });
});
