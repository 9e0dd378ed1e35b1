/** A fresh submission key for a form (app/core/idempotency.ts): one per page load. */
import { randomBytes } from "node:crypto";
import { SUBMISSION_KEY_FIELD } from "../lib/submission-key.js";

export function newSubmissionKey(): string {
  // 24 characters of base64url: within the key pattern the submission log accepts.
  return randomBytes(18).toString("base64url");
}

/** The key a form post carries (null without one: the core then runs the save unguarded by a key). */
export function submittedKey(formData: FormData): string | null {
  const key = formData.get(SUBMISSION_KEY_FIELD);
  return typeof key === "string" ? key : null;
}
