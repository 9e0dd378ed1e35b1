/** A clock the test sets: every "today"-dependent rule takes a Clock (app/core/clock.ts), so tests move time. */
import type { Clock } from "~/core/clock";

export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void } {
  let current = new Date(at);
  return { now: () => new Date(current), set: (next) => (current = new Date(next)) };
}
