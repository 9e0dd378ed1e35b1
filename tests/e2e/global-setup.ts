/**
 * Before the end-to-end tests: print the Chromium builds they run in (the headless shell, and
 * the desktop browser for the journey it runs again, docs/decisions/0326). The accessibility
 * tree changes between versions (Chromium 156 stopped reporting aria-valuetext, issue 24), so a
 * run's output says which ones they were. And fix the run's day (`runDate`) for the workers,
 * which inherit this process's environment.
 */
import { chromium, type FullConfig } from "@playwright/test";
import { RUN_DATE, runDate } from "./run-date";

export default async function globalSetup(config: FullConfig) {
  process.env[RUN_DATE] = runDate();
  const launches = new Map(config.projects.map(({ use }) => [use.launchOptions?.executablePath, use.launchOptions ?? {}]));
  for (const [executablePath, launchOptions] of launches) {
    const browser = await chromium.launch(launchOptions);
    try {
      console.log(`Chromium ${browser.version()} (${executablePath ?? "Playwright's own"})`);
    } finally {
      await browser.close();
    }
  }
}
