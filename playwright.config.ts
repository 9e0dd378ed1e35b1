/**
 * End-to-end tests (tests/e2e) against the production build, in Debian's Chromium, once with
 * JavaScript and once without. `npm run test:e2e` builds first; the server gets a fresh data
 * folder on every run, so the demo persons start from their seeded states.
 */
import { defineConfig, devices } from "@playwright/test";
// The time limits are guards against a hang, not waits: a test waits for the state it asserts
// (hydration, the schema in use), never for time (docs/decisions/0233).
import { timeLimit } from "./tests/e2e/time-limits";
import { NEEDS_JS, WITHOUT_JS } from "./tests/e2e/projects";
import { E2E_OPS_TOKEN } from "./tests/e2e/ops-token";

// E2E_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;

// E2E_SIGNING=dokobit: the server signs through the fake Dokobit gateway (tests/e2e/web-server.mjs),
// and only the specs about that provider run; every other spec runs on the demo signing.
const DOKOBIT_SPECS = /signing-dokobit\.spec\.ts$/;
const onDokobit = process.env.E2E_SIGNING === "dokobit";

// Debian's Chromium headless shell (`apt-get install chromium-headless-shell`): the same Chromium
// release and Blink as /usr/bin/chromium without the desktop browser around it, the build
// Playwright itself runs headless tests in; the suite took 13.5 minutes in it against 23.9 in the
// full browser (docs/decisions/0326). E2E_CHROMIUM=/usr/bin/chromium runs it in the full browser.
const HEADLESS_SHELL = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell";
// The desktop browser a customer runs (`apt-get install chromium`), for the journey below.
const DESKTOP_CHROMIUM = "/usr/bin/chromium";
const launchOptions = (executablePath: string) => ({
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
// The whole journey by keyboard, with an axe scan of every step, again in the desktop browser:
// where the shell and the browser customers run would differ, it shows (docs/decisions/0326).
const DESKTOP_SPECS = /keyboard-journey\.spec\.ts$/;

/**
 * A project in `executablePath`, with JavaScript or without: a test of what exists only in the
 * other mode is not collected (tests/e2e/projects.ts).
 */
const project = (name: string, executablePath: string, javaScriptEnabled: boolean, testMatch?: RegExp) => ({
  name,
  ...(testMatch ? { testMatch } : {}),
  use: { ...devices["Desktop Chrome"], baseURL, launchOptions: launchOptions(executablePath), javaScriptEnabled },
  grepInvert: new RegExp(javaScriptEnabled ? WITHOUT_JS : NEEDS_JS),
});

export default defineConfig({
  testDir: "tests/e2e",
  ...(onDokobit ? { testMatch: DOKOBIT_SPECS } : { testIgnore: DOKOBIT_SPECS }),
  // Prints the Chromium versions the run used.
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: timeLimit(30_000),
  expect: { timeout: timeLimit(5_000) },
  use: {
    baseURL,
    trace: "off",
    screenshot: "off",
    video: "off",
  },
  projects: [
    project("js-on", HEADLESS_SHELL, true),
    project("js-off", HEADLESS_SHELL, false),
    ...(onDokobit ? [] : [project("desktop-js-on", DESKTOP_CHROMIUM, true, DESKTOP_SPECS), project("desktop-js-off", DESKTOP_CHROMIUM, false, DESKTOP_SPECS)]),
  ],
  webServer: {
    // The server on a fresh data folder, removed when it exits (tests/e2e/web-server.mjs).
    command: "node tests/e2e/web-server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // The start seeds a fresh database; on a loaded 2-core machine that took over a minute.
    timeout: 180_000,
    // Ended as production ends it, so that the wrapper can remove the data folder after it
    // (without this, Playwright kills the process group outright).
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
      HEALTH_DATA_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
      // Production with the demo parts asked for (the demo e-ID, signing, integrations, people).
      DEMO: "true",
      // Every test signs in from 127.0.0.1.
      SIGN_IN_STARTS_PER_ADDRESS: "100000",
      EID_PROVIDER: "demo",
      OPS_TOKEN: E2E_OPS_TOKEN,
    },
  },
});
