/**
 * Before the end-to-end tests: print the Chromium they run in. Its accessibility tree changes
 * between versions (Chromium 156 stopped reporting aria-valuetext, issue 24), so a run's
 * output says which one it was. And fix the run's day (`runDate`) for the workers, which
 * inherit this process's environment.
 */
import { chromium, type FullConfig } from "@playwright/test";
import { RUN_DATE, runDate } from "./run-date";

export default async function globalSetup(config: FullConfig) {
  process.env[RUN_DATE] = runDate();
  const launchOptions = config.projects[0]?.use.launchOptions ?? {};
  const browser = await chromium.launch(launchOptions);
  try {
    console.log(`Chromium ${browser.version()} (${launchOptions.executablePath ?? "Playwright's own"})`);
  } finally {
    await browser.close();
  }
}
