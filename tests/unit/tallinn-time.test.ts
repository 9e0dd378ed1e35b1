/**
 * An instant as a Tallinn date and time (app/lib/tallinn-time.ts): the same in every language and
 * server time zone, and naming one instant only in the hour the clocks go back.
 */
import { describe, expect, it } from "vitest";
import { tallinnDateTime } from "~/lib/tallinn-time";

describe("an instant in Tallinn's time", () => {
  it("is the Tallinn date and clock time in winter and in summer", () => {
    expect(tallinnDateTime("2026-01-15T10:05:59Z")).toEqual({ date: "15.01.2026", time: "12:05" });
    expect(tallinnDateTime("2026-07-15T21:30:00Z")).toEqual({ date: "16.07.2026", time: "00:30" });
  });

  it("names its offset in the hour that comes twice when the clocks go back (25 October 2026), and only then", () => {
    // 04:00 summer time becomes 03:00 winter time at 01:00 UTC: 03:00–03:59 comes twice.
    expect(tallinnDateTime("2026-10-25T00:30:00Z")).toEqual({ date: "25.10.2026", time: "03:30 (UTC+3)" });
    expect(tallinnDateTime("2026-10-25T01:30:00Z")).toEqual({ date: "25.10.2026", time: "03:30 (UTC+2)" });
    expect(tallinnDateTime("2026-10-25T00:00:00Z").time).toBe("03:00 (UTC+3)");
    // An instant with seconds and milliseconds (a session's end counted from a request's moment).
    expect(tallinnDateTime("2026-10-25T01:05:20.537Z").time).toBe("03:05 (UTC+2)");
    expect(tallinnDateTime("2026-10-25T00:05:59.999Z").time).toBe("03:05 (UTC+3)");
    expect(tallinnDateTime("2026-10-25T01:59:00Z").time).toBe("03:59 (UTC+2)");
    expect(tallinnDateTime("2026-10-24T23:59:00Z").time).toBe("02:59");
    expect(tallinnDateTime("2026-10-25T02:00:00Z").time).toBe("04:00");
  });

  it("needs no offset when the clocks go forward (29 March 2026: 03:00–03:59 never comes)", () => {
    expect(tallinnDateTime("2026-03-29T00:59:00Z").time).toBe("02:59");
    expect(tallinnDateTime("2026-03-29T01:00:00Z").time).toBe("04:00");
  });
});
