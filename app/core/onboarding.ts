/** The onboarding state as the product reads it: state and intermediary (SPEC.md section 3). */
import type { OnboardingState } from "../lib/route-access.js";
import type { Customer } from "./customers.js";
import type { Intermediary } from "./intermediaries.js";
import type { SessionData } from "./sessions.js";

export interface OnboardingStatus {
  state: OnboardingState;
  intermediary: Intermediary | null;
}

/**
 * While the state is NEW the intermediary is the one found at sign-in (promoIntermediary);
 * afterwards the one saved with the application.
 */
export function onboardingStatus(customer: Customer, sessionData: SessionData): OnboardingStatus {
  return {
    state: customer.state,
    intermediary: customer.state === "NEW" ? (sessionData.promoIntermediary ?? null) : customer.intermediary,
  };
}
