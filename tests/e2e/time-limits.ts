/**
 * Time limits (guards against a hang, never waits) sized for the two cores the suite runs on,
 * longer in proportion when the run has fewer: `os.availableParallelism()` follows the CPU
 * affinity, so `taskset -c 0 npm run test:e2e` doubles them (docs/decisions/0233).
 */
import os from "node:os";

const cpuShare = Math.min(1, os.availableParallelism() / 2);

/** `ms` as a limit for this run's CPU. */
export const timeLimit = (ms: number) => ms / cpuShare;
