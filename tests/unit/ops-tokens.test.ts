/**
 * The operator's token is rotatable as the session secret is (docs/decisions/0315):
 * OPS_TOKENS, a list whose every token opens the operator's doors and whose first the
 * command sends; OPS_TOKEN alone is a list of one.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/core/config";
import { configProblems } from "../support/config-problems";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";

const OLD = "Ops-Old-7fQ2xLm9Vb4Rt8Nz1Kc6Hw3Jd5Gy0Ps";
const NEW = "Ops-New-3Tk8Wq1Zr6Yn4Bm9Xc2Lv7Hf5Dj0Gs";
// Secrets given, so that no development secret is written to a data folder.
const BASE = { NODE_ENV: "test", SESSION_SECRET: "unit-session-secret-4Hq9Zt2Lm7Xb3Vk8Rn", HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY };

const problemsOf = (env: Record<string, string | undefined>): string[] => configProblems({ ...BASE, ...env });
const unnamed = (token: string) => ({ operator: null, token });

describe("OPS_TOKENS", () => {
  it("is read in order, each token trimmed", () => {
    expect(loadConfig({ ...BASE, OPS_TOKENS: ` ${NEW} ,\n${OLD}` }).opsTokens).toEqual([unnamed(NEW), unnamed(OLD)]);
  });

  it("is OPS_TOKEN alone as a list of one, and no list at all without either (the doors closed)", () => {
    expect(loadConfig({ ...BASE, OPS_TOKEN: OLD }).opsTokens).toEqual([unnamed(OLD)]);
    expect(loadConfig(BASE).opsTokens).toEqual([]);
  });

  it("refuses a short token, naming its position and not the value", () => {
    expect(problemsOf({ OPS_TOKENS: `${NEW},${OLD.slice(0, 20)}` })).toEqual([
      "OPS_TOKENS must be a comma-separated list of tokens of at least 32 characters each (token 2 of 2 is not)",
    ]);
    expect(problemsOf({ OPS_TOKENS: `${NEW},` })).toEqual([
      "OPS_TOKENS must be a comma-separated list of tokens of at least 32 characters each (token 2 of 2 is not)",
    ]);
  });

  it("refuses a token given twice (a rotation that pasted the old one again), naming the positions and not the value", () => {
    const problems = problemsOf({ OPS_TOKENS: `${OLD},${NEW},${OLD}` });
    expect(problems).toEqual(["OPS_TOKENS has the same token twice (tokens 1 and 3 of 3)"]);
  });

  it("refuses a session secret given twice the same way (one rule for both lists)", () => {
    expect(problemsOf({ SESSION_SECRET: undefined, SESSION_SECRETS: `${NEW},${NEW}` })).toEqual(["SESSION_SECRETS has the same secret twice (secrets 1 and 2 of 2)"]);
  });

  it("refuses OPS_TOKEN and OPS_TOKENS together, as SESSION_SECRET and SESSION_SECRETS: a rotation must not leave the old one behind", () => {
    expect(problemsOf({ OPS_TOKEN: OLD, OPS_TOKENS: `${NEW},${OLD}` })).toEqual([
      "OPS_TOKENS and OPS_TOKEN are both set: keep only OPS_TOKENS (with the old token in it)",
    ]);
  });
});

describe("OPS_TOKENS naming their operators", () => {
  it("reads <name>:<token> as the operator's token, beside tokens that name no one", () => {
    expect(loadConfig({ ...BASE, OPS_TOKENS: `anna.tamm:${NEW}, jaan_kask-2 : ${OLD} ` }).opsTokens).toEqual([
      { operator: "anna.tamm", token: NEW },
      { operator: "jaan_kask-2", token: OLD },
    ]);
    expect(loadConfig({ ...BASE, OPS_TOKENS: `${NEW},anna.tamm:${OLD}` }).opsTokens).toEqual([unnamed(NEW), { operator: "anna.tamm", token: OLD }]);
  });

  it.each([
    ["a capital letter", "Anna.Tamm"],
    ["a digit first", "1anna"],
    ["one character", "a"],
    ["65 characters", `a${"b".repeat(64)}`],
    ["a blank inside", "anna tamm"],
    ["an e-mail address", "anna@elukaitse.ee"],
    ["a personal code", "anna.38001085718"],
    ["no name before the colon", ""],
    ["a second colon", `anna:tamm`],
  ])("refuses a name with %s, naming the entry's position and neither the name nor the token", (_, name) => {
    const problems = problemsOf({ OPS_TOKENS: `${OLD},${name}:${NEW}` });
    expect(problems).toEqual([expect.stringMatching(/^OPS_TOKENS \(entry 2 of 2\) is neither <token> nor <operator's name>:<token>/)]);
    expect(problems[0]).not.toContain(NEW.slice(0, 12));
    if (name.length > 1) expect(problems[0]).not.toContain(name);
  });

  it("refuses one operator named twice (the audit would not tell who acted), naming the positions", () => {
    expect(problemsOf({ OPS_TOKENS: `anna.tamm:${OLD},${"metrics-token-for-tests-0123456789abcdef"},anna.tamm:${NEW}` })).toEqual([
      "OPS_TOKENS names one operator twice (entries 1 and 3 of 3): one token per person, so that the audit tells who acted",
    ]);
  });

  it("still refuses a named token that is short or given twice, by the token's position and not its value", () => {
    expect(problemsOf({ OPS_TOKENS: `anna.tamm:${NEW},jaan.kask:${NEW}` })).toEqual(["OPS_TOKENS has the same token twice (tokens 1 and 2 of 2)"]);
    expect(problemsOf({ OPS_TOKENS: `anna.tamm:${NEW},jaan.kask:short` })).toEqual([
      "OPS_TOKENS must be a comma-separated list of tokens of at least 32 characters each (token 2 of 2 is not)",
    ]);
  });

  it("refuses a name in OPS_TOKEN, where it would silently be part of the token, without echoing it", () => {
    const problems = problemsOf({ OPS_TOKEN: `anna.tamm:${NEW}` });
    expect(problems).toEqual([expect.stringMatching(/^OPS_TOKEN looks like <operator's name>:<token>: an operator's name is read from OPS_TOKENS only/)]);
    expect(problems[0]).not.toContain(NEW.slice(0, 12));
  });
});
