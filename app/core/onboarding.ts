/**
 * The onboarding state in the core: the state as the product reads it (state and
 * intermediary, SPEC.md section 3), and the one function that writes a change of state. The
 * rules (who may see and save which step, what a save moves to) are the onboarding table's
 * (app/lib/onboarding.ts); this module only stores their outcome.
 */
import { endedContract, isFirstState, maySignUpAgain, stateAfterSave, type OnboardingState, type SavedFacts, type StepId } from "../lib/onboarding.js";
import { isEligibleAge } from "../lib/limits.js";
import { ageOn } from "../lib/personal-code.js";
import { today, type Clock } from "./clock.js";
import type { Customer } from "./customers.js";
import type { Queryable } from "./db/index.js";
import type { Intermediary } from "./intermediaries.js";
import type { SessionData } from "./sessions.js";
import { endApplicationSignings } from "./signing/attempts.js";

export interface OnboardingStatus {
  state: OnboardingState;
  intermediary: Intermediary | null;
}

/**
 * While the state is NEW the intermediary is the one found at sign-in (promoIntermediary), or
 * the one saved with an application back at the account step (docs/decisions/0293); afterwards
 * the one saved with the application.
 */
export function onboardingStatus(customer: Customer, sessionData: SessionData): OnboardingStatus {
  return {
    state: customer.state,
    intermediary: isFirstState(customer.state) ? (sessionData.promoIntermediary ?? customer.intermediary) : customer.intermediary,
  };
}

/**
 * Every change of a customer's state goes through here: the saves, the signing, the
 * operator's decisions and the age re-check on a read. Compare-and-set: the state changes
 * only while it is still `from`. A save holds the customer's row lock, so for it that always
 * holds; for the age re-check (no lock) a save racing it wins. Returns the state the customer
 * is in afterwards.
 */
export async function moveState(
  q: Queryable,
  clock: Clock,
  change: { customerId: number; from: OnboardingState; to: OnboardingState },
): Promise<OnboardingState> {
  if (change.from === change.to) return change.from;
  const moved = await q.query<{ state: OnboardingState }>(
    `UPDATE customers SET state = $3, updated_at = $4 WHERE id = $1 AND state = $2 RETURNING state`,
    [change.customerId, change.from, change.to, clock.now()],
  );
  if (moved[0]) return change.to;
  // Someone else changed the state meanwhile: theirs is the newer truth.
  const current = await q.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1`, [change.customerId]);
  return current[0]?.state ?? change.from;
}

/**
 * Whether a customer whose contract ended may sign up again today: the onboarding table's rule
 * at an eligible age (PRODUCT.md section 3: 18–64 on the day of sign-up). Past 64 the sign-up
 * would turn them away before the package (`agedOut`), their ended contract's pages with it, so
 * the insurance tab does not offer it and the account step's save refuses it (decision 0400).
 */
export function maySignUpAgainToday(customer: Pick<Customer, "state" | "dateOfBirth">, clock: Clock): boolean {
  return maySignUpAgain(customer.state) && isEligibleAge(ageOn(customer.dateOfBirth, today(clock)));
}

/** Whether the account step, which starts a sign-up again after an ended contract, is closed to this customer today. */
export const signUpAgainClosed = (customer: Pick<Customer, "state" | "dateOfBirth">, clock: Clock): boolean =>
  endedContract(customer.state) !== null && !maySignUpAgainToday(customer, clock);

/** The steps whose transition reads the saved data (the onboarding table's AFTER_SAVE). */
type FactSteps = "package" | "questionnaire";

/**
 * The transition a save of `step` makes (the onboarding table decides), written; and, as the
 * save changed what the application states, the signing of the application as it was ends
 * (docs/decisions/0284).
 */
export async function moveAfterSave(
  q: Queryable,
  clock: Clock,
  save: { customerId: number; from: OnboardingState } & ({ step: FactSteps; facts: SavedFacts } | { step: Exclude<StepId, FactSteps>; facts?: never }),
): Promise<OnboardingState> {
  await endApplicationSignings(q, clock, save.customerId);
  const to = stateAfterSave(save.step, save.from, save.facts ?? NO_FACTS);
  return moveState(q, clock, { customerId: save.customerId, from: save.from, to });
}

/** What the other steps' transitions get: they read nothing saved. */
const NO_FACTS: SavedFacts = { questionnaire: "none", beneficiaries: false };
