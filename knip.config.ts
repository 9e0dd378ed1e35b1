/**
 * knip: unused files, exports, types and dependencies fail `npm test` (`npm run lint:unused`,
 * docs/decisions/0195-knip-for-dead-code.md). Two runs: the default one (tests count as users),
 * and `--production` (only what ships counts), so code that only tests use is found too;
 * test-only helpers belong in tests/support.
 *
 * Entry files are globs by convention, not lists of files, so moving or adding a module needs no
 * change here. Ignore only what is used in a way knip cannot see, and say why next to it.
 */
import type { KnipConfig } from "knip";

// `knip --production` (or --strict): only production entries and files count as users.
const production = process.argv.includes("--production") || process.argv.includes("--strict");

const config: KnipConfig = {
  remix: {
    config: ["remix.config.js"],
    // The plugin's defaults, less the *.server.ts route helpers: remix.config.js
    // `ignoredRouteFiles` keeps them from being routes, so they are ordinary modules whose
    // exports must be used. (A plugin's entries count in production mode as they are.)
    entry: [
      "app/root.tsx",
      "app/entry.{client,server}.tsx",
      "app/routes/**/*.{ts,tsx}",
      "!app/routes/**/*.server.ts",
      "server.ts",
    ],
    // The project (below) already holds these files. Without this, `--production` would take
    // the entries as the plugin's project and leave the route helpers (*.server.ts) out of it.
    project: [],
  },
  entry: [
    // The operator command (`npm run ops`) runs where the server runs: a production entry (the
    // default run finds it in package.json already).
    ...(production ? ["scripts/ops.ts!"] : []),
    // Commands run with node or tsx (package.json scripts, or by hand as their header says).
    "scripts/!(ops).{mjs,ts}",
    // `node scripts/bench/compare.mjs before.json after.json`, run by hand (README.md "Benchmarks").
    "scripts/bench/compare.mjs",
    // The fake Dokobit gateway as a process, which tests/e2e/web-server.mjs starts with tsx for
    // the end-to-end server on Dokobit (E2E_SIGNING=dokobit, playwright.config.ts).
    "tests/e2e/dokobit-gateway-server.ts",
    // The document threads' entry (app/core/documents/workers.ts): server.ts names it as a file,
    // and scripts/build-server.mjs bundles it beside the server. It ships.
    "app/core/documents/worker.ts!",
    // Loaded into the benchmarked server with `node --import` (scripts/bench/server.mjs).
    "scripts/bench/preload.mjs",
    // The bench's bare Remix page (bench/reference), a project of its own that
    // scripts/bench/reference.mjs builds and serves.
    "bench/reference/app/root.tsx",
    "bench/reference/app/routes/*.tsx",
    "bench/reference/{remix.config.js,server.mjs}",
  ],
  // `--production` looks at what ships: the app and server.ts (and `npm start`, which knip finds
  // in package.json). Tests, fakes, benchmarks and build tools are development files. A `!`
  // suffix marks a production pattern.
  project: ["**/*.{js,mjs,ts,tsx}!", "!{tests,scripts,bench}/**!"],
  // The default run: every export must be imported somewhere (tests included), or lose its
  // `export`; a type or interface that only its own module uses may stay exported, as the
  // published shape of that module's functions. The production run: an export that production
  // code uses nowhere, not even in its own file, is test-only code (tests/support) or dead; one
  // that production uses in its file and tests import is tested, not test-only.
  ignoreExportsUsedInFile: production ? true : { type: true, interface: true },
  ignoreDependencies: [
    // Imported by Remix's default entry.server, which the bench's bare page (bench/reference)
    // builds with as a stock project does; the app's own entry renders every page whole for
    // every visitor and asks no user agent (docs/decisions/0248).
    "isbot",
    // `--production` counts only the `start` script as production, but a production install
    // (`NODE_ENV=production npm ci`) also runs `postinstall` (patch-package) and the server's
    // machine runs `npm run ops` (tsx): both are dependencies (tests/unit/production-install.test.ts).
    ...(production ? ["patch-package", "tsx"] : []),
  ],
  ignoreBinaries: [
    // System tools (poppler-utils, zbar-tools) that .ci/run installs with apt, not npm packages.
    "pdftoppm",
    "zbarimg",
    // The system's openssl, which makes the certificate of the bench's HTTP/2 front
    // (scripts/bench/h2-front.mjs); the bench is run by hand, not in CI.
    "openssl",
  ],
};

export default config;
