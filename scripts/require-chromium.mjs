// `npm test` and `npm run test:e2e` start here: without Debian's Chromium headless shell (the
// browser playwright.config.ts launches, docs/decisions/0326) they stop with one line saying
// how to install it, instead of a browser launch error minutes later.
import { accessSync, constants } from "node:fs";

const CHROMIUM = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell";
try {
  accessSync(CHROMIUM, constants.X_OK);
} catch {
  console.error(`The end-to-end tests need Chromium's headless shell at ${CHROMIUM}: install it with \`apt-get install -y chromium-headless-shell\` (as root), then run the tests again.`);
  process.exit(1);
}
