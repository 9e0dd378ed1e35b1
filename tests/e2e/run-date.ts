/** The environment variable that holds the run's first day: set once by global-setup.ts, inherited by every worker. */
export const RUN_DATE = "E2E_RUN_DATE";

/** The day (UTC, YYYY-MM-DD) the run began, whatever the time is now. */
export function runDate(): string {
  return process.env[RUN_DATE] ?? new Date().toISOString().slice(0, 10);
}
