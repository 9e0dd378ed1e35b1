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

/**
 * A refusal may carry what the use case `found` before it refused (the questionnaire's set
 * for the figures given, the package as read with today's limits): the door shows it with the
 * failures instead of asking the core a second time (one trip through the core per request).
 */
export type Outcome<T, F = Failure[], Found = unknown> = { ok: true; value: T } | { ok: false; failure: F; found?: Found };

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
