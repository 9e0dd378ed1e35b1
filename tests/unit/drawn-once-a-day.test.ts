import { describe, expect, it } from "vitest";
import { drawnOnceADay } from "~/core/documents/drawn-once-a-day";
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
