/**
 * A production start refuses every secret this repository publishes (docs/decisions/0313): any
 * value in its files that could pass for a secret or a key is on the list of app/core/
 * weak-secrets.ts. A hand-kept list missed the values of tests written after it; this finds
 * them in every file git tracks, so a new test's secret fails here until it is listed (or made
 * at run time, never written down).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { weakSecrets } from "~/core/weak-secrets";

/** A token that could pass for a secret: 32 or more letters, digits, hyphens or underscores, with a letter and a digit, quoted or after `=`, `:` or `,`. */
const SHAPE = /(?<=["'`:=,])[A-Za-z0-9_-]{32,}(?=["'`,])/g;
const secretLike = (token: string) => /\d/.test(token) && /[A-Za-z]/.test(token);

function tokensInRepository(): Map<string, string> {
  const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
  const found = new Map<string, string>();
  for (const file of files) {
    if (/\.(png|ico|pdf|woff2?|br|gz)$/.test(file)) continue;
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue; // listed but not checked out (a large file)
    }
    for (const token of text.match(SHAPE) ?? []) if (secretLike(token) && !found.has(token)) found.set(token, file);
  }
  return found;
}

it("refuses in production every value in the repository's files that could pass for a secret or a key", () => {
  const tokens = tokensInRepository();
  expect(tokens.size).toBeGreaterThan(20);
  const accepted = [...tokens].filter(([token]) => {
    // One setting at a time: the same value in two settings is a problem of its own.
    const asText = weakSecrets({ SESSION_SECRET: token }).length === 1 && weakSecrets({ OPS_TOKEN: token }).length === 1;
    const asKey = !/^[0-9a-f]{64}$/i.test(token) || weakSecrets({ HEALTH_DATA_KEY: token }).length === 1;
    return !(asText && asKey);
  });
  expect(accepted.map(([token, file]) => `${token} (${file}): add it to PUBLISHED in app/core/weak-secrets.ts`)).toEqual([]);
});
