// `npm test` and `npm run test:e2e` start here: without Debian's Chromium (the browser
// playwright.config.ts launches) they stop with one line saying how to install it, instead
// of a browser launch error minutes later.
import { accessSync, constants } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
try {
  accessSync(CHROMIUM, constants.X_OK);
} catch {
  console.error(`The end-to-end tests need Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (as root), then run the tests again.`);
  process.exit(1);
}
