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

// E2E_PORT lets two checkouts run their suites side by side: each uses it and the port after it.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;

// The specs about signing through Dokobit run against a second server, on the next port, that
// signs through the fake Dokobit gateway (E2E_SIGNING=dokobit, tests/e2e/web-server.mjs); every
// other spec runs against the first, on the demo signing. Both servers start at once and the
// specs of both share the workers (docs/decisions/0328).
const DOKOBIT_SPECS = /signing-dokobit\.spec\.ts$/;
const DOKOBIT_PORT = PORT + 1;
const dokobitURL = `http://localhost:${DOKOBIT_PORT}`;

// Debian's Chromium headless shell (`apt-get install chromium-headless-shell`): the same Chromium
// release and Blink as /usr/bin/chromium without the desktop browser around it, the build
// Playwright itself runs headless tests in; the suite took 13.5 minutes in it against 23.9 in the
// full browser (docs/decisions/0326). E2E_CHROMIUM=/usr/bin/chromium runs it in the full browser.
const HEADLESS_SHELL = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell";
// The desktop browser a customer runs (`apt-get install chromium`), for the journey below.
const DESKTOP_CHROMIUM = "/usr/bin/chromium";
// In the shell, V8 without its helper threads and one raster thread: the suite keeps both cores
// busy with Chromium's processes, and their threads only took turns with each other (the tests'
// time 8-11 % less, docs/decisions/0328). Not in the desktop browser, which runs as customers'.
const LEAN_THREADS = ["--js-flags=--single-threaded", "--num-raster-threads=1"];
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
    ...(executablePath === DESKTOP_CHROMIUM ? [] : LEAN_THREADS),
  ],
});
// The whole journey by keyboard, with an axe scan of every step, again in the desktop browser:
// where the shell and the browser customers run would differ, it shows (docs/decisions/0326).
const DESKTOP_SPECS = /keyboard-journey\.spec\.ts$/;

/**
 * A project in `executablePath`, with JavaScript or without: a test of what exists only in the
 * other mode is not collected (tests/e2e/projects.ts). Unless `testMatch` names its specs, it runs
 * every spec but Dokobit's, against the first server.
 */
const project = (name: string, executablePath: string, javaScriptEnabled: boolean, testMatch?: RegExp, url = baseURL) => ({
  name,
  ...(testMatch ? { testMatch } : { testIgnore: DOKOBIT_SPECS }),
  use: { ...devices["Desktop Chrome"], baseURL: url, launchOptions: launchOptions(executablePath), javaScriptEnabled },
  grepInvert: new RegExp(javaScriptEnabled ? WITHOUT_JS : NEEDS_JS),
});

/** The server (tests/e2e/web-server.mjs) on `port`, with `env` over the settings both servers share. */
const server = (port: number, env: Record<string, string> = {}) => ({
  // The server on a fresh data folder, removed when it exits (tests/e2e/web-server.mjs).
  command: "node tests/e2e/web-server.mjs",
  url: `http://localhost:${port}/healthz`,
  reuseExistingServer: false,
  // The start seeds a fresh database; on a loaded 2-core machine that took over a minute.
  timeout: 180_000,
  // Ended as production ends it, so that the wrapper can remove the data folder after it
  // (without this, Playwright kills the process group outright).
  gracefulShutdown: { signal: "SIGTERM" as const, timeout: 30_000 },
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
    HEALTH_DATA_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    // Production with the demo parts asked for (the demo e-ID, signing, integrations, people).
    DEMO: "true",
    // Every test signs in from 127.0.0.1.
    SIGN_IN_STARTS_PER_ADDRESS: "100000",
    EID_PROVIDER: "demo",
    OPS_TOKEN: E2E_OPS_TOKEN,
    // The demo signing, whatever the shell running the tests has set.
    E2E_SIGNING: "demo",
    ...env,
  },
});

export default defineConfig({
  testDir: "tests/e2e",
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
    project("desktop-js-on", DESKTOP_CHROMIUM, true, DESKTOP_SPECS),
    project("desktop-js-off", DESKTOP_CHROMIUM, false, DESKTOP_SPECS),
    project("dokobit-js-on", HEADLESS_SHELL, true, DOKOBIT_SPECS, dokobitURL),
    project("dokobit-js-off", HEADLESS_SHELL, false, DOKOBIT_SPECS, dokobitURL),
  ],
  webServer: [server(PORT), server(DOKOBIT_PORT, { E2E_SIGNING: "dokobit" })],
});
