/**
 * A server process that ends is replaced at once the first time, then after a delay that
 * doubles while they keep ending (app/http/cluster.server.ts): one failing on every request was
 * forked again and again in a loop taking the cores.
 */
import { describe, expect, it } from "vitest";
import { RESTART_DELAY_MAX_MS, RESTART_WINDOW_MS, restartDelay } from "~/http/cluster.server";

const now = 1_000_000_000;

describe("the delay before a server process is replaced", () => {
  it("is none for the first ending, then 1 s, 2 s, 4 s... for endings within the window", () => {
    expect(restartDelay([], now)).toBe(0);
    expect(restartDelay([now - 5_000], now)).toBe(1_000);
    expect(restartDelay([now - 5_000, now - 3_000], now)).toBe(2_000);
    expect(restartDelay([now - 5_000, now - 3_000, now - 1_000], now)).toBe(4_000);
  });

  it("forgets endings older than the window", () => {
    expect(restartDelay([now - RESTART_WINDOW_MS, now - RESTART_WINDOW_MS - 1], now)).toBe(0);
    expect(restartDelay([now - RESTART_WINDOW_MS, now - RESTART_WINDOW_MS + 1], now)).toBe(1_000);
  });

  it("never waits longer than the most", () => {
    const many = Array.from({ length: 30 }, (_, i) => now - i * 100);
    expect(restartDelay(many, now)).toBe(RESTART_DELAY_MAX_MS);
    expect(RESTART_DELAY_MAX_MS).toBe(30_000);
  });
});
