/**
 * Secrets a production start refuses (docs/decisions/0313): one character repeated, too few
 * different characters (bytes, for a key) to be random, or a value published in this
 * repository. What is wrong is said without the secret itself.
 */
import type { HealthKeyRing } from "./health-data.js";

/**
 * Every value this repository's files hold that could pass for a secret (a token of 32 or more
 * letters, digits, hyphens and underscores, with a letter and a digit): the tests', the
 * end-to-end run's and the benchmarks' secrets and keys, and whatever else has that shape (a
 * digest, a migration's id). Anyone who reads the repository knows them. tests/unit/
 * published-secrets.test.ts finds a new one in any file and asks for it here.
 */
const PUBLISHED = new Set([
  "0003_package_questionnaire_beneficiaries",
  "0026_policy_application_withdrawn",
  "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
  "184da506eeaed5895be84eb19c129306a49fea5a28f1dcb1ba88d1999e6beaa1",
  "4d4e32c9d07353f07e326bdc633cef4ff806b1c6f992d87d6c1709a41cef55d0",
  "4e9f2c7a1b8d3e6f0a5c9b2d7e4f1a8c3b6d9e0f2a7c4b1d8e5f3a6c9b0d2e7f",
  "5923b5d11cbbb84da9da4f0002de1f1ca0905601d761fd737ae3d03e6db5e4c8",
  "5be0c3a94f1d7e2860b9a3c4d5f6071829ab3cd4ef50617283a9b0c1d2e3f405",
  "788d1878-b651-4ffa-9549-1f8bdda8ef2a",
  "910656649cda4686b63c77533a57771a8a14477fd8fcde1c22173b0c35b774e6",
  "9c1e47b2d85a03f6e1b74c29a05d8e3f7b61c4a92e08d5f3b7a16c09e42d8b5f",
  "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  "Ops-New-3Tk8Wq1Zr6Yn4Bm9Xc2Lv7Hf5Dj0Gs",
  "Ops-Old-7fQ2xLm9Vb4Rt8Nz1Kc6Hw3Jd5Gy0Ps",
  "Zk3v9QmX2pL7wR4tB8nC5yH1dF6gJ0sA",
  "another-secret-another-secret-0003",
  "another-token-another-token-0123456789",
  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  "bench-secret-bench-secret-bench-secret-00",
  "built-server-secret-0123456789abcdef0123",
  "cluster-metrics-token-0123456789abcdef01",
  "config-test-Ops-Token-3Jk8Rm5Tz0Yw2Qc7",
  "config-test-Secret-7Hq2Lw9Zp4Xv1Nb6",
  "e2e-dokobit-gateway-access-token",
  "e2e-ops-token-0123456789abcdef0123456789",
  "e2e-session-secret-0123456789abcdef0123456789",
  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  "first-secret-first-secret-first-secret-01",
  "key-typo-session-secret-0123456789abcdef",
  "metrics-token-for-tests-0123456789abcdef",
  "new-secret-new-secret-new-secret-0002",
  "new-session-secret-new-session-secret-4567",
  "nodejs_eventloop_lag_p90_seconds",
  "nodejs_eventloop_lag_p99_seconds",
  "old-secret-old-secret-old-secret-0001",
  "old-session-secret-old-session-secret-0123",
  "older-secret-older-secret-older-secret-01",
  "ops-e2e-unused-session-secret-0123456789",
  "ops-token-for-backup-tests-0123456789abcdef",
  "ops-token-for-key-rotation-0123456789abcd",
  "ops-token-for-tests-0123456789abcdef0123",
  "ops-token-for-the-keys-tests-9Xq4Lm2Vb7",
  "ops-token-rotation-new-3Tk8Wq1Zr6Yn4Bm9",
  "ops-token-rotation-old-7Qx2Lm9Vb4Rt8Nz1",
  "ops-token-rotation-xyz-3Tk8Wq1Zr6Yn4Bm9",
  "package-changed-0123456789abcdef",
  "route-package-changed-0123456789",
  "test-secret-test-secret-test-secret-0123",
  "unit-session-secret-4Hq9Zt2Lm7Xb3Vk8Rn",
  "q8Wd3Lr6Tn1Yc9Vb4Xm7Kh2Pf5Gj0Zs4",
  "x7Qp2mVt9LwR4cZs8NbK3hYd6FjG1aEu",
]);

/** Fewer different characters than this is no random secret: 32 random hexadecimal characters hold fewer once in 28 million. */
const MIN_CHARACTERS = 8;
/** Fewer different bytes than this is no random 256-bit key: 32 random bytes hold fewer once in 10^16. */
const MIN_BYTES = 16;

