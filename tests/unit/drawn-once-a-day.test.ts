import { describe, expect, it } from "vitest";
import { drawnOnceADay } from "~/core/documents/drawn-once-a-day";
import { demoInsurer } from "~/core/config";
import { preContractService } from "~/core/pre-contract";
import { fixedClock } from "../support/clock";

describe("a document drawn once a day", () => {
  it("is not kept when its drawing failed: the next request draws it again", async () => {
    const once = drawnOnceADay(fixedClock("2026-12-06T10:00:00Z"));
    let calls = 0;
    const draw = async () => {
      calls++;
      if (calls === 1) throw new Error("thread gone");
      return new Uint8Array([calls]);
    };
    await expect(once("conditions:et", draw)).rejects.toThrow("thread gone");
    expect(await once("conditions:et", draw)).toEqual(new Uint8Array([2]));
    expect(await once("conditions:et", draw)).toEqual(new Uint8Array([2]));
    expect(calls).toBe(2);
  });
});

describe("the public pre-contract information drawn once a day", () => {
  it("keeps for the new day only a document of the new day, even when the day turns while it is being asked for", async () => {
    const clock = fixedClock("2026-12-31T21:59:59.999Z"); // a moment before midnight in Tallinn
    // The document's date, as it prints it.
    const drawnDates: string[] = [];
    const service = preContractService({
      clock,
      insurer: demoInsurer(),
      dueDays: 14,
      proposal: {} as never,
      smoker: async () => false,
      pdf: async (model) => {
        drawnDates.push(JSON.stringify(model).includes("31.12.2026") ? "31.12.2026" : "01.01.2027");
        return new TextEncoder().encode(JSON.stringify(model));
      },
    });
    const asked = service.document(null, "en");
    // Midnight strikes while the request is under way (after its first await).
    clock.set("2026-12-31T22:00:00.001Z");
    await asked;
    // Any later request of the new day gets the new day's document, not one drawn from yesterday's date.
    const later = await service.document(null, "en");
    expect(new TextDecoder().decode(later.bytes)).not.toContain("31.12.2026");
    expect(drawnDates.at(-1)).toBe("01.01.2027");
  });
});
