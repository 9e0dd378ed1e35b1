/**
 * A production start refuses Dokobit's sandbox (docs/decisions/0313), naming the setting.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/core/config";
import { PRODUCTION_SETTINGS } from "../support/production-env";

const SESSION = "x7Qp2mVt9LwR4cZs8NbK3hYd6FjG1aEu";
const KEY = "9c1e47b2d85a03f6e1b74c29a05d8e3f7b61c4a92e08d5f3b7a16c09e42d8b5f";
const PRODUCTION = {
  ...PRODUCTION_SETTINGS,
  DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), "production-secrets-")), "data"),
  SESSION_SECRETS: SESSION,
  HEALTH_DATA_KEYS: `k1:${KEY}`,
};

/** The problems loadConfig names for production with `change`, or [] when it accepts it. */
function problemsOf(change: Record<string, string | undefined>): string[] {
  try {
    loadConfig({ ...PRODUCTION, ...change });
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

it("accepts production with its own gateways and random secrets", () => {
  expect(problemsOf({})).toEqual([]);
});

describe("production is explicit about Dokobit", () => {
  it.each([
    ["DOKOBIT_IDENTITY_URL", undefined, "is required with EID_PROVIDER=dokobit"],
    ["DOKOBIT_GATEWAY_URL", undefined, "is required with SIGNING_PROVIDER=dokobit"],
    ["DOKOBIT_IDENTITY_URL", "https://id-sandbox.dokobit.com", "is Dokobit's sandbox"],
    ["DOKOBIT_GATEWAY_URL", "https://gateway-sandbox.dokobit.com/", "is Dokobit's sandbox"],
  ])("refuses %s=%s, naming it", (name, value, problem) => {
    expect(problemsOf({ [name]: value })).toEqual([expect.stringMatching(new RegExp(`^${name} ${problem}.*unless DEMO=true`))]);
  });

  it("lets a demo (DEMO=true) and a development start use the sandbox", () => {
    const demo = loadConfig({ ...PRODUCTION, DEMO: "true", DOKOBIT_IDENTITY_URL: undefined, DOKOBIT_GATEWAY_URL: undefined });
    expect(demo.eid).toMatchObject({ baseUrl: "https://id-sandbox.dokobit.com" });
    expect(demo.signing).toMatchObject({ baseUrl: "https://gateway-sandbox.dokobit.com" });
    const development = loadConfig({ ...PRODUCTION, NODE_ENV: "development", DOKOBIT_GATEWAY_URL: "https://gateway-sandbox.dokobit.com" });
    expect(development.signing).toMatchObject({ baseUrl: "https://gateway-sandbox.dokobit.com" });
  });
});
