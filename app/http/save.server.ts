/**
 * What both doors share around a save (the HTML forms in app/http/form.server.ts, the /api in
 * app/http/api/handlers.server.ts): the submission key a post carries, the core call with its
 * failure logging, and the HTTP status of the core's failures.
 */
import type { Failure } from "../core/outcome.js";
import type { AppContext } from "./context.server.js";
import { messageOf } from "../core/telemetry.js";
import type { SaveOutcome } from "./observability.server.js";
import { SUBMISSION_KEY_FIELD } from "../lib/submission-key.js";
import { isDatabaseUnavailable, logUnavailable, markUnavailable } from "./unavailable.server.js";

/** Failures that are not the input's fault: the page or the client is out of date, or the thing is gone. */
const STATUS_BY_CODE: Record<string, number> = {
  "error.wrong_state": 409,
  "error.not_found": 404,
  "error.not_editable": 409,
  "error.age_limit": 409,
  "error.application_incomplete": 409,
  "error.no_offer": 409,
  // The offer changed after the page showing it was opened (docs/decisions/0305).
  "error.offer_changed": 409,
  "error.signing_not_found": 409,
  "error.signing_not_done": 409,
  "error.signing_ended": 409,
  // The signing provider refused or could not be reached: nothing the customer did.
  "error.signing_unavailable": 503,
  // The e-ID provider could not be reached (a withdrawal's confirmation): not the request's fault.
  "error.provider": 503,
  // The provider failed to answer whether it was signed: the signing stays, asked again (docs/decisions/0289).
  "error.signing_unconfirmed": 503,
  "error.activity.not_connected": 409,
  // A beneficiary change without its policy or its pending change (docs/decisions/0145).
  "error.no_policy_to_change": 409,
  "error.no_pending_change": 409,
  // The score saved with answers missing: the customer is asked to confirm first.
  "self-service.score.confirmation": 409,
};

/** The status of an answer with `failures`: the most specific one among them, else 400. */
export const failureStatus = (failures: readonly Failure[]): number => Math.max(400, ...failures.map((f) => STATUS_BY_CODE[f.code] ?? 400));

/** Whether every failure is one of the state's (nothing the customer typed is wrong). */
export const onlyConflicts = (failures: readonly Failure[]): boolean => failures.length > 0 && failures.every((f) => STATUS_BY_CODE[f.code] === 409);

/**
 * The submission key a post carries (null without one: the core then runs the save unguarded
 * by a key): the form field of the pages, the `submissionKey` member of an /api body.
 */
export function submissionKeyOf(source: FormData | Record<string, unknown>): string | null {
  const key = source instanceof FormData ? source.get(SUBMISSION_KEY_FIELD) : source.submissionKey;
  return typeof key === "string" ? key : null;
}

/** A save that threw: nothing is known of its outcome. `unavailable`: the database was (503, try again later). */
export interface Technical {
  ok: false;
  technical: true;
  unavailable: boolean;
}

/**
 * Runs a save in the core and counts it by form and outcome (`form_saves_total`). An
 * unexpected error (the database is gone, a bug) is logged by its message only (the input
 * holds personal and health data) and answered as a technical failure, so the door can keep
 * everything typed. A thrown Response (a page's redirect) passes.
 */
export async function attemptSave<R extends object>(
  context: Pick<AppContext, "requestId" | "observability">,
  name: string,
  save: () => Promise<R>,
): Promise<R | Technical> {
  const { requestId, observability } = context;
  try {
    const saved = await save();
    observability.metrics.save(name, outcomeOf(saved));
    return saved;
  } catch (error) {
    if (error instanceof Response) {
      observability.metrics.save(name, "answered");
      throw error;
    }
    observability.metrics.save(name, "failed");
    if (isDatabaseUnavailable(error)) {
      markUnavailable(context);
      logUnavailable(observability.log, requestId, error);
      return { ok: false, technical: true, unavailable: true };
    }
    observability.log.error({ reqId: requestId, event: "save_failed", form: name, error: messageOf(error) }, "save_failed");
    return { ok: false, technical: true, unavailable: false };
  }
}

const outcomeOf = (saved: object): SaveOutcome => ("ok" in saved ? (saved.ok ? "saved" : "refused") : "answered");

export const isTechnical = <R extends object>(attempt: R | Technical): attempt is Technical => "technical" in attempt;
