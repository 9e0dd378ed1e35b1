/**
 * The hidden field each form's submission key travels in (double-submit safety,
 * app/core/idempotency.ts): the browser renders it, the server reads it.
 */
export const SUBMISSION_KEY_FIELD = "_submission";
