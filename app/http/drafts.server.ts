/**
 * Drafts at the HTML door (app/core/drafts.ts): a form posted after its session ended is kept
 * for the person the session was theirs (then the customer signs in again), and a step's
 * loader gives a kept draft back to its form as conform's initial values.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import type { DraftFields } from "../core/drafts.js";
import { isStepId, type StepId } from "../lib/onboarding.js";
import { placeOf } from "../lib/route-access.js";
import { PAGE_PATH_FIELD } from "../lib/session-limits.js";
import { SUBMISSION_KEY_FIELD } from "../lib/submission-key.js";
import type { AppContext } from "./context.server.js";
import { readSessionToken } from "./session-cookie.server.js";

/** Fields that are the page's, not the customer's: a fresh page brings its own. */
const NOT_TYPED = new Set([SUBMISSION_KEY_FIELD, "intent", "pricing", PAGE_PATH_FIELD]);

export function draftFields(formData: FormData): DraftFields {
  const fields: DraftFields = [];
  for (const [name, value] of formData) if (typeof value === "string" && !NOT_TYPED.has(name)) fields.push([name, value]);
  return fields;
}

/** The onboarding step a path is, or null. */
export function stepOfPath(pathname: string): StepId | null {
  const place = placeOf(pathname);
  return isStepId(place) ? place : null;
}

/**
 * A post to a step whose session has ended (idle, or past its day): what it carries is kept
 * for the session's customer. Nothing for an unknown cookie, a logout (the row is gone), a
 * post that is no step's form or one of a step their state no longer lets them save.
 */
export async function keepDraftOfEndedSession(request: Request, context: AppContext): Promise<boolean> {
  if (request.method !== "POST") return false;
  const step = stepOfPath(new URL(request.url).pathname);
  const token = readSessionToken(request.headers.get("Cookie"), context.config.sessionSecrets);
  if (!step || !token) return false;
  const customerId = await context.core.sessions.endedCustomer(token);
  if (customerId === null) return false;
  const formData = await request.clone().formData().catch(() => null);
  if (!formData) return false;
  return context.core.drafts.save(customerId, step, draftFields(formData), { submissionKey: formData.get(SUBMISSION_KEY_FIELD) });
}

/**
 * The customer's live draft of `form`, or null. Read only when the session's statement found
 * one (the visitor's `draftForms`): a page without a draft makes no statement for it.
 */
export async function keptDraft(context: AppContext, customerId: number, form: string): Promise<DraftFields | null> {
  const { draftForms } = await context.visitor();
  return draftForms.includes(form) ? context.core.drafts.read(customerId, form) : null;
}

/**
 * The customer's draft of `step` as conform's initial values (parsed with the step's own
 * schema, so nested names come back as the form holds them), or null. No status and no errors:
 * a restored draft is not a submit. A draft its form refuses (a post no page of ours sends,
 * kept after the session ended: app/lib/form-parse.ts) is dropped, not answered at every visit.
 */
export async function draftReply(
  context: AppContext,
  customerId: number,
  step: StepId,
  parse: (formData: FormData) => Submission<unknown, string[], unknown>,
): Promise<SubmissionResult<string[]> | null> {
  const fields = await keptDraft(context, customerId, step);
  if (!fields) return null;
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  let submission: Submission<unknown, string[], unknown>;
  try {
    submission = parse(formData);
  } catch (refused) {
    if (!(refused instanceof Response)) throw refused;
    await context.core.drafts.discard(customerId, step);
    return null;
  }
  return { initialValue: (submission.payload ?? {}) as NonNullable<SubmissionResult<string[]>["initialValue"]> };
}

/**
 * A saved form's draft (kept when a session ended or before a language switch, app/core/drafts.ts)
 * has done its work: after a save through either door (the page's form, app/http/form.server.ts;
 * the /api's, app/http/api/handlers.server.ts), so a draft never shows over what was saved since.
 */
export async function discardDraft(context: AppContext, form: string) {
  const { customer, draftForms } = await context.visitor();
  // Only a draft the session's statement found: none was there, none is removed.
  if (customer && draftForms.includes(form)) await context.core.drafts.discard(customer.id, form).catch(() => undefined);
}
