/**
 * The integration pages (/health.html, /activity/consent) open in popups or, without
 * JavaScript, in the main window: signed-in customers whose state lets them use the score.
 */
import { redirect } from "@remix-run/node";
import { mayUseScore } from "../core/score/index.js";
import { placePath } from "../lib/onboarding.js";
import { decideAccess } from "../lib/route-access.js";
import { safeRedirect } from "../lib/safe-redirect.js";
import { parseNumeric } from "../lib/score-schema.js";
import { requireCustomer, type SignedIn } from "./guards.server.js";
import type { AppContext } from "./context.server.js";

export async function requireScoreCustomer(args: { request: Request; context: AppContext }): Promise<SignedIn> {
  const signedIn = await requireCustomer(args);
  if (!mayUseScore(signedIn.customer.state)) {
    const decision = decideAccess(signedIn.customer.state, placePath("score"));
    throw redirect(decision.allowed ? "/" : decision.redirectTo);
  }
  return signedIn;
}

/** Where the page goes back to without JavaScript: a same-site path, /score by default. */
export function returnPath(value: FormDataEntryValue | string | null | undefined): string {
  return safeRedirect(value, placePath("score"));
}

export type MeasurementField = "bpm" | "bmi" | "consent";

/**
 * The /health.html form: both values as decimals (a comma allowed, one decimal place) and
 * the consent (ticked here, or already given in the score screen's modal).
 */
export function readMeasurementForm(formData: FormData) {
  const errors: Partial<Record<MeasurementField, string>> = {};
  const values = { bpm: String(formData.get("bpm") ?? ""), bmi: String(formData.get("bmi") ?? "") };
  const numbers: { bpm?: number; bmi?: number } = {};
  for (const key of ["bpm", "bmi"] as const) {
    if (!values[key].trim()) {
      errors[key] = "error.required";
      continue;
    }
    const parsed = parseNumeric(values[key], "decimal");
    if ("error" in parsed) errors[key] = parsed.error;
    else numbers[key] = parsed.value;
  }
  const consent = formData.get("consent") === "on" || formData.get("consentGiven") === "1";
  if (!consent) errors.consent = "error.required";
  return { values, numbers, consent, errors };
}
