import { describe, expect, it } from "vitest";
import { packageSchema } from "~/lib/package-schema";

const limits = {
  sumLimitsForDeathCover: { min: 10_000, max: 300_000, step: 5_000 },
  sumLimitsForDisabilityCover: { min: 5_000, max: 200_000, step: 1_000 },
};
const schema = packageSchema(limits, ["HEALTH_CHECK", "MENTAL", "PHYSIO", "TELEMED"]);

const form = (death: string, disability: string, extra: Record<string, unknown> = {}) => ({
  sumInsuredForDeathCover: death,
  deathCoverRange: death,
  deathCoverWas: death,
  sumInsuredForDisabilityCover: disability,
  disabilityCoverRange: disability,
  disabilityCoverWas: disability,
  ...extra,
});

describe("package form (SPEC.md section 5)", () => {
  it("takes the range unless the typed amount was changed", () => {
    expect(schema.parse(form("50000", "20000", { deathCoverRange: "80000" }))).toMatchObject({ sumInsuredForDeathCover: 80_000 });
    expect(schema.parse(form("50000", "20000", { sumInsuredForDeathCover: "70000", deathCoverRange: "80000" }))).toMatchObject({ sumInsuredForDeathCover: 70_000 });
  });

  it("snaps in-range amounts to the steps and pulls disability down to the death cover", () => {
    expect(schema.parse(form("52600", "20400"))).toMatchObject({ sumInsuredForDeathCover: 55_000, sumInsuredForDisabilityCover: 20_000 });
    expect(schema.parse(form("20000", "2400"))).toMatchObject({ sumInsuredForDisabilityCover: 0 });
    expect(schema.parse(form("20000", "2500"))).toMatchObject({ sumInsuredForDisabilityCover: 5_000 });
    expect(schema.parse(form("20000", "150000"))).toMatchObject({ sumInsuredForDisabilityCover: 20_000 });
  });

  it("says which amounts it saved otherwise than chosen, from what to what (docs/decisions/0261)", () => {
    expect(schema.parse(form("75500", "20000")).adjusted).toEqual([{ cover: "death", chosen: 75_500, saved: 75_000 }]);
    expect(schema.parse(form("20000", "150000")).adjusted).toEqual([{ cover: "disability", chosen: 150_000, saved: 20_000 }]);
    expect(schema.parse(form("52600", "2400")).adjusted).toEqual([
      { cover: "death", chosen: 52_600, saved: 55_000 },
      { cover: "disability", chosen: 2_400, saved: 0 },
    ]);
    // The range's own values are on the steps: nothing to say.
    expect(schema.parse(form("50000", "20000", { deathCoverRange: "80000" })).adjusted).toEqual([]);
  });

  it("keeps one service per code and defaults to save", () => {
    expect(schema.parse(form("50000", "0", { services: ["MENTAL", "MENTAL", "PHYSIO"] }))).toEqual({
      intent: "save",
      sumInsuredForDeathCover: 50_000,
      sumInsuredForDisabilityCover: 0,
      services: ["MENTAL", "PHYSIO"],
      adjusted: [],
    });
    expect(schema.parse(form("50000", "0", { services: "TELEMED", intent: "recalculate" }))).toMatchObject({ services: ["TELEMED"], intent: "recalculate" });
  });

  it("reports every field's error at once, as i18n keys", () => {
    const result = schema.safeParse(form("400000", "", { services: ["SPA"] }));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["sumInsuredForDeathCover", "package.error.death_range"],
      ["sumInsuredForDisabilityCover", "error.required"],
      ["services", "package.error.services"],
    ]);
    const typed = schema.safeParse(form("abc", "250000"));
    expect(typed.error!.issues.map((i) => i.message)).toEqual(["error.integer", "package.error.disability_range"]);
  });
});
