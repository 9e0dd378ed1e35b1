/**
 * A production start refuses Dokobit's sandbox and secrets anyone could guess or read in this
 * repository (docs/decisions/0313), naming the setting and never printing the secret.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/core/config";
import { E2E_OPS_TOKEN } from "../e2e/ops-token";
import { configProblems } from "../support/config-problems";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { PRODUCTION_SETTINGS } from "../support/production-env";

// Random at each run: a secret written here would be published, and refused (tests/unit/published-secrets.test.ts).
const SESSION = randomBytes(24).toString("base64url");
const KEY = randomBytes(32).toString("hex");
const TOKEN = randomBytes(24).toString("base64url");
const OTHER_TOKEN = randomBytes(24).toString("base64url");
const root = mkdtempSync(path.join(tmpdir(), "production-secrets-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const PRODUCTION = {
  ...PRODUCTION_SETTINGS,
  DATA_DIR: path.join(root, "data"),
  SESSION_SECRETS: SESSION,
  HEALTH_DATA_KEYS: `k1:${KEY}`,
};

/** The problems loadConfig names for production with `change`, or [] when it accepts it. */
const problemsOf = (change: Record<string, string | undefined>): string[] => configProblems({ ...PRODUCTION, ...change });

it("accepts production with its own gateways and random secrets", () => {
  expect(problemsOf({ OPS_TOKEN: TOKEN })).toEqual([]);
  expect(problemsOf({ OPS_TOKENS: `${TOKEN},${OTHER_TOKEN}` })).toEqual([]);
  expect(problemsOf({ OPS_TOKENS: `anna.tamm:${TOKEN},${OTHER_TOKEN}` })).toEqual([]);
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

describe("production refuses weak secrets, naming the setting and not the secret", () => {
  it.each([
    ["an all-zero key", { HEALTH_DATA_KEYS: `k1:${"0".repeat(64)}` }, "HEALTH_DATA_KEYS"],
    ["a key of two bytes repeated", { HEALTH_DATA_KEYS: `k2:${KEY},k1:${"3f9a".repeat(16)}` }, "HEALTH_DATA_KEYS"],
    ["the tests' key (tests/support/keys.ts)", { HEALTH_DATA_KEYS: undefined, HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY }, "HEALTH_DATA_KEY"],
    ["the tests' key in the ring", { HEALTH_DATA_KEYS: `k2:${KEY},legacy:${TEST_HEALTH_DATA_KEY}` }, "HEALTH_DATA_KEYS"],
    ["a session secret of one character", { SESSION_SECRETS: "a".repeat(32) }, "SESSION_SECRETS"],
    ["a second session secret of few characters", { SESSION_SECRETS: `${SESSION},abababababababababababababababab` }, "SESSION_SECRETS"],
    ["the tests' session secret", { SESSION_SECRETS: undefined, SESSION_SECRET: "test-secret-test-secret-test-secret-0123" }, "SESSION_SECRET"],
    ["the end-to-end run's ops token", { OPS_TOKEN: E2E_OPS_TOKEN }, "OPS_TOKEN"],
    ["an ops token of one character", { OPS_TOKEN: "z".repeat(40) }, "OPS_TOKEN"],
    ["the end-to-end run's ops token second in the list", { OPS_TOKENS: `${TOKEN},${E2E_OPS_TOKEN}` }, "OPS_TOKENS \\(token 2 of 2\\)"],
    ["a first ops token of few characters", { OPS_TOKENS: `abababababababababababababababab,${TOKEN}` }, "OPS_TOKENS \\(token 1 of 2\\)"],
    ["the end-to-end run's ops token under an operator's name", { OPS_TOKENS: `anna.tamm:${TOKEN},jaan.kask:${E2E_OPS_TOKEN}` }, "OPS_TOKENS \\(token 2 of 2\\)"],
    // One value for two settings: the ops token goes to /metrics in every scrape, over the network.
    ["the session secret as the ops token", { OPS_TOKEN: SESSION }, "OPS_TOKEN is the value of SESSION_SECRETS \\(secret 1 of 1\\)"],
    ["the session secret as an operator's token", { OPS_TOKENS: `${TOKEN},anna.tamm:${SESSION}` }, "OPS_TOKENS \\(token 2 of 2\\) is the value of SESSION_SECRETS"],
    ["the health-data key as a session secret", { SESSION_SECRETS: `${SESSION},${KEY}` }, 'HEALTH_DATA_KEYS \\(the key "k1"\\) is the value of SESSION_SECRETS \\(secret 2 of 2\\)'],
    ["the health-data key in capitals as a session secret", { SESSION_SECRETS: `${SESSION},${KEY.toUpperCase()}` }, 'HEALTH_DATA_KEYS \\(the key "k1"\\) is the value of SESSION_SECRETS \\(secret 2 of 2\\)'],
  ])("refuses %s", (_, change, name) => {
    const problems = problemsOf(change);
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name} .*refused when NODE_ENV=production \\(unless DEMO=true\\)`))]);
    for (const secret of Object.values(change)) if (secret) expect(problems[0]).not.toContain(secret.replace(/^k\d:/, "").slice(0, 16));
  });

  it.each([
    ["SESSION_SECRET of blanks", { SESSION_SECRETS: undefined, SESSION_SECRET: " ".repeat(40) }, "SESSION_SECRET"],
    ["OPS_TOKEN of blanks (HTTP trims header values: it could never be sent)", { OPS_TOKEN: " ".repeat(40) }, "OPS_TOKEN"],
  ])("refuses a %s as too short, trimmed as SESSION_SECRETS is", (_, change, name) => {
    expect(problemsOf(change)).toContain(`${name} must be at least 32 characters`);
  });

  it.each([
    ["a health-data key of 63 hexadecimal characters", { HEALTH_DATA_KEYS: `k1:${KEY.slice(1)}` }, "HEALTH_DATA_KEYS must be a comma-separated list of <key id>"],
    ["a key id twice", { HEALTH_DATA_KEYS: `k1:${KEY},k1:${KEY}` }, "HEALTH_DATA_KEYS names a key id more than once: k1"],
    ["a short second ops token", { OPS_TOKENS: `${SESSION},short` }, "OPS_TOKENS must be a comma-separated list of tokens of at least 32 characters each (token 2 of 2 is not)"],
    ["an ops token twice", { OPS_TOKENS: `${SESSION},${SESSION}` }, "OPS_TOKENS has the same token twice (tokens 1 and 2 of 2)"],
    ["an ops token's malformed name", { OPS_TOKENS: `Anna:${SESSION}` }, "OPS_TOKENS (entry 1 of 1) is neither <token> nor <operator's name>:<token>"],
    ["one operator named twice", { OPS_TOKENS: `anna.tamm:${SESSION},anna.tamm:${TOKEN}` }, "OPS_TOKENS names one operator twice (entries 1 and 2 of 2)"],
    ["a session secret twice", { SESSION_SECRETS: `${SESSION},${SESSION}` }, "SESSION_SECRETS has the same secret twice (secrets 1 and 2 of 2)"],
  ])("refuses a list that does not parse (%s) by its own message, not with a TypeError of the weak-secret check", (_, change, problem) => {
    expect(problemsOf(change)).toEqual([expect.stringMatching(new RegExp(`^${problem.replace(/[()<>]/g, "\\$&")}`))]);
  });

  it("reads a secret with blanks around it as the secret", () => {
    const config = loadConfig({ ...PRODUCTION, SESSION_SECRETS: undefined, SESSION_SECRET: ` ${SESSION}\n`, OPS_TOKEN: ` ${TOKEN} ` });
    expect(config.sessionSecrets).toEqual([SESSION]);
    expect(config.opsTokens).toEqual([{ operator: null, token: TOKEN }]);
  });
});
