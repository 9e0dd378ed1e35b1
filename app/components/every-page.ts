/**
 * What the root puts on every page (the shell, the failed-request handling, the focus and
 * session pieces, the modal) and the routes use too. Routes, components and the modules
 * loaded after hydration import these from here, never from their files: the browser build
 * puts a file into the chunk of the routes that reach it, so every file reached only through
 * here is in one chunk that every page loads anyway, not a dozen small ones each compressed
 * on its own (about 0.1 KB gzip apiece, docs/decisions/0043). The files behind it import one
 * another directly; tests/unit/browser-modules.test.ts keeps the rest to this module.
 */
export * from "./analytics-consent";
export * from "./focus";
export * from "./hydrate-later";
export * from "./form-shell";
export * from "./i18n-resources";
export * from "./page";
export * from "./request-failure";
export * from "./session-timer";
export * from "./shell";
export * from "~/lib/after-hydration";
export * from "~/lib/analytics";
export * from "~/lib/submission-key";
export * from "~/lib/typed-before-hydration";
