/**
 * Tests that belong to one of the two projects (playwright.config.ts): a test whose subject
 * exists only with JavaScript (a script's guard, live estimate, popups) or only without it (the
 * server's own answer to what a script would stop) carries its tag, and the other project leaves
 * it out instead of collecting and skipping it. The comment above each says why.
 */
export const NEEDS_JS = "@needs-js";
export const WITHOUT_JS = "@without-js";
