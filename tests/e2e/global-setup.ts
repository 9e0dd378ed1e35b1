/**
 * Before the end-to-end tests: print the Chromium they run in. Its accessibility tree changes
 * between versions (Chromium 156 stopped reporting aria-valuetext, issue 24), so a run's
 * output says which one it was.
 */
import { chromium, type FullConfig } from "@playwright/test";

export default async function globalSetup(config: FullConfig) {
  const launchOptions = config.projects[0]?.use.launchOptions ?? {};
  const browser = await chromium.launch(launchOptions);
  try {
    console.log(`Chromium ${browser.version()} (${launchOptions.executablePath ?? "Playwright's own"})`);
  } finally {
    await browser.close();
  }
}
