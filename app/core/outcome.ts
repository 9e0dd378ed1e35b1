/**
 * What a use case answers: its value, or why not. Business-rule failures have one shape in
 * every service (SPEC.md section 5): an i18n key, and the field it belongs to when there is
 * one (a conform field name such as `beneficiaries[1].idCode`). The /api answers them as they
 * are ({ errors: [...] }, docs/api.md); the pages turn them into field and form errors.
 */
import { fieldPath } from "../lib/fields.js";

export interface Failure {
  code: string;
  context?: string;
}

export type Outcome<T, F = Failure[]> = { ok: true; value: T } | { ok: false; failure: F };

/** A failure outcome of one code (and field). */
export const failed = (code: string, context?: string): { ok: false; failure: Failure[] } => ({
  ok: false,
  failure: [context ? { code, context } : { code }],
});

/** A schema's issues as failures: our messages are i18n keys ("error.…"); zod's own texts are not. */
export function issueFailures(issues: readonly { message: string; path: readonly PropertyKey[] }[]): Failure[] {
  return issues.map((issue) => {
    const code = issue.message.startsWith("error.") ? issue.message : "error.invalid";
    const context = fieldPath(issue.path);
    return context ? { code, context } : { code };
  });
}
