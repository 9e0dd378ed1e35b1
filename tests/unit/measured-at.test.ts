/**
 * The score screen states when the health measurement was taken as every other moment the app
 * shows (app/lib/tallinn-time.ts): Tallinn's date and time, and in the hour the clocks go back
 * (03:00–03:59 on the last Sunday of October comes twice) the offset, so it names one moment.
 */
import { describe, expect, it } from "vitest";
import type { ScoreView } from "~/core/score/index";
import { scoreScreenData } from "~/http/score.server";

const measuredAt = (iso: string) =>
  scoreScreenData({ enabled: true, groups: [], answers: {}, answered: 0, total: 0, score: null, discountPercent: null, activity: null, health: { measuredAt: iso } } as unknown as ScoreView).health
    .measuredAt;

describe("the health measurement's time", () => {
  it("is Tallinn's, near midnight and the year's end", () => {
    expect(measuredAt("2026-12-31T22:30:00.000Z")).toBe("01.01.2027 00:30");
    expect(measuredAt("2026-07-01T21:05:00.000Z")).toBe("02.07.2026 00:05");
  });

  it("names its offset in the repeated hour of the autumn change", () => {
    expect(measuredAt("2026-10-25T00:30:00.000Z")).toBe("25.10.2026 03:30 (UTC+3)");
    expect(measuredAt("2026-10-25T01:30:00.000Z")).toBe("25.10.2026 03:30 (UTC+2)");
  });
});
