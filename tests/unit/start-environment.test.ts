/**
 * `npm start`'s environment (scripts/start/environment.mjs, docs/decisions/0100): only an unset
 * NODE_ENV means the demo; a NODE_ENV the shell sets is passed on as it is, DEMO included.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/core/config";
import { startEnvironment } from "../../scripts/start/environment.mjs";

describe("npm start's environment", () => {
  it("with nothing set is the demo: production mode with the demo parts asked for", () => {
    expect(startEnvironment({ PORT: "3000" })).toEqual({ PORT: "3000", NODE_ENV: "production", DEMO: "true" });
    expect(startEnvironment({ NODE_ENV: "", DEMO: "" })).toMatchObject({ NODE_ENV: "production", DEMO: "true" });
  });

  it("keeps a DEMO the shell sets when NODE_ENV is unset", () => {
    expect(startEnvironment({ DEMO: "false" })).toEqual({ NODE_ENV: "production", DEMO: "false" });
  });

  it.each(["production", "development", "test"])("passes NODE_ENV=%s on untouched, adding no DEMO", (mode) => {
    expect(startEnvironment({ NODE_ENV: mode })).toEqual({ NODE_ENV: mode });
    expect(startEnvironment({ NODE_ENV: mode, DEMO: "true" })).toEqual({ NODE_ENV: mode, DEMO: "true" });
  });

  it("NODE_ENV=production without DEMO is a real deployment: the configuration refuses the demo parts", () => {
    expect(() => loadConfig(startEnvironment({ NODE_ENV: "production" }))).toThrow(/EID_PROVIDER is demo/);
  });
});
