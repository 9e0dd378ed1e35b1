/**
 * Secrets a production start refuses (docs/decisions/0313): one character repeated, too few
 * different characters (bytes, for a key) to be random, or a value published in this
 * repository. What is wrong is said without the secret itself.
 */
import type { HealthKeyRing } from "./health-data.js";

/**
 * The secrets and keys of this repository's tests, end-to-end run and benchmarks: anyone who
 * reads the code knows them. A secret that ships in the repository belongs here.
 */
const PUBLISHED = new Set([
  // tests/support/keys.ts, playwright.config.ts
  "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
  "test-secret-test-secret-test-secret-0123",
  "built-server-secret-0123456789abcdef0123",
  "e2e-session-secret-0123456789abcdef0123456789",
  "ops-e2e-unused-session-secret-0123456789",
  "e2e-ops-token-0123456789abcdef0123456789",
  "bench-secret-bench-secret-bench-secret-00",
  "old-session-secret-old-session-secret-0123",
  "new-session-secret-new-session-secret-4567",
  "ops-token-for-tests-0123456789abcdef0123",
  "ops-token-for-key-rotation-0123456789abcd",
  "metrics-token-for-tests-0123456789abcdef",
  "cluster-metrics-token-0123456789abcdef01",
  "ops-token-rotation-old-7Qx2Lm9Vb4Rt8Nz1",
  "ops-token-rotation-new-3Tk8Wq1Zr6Yn4Bm9",
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
  OPS_TOKENS?: string[];
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
  const checkList = (name: string, noun: string, list: string[] | undefined) =>
    parsed(list).forEach((secret, i, all) => check(name, textWeakness(secret), `(${noun} ${i + 1} of ${all.length}) `));
  checkList("SESSION_SECRETS", "secret", env.SESSION_SECRETS);
  if (env.HEALTH_DATA_KEY !== undefined) check("HEALTH_DATA_KEY", keyWeakness(Buffer.from(env.HEALTH_DATA_KEY, "hex")));
  for (const { id, key } of parsed(env.HEALTH_DATA_KEYS)) check("HEALTH_DATA_KEYS", keyWeakness(key), `(the key "${id}") `);
  if (env.OPS_TOKEN !== undefined) check("OPS_TOKEN", textWeakness(env.OPS_TOKEN));
  checkList("OPS_TOKENS", "token", env.OPS_TOKENS);
  return found;
}
