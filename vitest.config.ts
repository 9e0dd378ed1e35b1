import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Integration files that time the server (a slow client cut within its timeout, a hostile
 * body answered within a second while /healthz stays fast) or start servers of their own in
 * other processes: they run one at a time after the rest, so a neighbour's load is never in
 * what they measure (docs/decisions/0249).
 */
const TIMED = [
  "tests/integration/fuzz.test.ts",
  "tests/integration/request-limits.test.ts",
  "tests/integration/slow-clients.test.ts",
  "tests/integration/two-instances.test.ts",
  "tests/integration/database-outage.test.ts",
  "tests/integration/stopping.test.ts",
  "tests/integration/cluster-restarts.test.ts",
];

const integration = {
  environment: "node",
  globalSetup: ["tests/integration/global-setup.ts"],
  // A test during which Remix or React warned fails (docs/decisions/0334).
  setupFiles: ["tests/support/framework-warnings.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The app's modules loaded once per worker, not again for each file (docs/decisions/0325).
  isolate: false,
};

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    projects: [
      {
        extends: true,
        // Modules loaded once per worker, not again for each file (docs/decisions/0325).
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", isolate: false, setupFiles: ["tests/support/framework-warnings.ts"] },
      },
      {
        extends: true,
        // Two files at a time: each waits on its database and server as much as it computes.
        test: { ...integration, name: "integration", include: ["tests/integration/**/*.test.ts"], exclude: TIMED, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { ...integration, name: "integration-timed", include: TIMED, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
