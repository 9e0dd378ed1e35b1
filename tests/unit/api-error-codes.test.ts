/**
 * Every error code the server's code can answer is in docs/api.md, the contract a partner's
 * program is written against, unless only a page or the operator's door answers it. A code
 * added to a schema or a use case without a word in the contract fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

/** Whether `text` names `code` whole (`error.invalid`, not the start of `error.invalid_json`). */
const named = (text: string, code: string) => new RegExp(`(^|[^\\w.])${code.replaceAll(".", "\\.")}(?![\\w.]*\\w)`).test(text);

/** Codes no /api path answers, each with the door that does. */
const NOT_ON_THE_API: Record<string, string> = {
  "error.repeated_field": "a page's form field sent twice (app/lib/form-parse.ts); a JSON body has no repeated names",
  "error.form_changed": "a page's form changed outside the page (app/lib/zod-resolve.ts)",
  "error.precondition_failed": "a static file's conditional request (app/http/error-page.server.ts)",
  "error.range_not_satisfiable": "a static file's range request (app/http/error-page.server.ts)",
  "error.application_withdrawn": "the operator's underwriting decision (app/core/offer.ts decide)",
  "error.reason_required": "the operator's door (app/http/ops.server.ts)",
  "error.use_pg_dump": "the operator's door's backup on PostgreSQL (app/http/ops.server.ts)",
  "error.analytics_consent.choice": "the analytics consent page",
};

describe("the /api's error codes", () => {
  it("are each documented in docs/api.md", () => {
    const app = path.resolve("app");
    const used = new Set<string>();
    for (const file of sourceFiles(app, /\.tsx?$/, { skipFolders: ["locales", "components", "routes"] })) {
      for (const [, code] of readFileSync(file, "utf8").matchAll(/"((?:package\.)?error\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)*)"/g)) used.add(code!);
    }
    const contract = readFileSync(path.resolve("docs/api.md"), "utf8");
    const missing = [...used].filter((code) => !(code in NOT_ON_THE_API) && !/^error\.(request|page)\./.test(code) && !named(contract, code)).sort();
    expect(used.size).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  });
});
