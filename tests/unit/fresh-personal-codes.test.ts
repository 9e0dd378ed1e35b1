/** The tests' own customers: fresh personal codes never repeat, in one process or across the suite's processes. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_PERSONS } from "~/core/auth/demo";
import { ageOn, parsePersonalCode } from "~/lib/personal-code";

/** The module as a process with this Playwright worker index loads it. */
async function inWorker(index: number) {
  vi.resetModules();
  vi.stubEnv("TEST_WORKER_INDEX", String(index));
  return (await import("../support/personal-codes")).freshPersonalCode;
}

afterEach(() => vi.unstubAllEnvs());

describe("freshPersonalCode", () => {
  it("gives codes of the age asked, far from a birthday, none twice and none a demo person's, across workers", async () => {
    const seen = new Set<string>();
    for (const index of [0, 1, 2, 3]) {
      const fresh = await inWorker(index);
      for (let i = 0; i < 1_500; i++) {
        const code = fresh({ age: 35, sex: i % 2 ? "M" : "F", today: "2026-12-01" });
        const person = parsePersonalCode(code);
        expect(person, code).not.toBeNull();
        expect(ageOn(person!.dateOfBirth, "2026-12-01")).toBe(35);
        // Still 35 a month on: a test's start date or clock moved ahead meets the same age.
        expect(ageOn(person!.dateOfBirth, "2026-12-31")).toBe(35);
        expect(DEMO_PERSONS[code]).toBeUndefined();
        seen.add(code);
      }
    }
    expect(seen.size).toBe(4 * 1_500);
  });
});
