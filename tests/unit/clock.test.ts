import { describe, expect, it } from "vitest";
import { addDays, addMonths, dateOf, today } from "~/core/clock";
import { fixedClock } from "../support/clock";

describe("clock", () => {
  it("gives today's date in Europe/Tallinn", () => {
    // 22:30 UTC on 31 December is already 1 January in Tallinn (UTC+2).
    expect(today(fixedClock("2026-12-31T22:30:00Z"))).toBe("2027-01-01");
    expect(today(fixedClock("2026-12-31T21:59:59Z"))).toBe("2026-12-31");
    // Summer time (UTC+3).
    expect(today(fixedClock("2026-06-30T21:00:00Z"))).toBe("2026-07-01");
  });

  it("gives a stored instant's date in Europe/Tallinn, as a Date or as text", () => {
    expect(dateOf("2026-12-31T22:30:00Z")).toBe("2027-01-01");
    expect(dateOf(new Date("2026-12-31T21:59:59Z"))).toBe("2026-12-31");
  });

  it("moves when told to", () => {
    const clock = fixedClock("2026-01-01T10:00:00Z");
    clock.set("2026-02-01T10:00:00Z");
    expect(today(clock)).toBe("2026-02-01");
  });

  it("adds months, clamping to the end of shorter months", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-03-31", 1)).toBe("2026-04-30");
    expect(addMonths("2026-11-15", 2)).toBe("2027-01-15");
    expect(addMonths("2026-05-15", -6)).toBe("2025-11-15");
  });

  it("adds days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});
