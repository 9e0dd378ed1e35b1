import { describe, expect, it } from "vitest";
import { tallinnYear } from "~/components/later-layout";

describe("the footer's year on a page without the root's data", () => {
  it("is Tallinn's, not the machine's: the new year comes at 22:00 UTC (winter time)", () => {
    expect(tallinnYear(Date.parse("2026-12-31T21:59:59Z"))).toBe(2026);
    expect(tallinnYear(Date.parse("2026-12-31T22:00:00Z"))).toBe(2027);
    expect(tallinnYear(Date.parse("2027-01-01T01:30:00Z"))).toBe(2027);
  });
});
