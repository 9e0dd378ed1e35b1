// `npm test` and `npm run test:e2e` start here: without Debian's Chromium headless shell (the
// browser playwright.config.ts runs the tests in) or its desktop Chromium (the keyboard journey
// runs there again, docs/decisions/0326) they stop with one line saying how to install it,
// instead of a browser launch error minutes later.
import { accessSync, constants } from "node:fs";

const BROWSERS = [
  { path: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell", name: "Chromium's headless shell", pkg: "chromium-headless-shell" },
  { path: "/usr/bin/chromium", name: "Chromium", pkg: "chromium" },
];
for (const browser of BROWSERS) {
  try {
    accessSync(browser.path, constants.X_OK);
  } catch {
    console.error(`The end-to-end tests need ${browser.name} at ${browser.path}: install it with \`apt-get install -y ${browser.pkg}\` (as root), then run the tests again.`);
    process.exit(1);
  }
}
