/** A fresh submission key for a form (app/core/idempotency.ts): one per page load. */
import { randomBytes } from "node:crypto";

export function newSubmissionKey(): string {
  // 24 characters of base64url: within the key pattern the submission log accepts.
  return randomBytes(18).toString("base64url");
}

