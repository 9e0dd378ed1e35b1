/**
 * docs/operations.md "In front of the app": the proxy lets through every body the app takes, and
 * its access log keeps no query string. The
 * questionnaire's set check carries a height and a weight in its query
 * (`GET /api/onboarding/questionnaire/required-type?h=…&w=…`, SPEC.md section 7), health data the
 * database only holds sealed and the app's own log never writes: nginx's default `combined`
 * format (`$request`) would keep every applicant's in the proxy's log.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { bodyLimit } from "~/http/request-checks";

/** nginx variables that hold the query string, whole or in part. */
const WITH_QUERY = /\$(request|request_uri|args|query_string|arg_[a-z_]+)\b/;

it("the guide's proxy writes its access log in a format without the query string", () => {
  const guide = readFileSync("docs/operations.md", "utf8");
  const section = guide.slice(guide.indexOf("### In front of the app"));
  const nginx = /```nginx\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const format = /log_format\s+(\w+)\s+'([^']*)';/.exec(nginx);
  expect(format, "a log_format in the proxy's example").not.toBeNull();
  expect(format![2]).toContain("$uri");
  expect(format![2]).not.toMatch(WITH_QUERY);
  // The server's access log uses it, not nginx's default `combined`.
  expect(nginx).toMatch(new RegExp(`access_log\\s+\\S+\\s+${format![1]};`));
});

it("every nginx example of the guide with a server writes its access log in such a format", () => {
  const guide = readFileSync("docs/operations.md", "utf8");
  const formats = new Map([...guide.matchAll(/log_format\s+(\w+)\s+'([^']*)';/g)].map((m) => [m[1], m[2]]));
  const blocks = [...guide.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]).filter((block) => /\bserver\s*\{/.test(block));
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  for (const nginx of blocks) {
    const name = /access_log\s+\S+\s+(\w+);/.exec(nginx)?.[1];
    expect(name, nginx).toBeDefined();
    expect(formats.get(name!), nginx).toBeDefined();
    expect(formats.get(name!)).not.toMatch(WITH_QUERY);
  }
});

/** nginx's size (`128k`, `1m`, bytes) in bytes. */
function bytesOf(size: string): number {
  const [, count, unit] = /^(\d+)([km]?)$/i.exec(size) ?? [];
  return count === undefined ? 0 : Number(count) * { "": 1, k: 1024, m: 1024 * 1024 }[unit.toLowerCase() as "" | "k" | "m"];
}

it("the guide's proxy lets through every body the app takes: the questionnaire at its longest too (decision 0401)", () => {
  const guide = readFileSync("docs/operations.md", "utf8");
  const section = guide.slice(guide.indexOf("### In front of the app"));
  const nginx = /```nginx\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const serverWide = bytesOf(/^\s{2}client_max_body_size\s+(\S+);/m.exec(nginx)?.[1] ?? "0");
  const locations = [...nginx.matchAll(/location ~\*? (\S+) \{[^}]*?client_max_body_size\s+(\S+);/g)].map((m) => ({ path: new RegExp(m[1], "i"), limit: bytesOf(m[2]) }));
  const proxied = (path: string) => locations.find((l) => l.path.test(path))?.limit ?? serverWide;
  for (const path of ["/questionnaire", "/questionnaire.data", "/Questionnaire/", "/session", "/api/onboarding/questionnaire", "/account", "/api/onboarding/registration", "/beneficiaries"]) {
    expect(proxied(path), path).toBeGreaterThanOrEqual(Math.max(bodyLimit("form", path), bodyLimit("json", path)));
  }
});