function weakness(distinct: number, least: number, unit: string, published: boolean): string | null {
  if (published) return "is a value published in this repository (its tests or examples)";
  if (distinct === 1) return `is one ${unit} repeated`;
  if (distinct < least) return `has only ${distinct} different ${unit}s: no random secret`;
  return null;
}

const textWeakness = (secret: string) => weakness(new Set(secret).size, MIN_CHARACTERS, "character", PUBLISHED.has(secret));
const keyWeakness = (key: Uint8Array) => weakness(new Set(key).size, MIN_BYTES, "byte", PUBLISHED.has(Buffer.from(key).toString("hex")));

interface Secrets {
  SESSION_SECRET?: string;
  SESSION_SECRETS?: string[];
  HEALTH_DATA_KEY?: string;
  HEALTH_DATA_KEYS?: HealthKeyRing;
  OPS_TOKEN?: string;
  OPS_TOKENS?: readonly { token: string }[];
}

/**
 * A list as parsed, or none: zod still runs the checks across settings after a list failed
 * its own (with z.NEVER in its place), and that failure is already refused by its message.
 */
const parsed = <T>(list: readonly T[] | undefined): readonly T[] => (Array.isArray(list) ? list : []);

/** Each weak secret set, as [setting, what is wrong]; a ring's entries by their place or key id. */
export function weakSecrets(env: Secrets): [string, string][] {
  const found: [string, string][] = [];
  const check = (name: string, problem: string | null, which = "") => {
    if (problem) found.push([name, `${which}${problem}`]);
  };
  if (env.SESSION_SECRET !== undefined) check("SESSION_SECRET", textWeakness(env.SESSION_SECRET));
  const checkList = (name: string, noun: string, list: readonly string[] | undefined) =>
    parsed(list).forEach((secret, i, all) => check(name, textWeakness(secret), `(${noun} ${i + 1} of ${all.length}) `));
  checkList("SESSION_SECRETS", "secret", env.SESSION_SECRETS);
  if (env.HEALTH_DATA_KEY !== undefined) check("HEALTH_DATA_KEY", keyWeakness(Buffer.from(env.HEALTH_DATA_KEY, "hex")));
  for (const { id, key } of parsed(env.HEALTH_DATA_KEYS)) check("HEALTH_DATA_KEYS", keyWeakness(key), `(the key "${id}") `);
  if (env.OPS_TOKEN !== undefined) check("OPS_TOKEN", textWeakness(env.OPS_TOKEN));
  checkList("OPS_TOKENS", "token", parsed(env.OPS_TOKENS).map((entry) => entry.token));
  found.push(...sharedSecrets(env));
  return found;
}

/**
 * One value given to two settings: each guards something else and travels its own way (the
 * operator's token to /metrics in every scrape, over the network; a session secret never), so
 * the token's holder, or anyone who reads a scrape, would hold the other too (signed cookies and
 * sign-ins; a health-data key opens every answer). Named by setting and place, never the value;
 * a key by its hexadecimal form, as it is given.
 */
function sharedSecrets(env: Secrets): [string, string][] {
  const places: [string, string, string][] = [];
  // A key is compared by its bytes: the same 64 hexadecimal characters in another case are the same key.
  const add = (name: string, which: string, value: string) => places.push([name, which, /^[0-9a-f]{64}$/i.test(value) ? value.toLowerCase() : value]);
  if (env.SESSION_SECRET !== undefined) add("SESSION_SECRET", "", env.SESSION_SECRET);
  parsed(env.SESSION_SECRETS).forEach((secret, i, all) => add("SESSION_SECRETS", `secret ${i + 1} of ${all.length}`, secret));
  if (env.HEALTH_DATA_KEY !== undefined) add("HEALTH_DATA_KEY", "", env.HEALTH_DATA_KEY.toLowerCase());
  for (const { id, key } of parsed(env.HEALTH_DATA_KEYS)) add("HEALTH_DATA_KEYS", `the key "${id}"`, Buffer.from(key).toString("hex"));
  if (env.OPS_TOKEN !== undefined) add("OPS_TOKEN", "", env.OPS_TOKEN);
  parsed(env.OPS_TOKENS).forEach(({ token }, i, all) => add("OPS_TOKENS", `token ${i + 1} of ${all.length}`, token));
  const found: [string, string][] = [];
  const named = ([name, which]: [string, string, string]) => (which ? `${name} (${which})` : name);
  places.forEach((place, i) => {
    const first = places.findIndex(([name, , value]) => value === place[2] && name !== place[0]);
    if (first >= 0 && first < i) found.push([place[0], `${place[1] ? `(${place[1]}) ` : ""}is the value of ${named(places[first])} too: each setting its own secret`]);
  });
  return found;
}
