/**
 * Pure rules of the package step: what a saved package must hold, which state a package save
 * moves to, and the age re-check that runs on every state read (PRODUCT.md section 3,
 * docs/decisions/0007-questionnaire-recheck.md). No database, no clock: the caller passes
 * today's age.
 */
import { agedOut, stateAfterSave, type OnboardingState, type SavedFacts, CHANGE_REQUIRED, isAgeRechecked, stateLandingOn, STATES } from "../../lib/onboarding.js";
import { isEligibleAge, isServiceCode, packageLimits, type PackageLimits, type ServiceCode } from "../../lib/limits.js";
import type { Proposal } from "../../lib/pricing.js";
import type { Failure } from "../outcome.js";
import { requiredQuestionnaireType } from "../underwriting.js";

export type { Proposal } from "../../lib/pricing.js";

/** The questionnaire set answered (plain column, never the answers), or null when none is saved. */
export type AnsweredSet = "UW_L1" | "UW_L2" | null;

const isWhole = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/**
 * The invariants a package must hold for `limits` (today's age), whatever door it came
 * through: death cover a step of its range between min and max; disability 0 or a step of
 * its range, never above its max or the death cover; known services, each once. Never throws.
 */
export function proposalFailures(input: { sumInsuredForDeathCover?: unknown; sumInsuredForDisabilityCover?: unknown; services?: unknown }, limits: PackageLimits): Failure[] {
  const failures: Failure[] = [];
  const death = limits.sumLimitsForDeathCover;
  const dis = limits.sumLimitsForDisabilityCover;
  const d = input.sumInsuredForDeathCover;
  if (d === undefined || d === null || d === "") failures.push({ code: "error.required", context: "sumInsuredForDeathCover" });
  else if (!isWhole(d)) failures.push({ code: "error.integer", context: "sumInsuredForDeathCover" });
  else if (d < death.min || d > death.max) failures.push({ code: "package.error.death_range", context: "sumInsuredForDeathCover" });
  else if ((d - death.min) % death.step !== 0) failures.push({ code: "package.error.death_step", context: "sumInsuredForDeathCover" });

  // Disability is compared with the death cover only once that one holds (one failure per cause).
  const deathOk = failures.length === 0;
  const x = input.sumInsuredForDisabilityCover;
  if (x === undefined || x === null || x === "") failures.push({ code: "error.required", context: "sumInsuredForDisabilityCover" });
  else if (!isWhole(x)) failures.push({ code: "error.integer", context: "sumInsuredForDisabilityCover" });
  else if (x !== 0 && (x < dis.min || x > dis.max)) failures.push({ code: "package.error.disability_range", context: "sumInsuredForDisabilityCover" });
  else if (x !== 0 && (x - dis.min) % dis.step !== 0) failures.push({ code: "package.error.disability_step", context: "sumInsuredForDisabilityCover" });
  else if (deathOk && isWhole(d) && x > d) failures.push({ code: "package.error.disability_above_death", context: "sumInsuredForDisabilityCover" });

  const services = input.services ?? [];
  if (!Array.isArray(services) || services.some((s) => typeof s !== "string" || !isServiceCode(s))) {
    failures.push({ code: "package.error.services", context: "services" });
  } else if (new Set(services).size !== services.length) {
    failures.push({ code: "package.error.services", context: "services" });
  }
  return failures;
}

/** True when a saved package is outside the limits for `age` (no limits at all counts as outside). */
export function breaksLimits(proposal: Pick<Proposal, "sumInsuredForDeathCover" | "sumInsuredForDisabilityCover">, age: number): boolean {
  const limits = packageLimits(age);
  if (!limits) return true;
  return (
    proposal.sumInsuredForDeathCover > limits.sumLimitsForDeathCover.max ||
    proposal.sumInsuredForDisabilityCover > limits.sumLimitsForDisabilityCover.max
  );
}

/**
 * True when the set answered no longer satisfies today's requirement. Only UW_L1 can fall
 * short: a saved UW_L2 satisfies a UW_L1 requirement, and the body-mass index was already
 * taken into account when the set was answered (docs/decisions/0007), so age and cover decide.
 */
function questionnaireFallsShort(answered: AnsweredSet, age: number, sumInsuredForDeathCover: number): boolean {
  return answered === "UW_L1" && requiredQuestionnaireType({ age, sumInsuredForDeathCover }) === "UW_L2";
}

/** What the onboarding table's transitions read, from the saved package, questionnaire set and beneficiaries. */
export function packageFacts(input: { age: number; sumInsuredForDeathCover: number; answered: AnsweredSet; hasBeneficiaries: boolean }): SavedFacts {
  const questionnaire =
    input.answered === null ? "none" : questionnaireFallsShort(input.answered, input.age, input.sumInsuredForDeathCover) ? "falls-short" : "answered";
  return { questionnaire, beneficiaries: input.hasBeneficiaries };
}

/** The states whose saved data the age re-check looks at (the onboarding table's isAgeRechecked: a package is saved, nothing signed). */
export const RECHECKED_STATES: ReadonlySet<OnboardingState> = new Set(STATES.filter(isAgeRechecked));

/**
 * The age re-check (PRODUCT.md section 3): the state a customer should be in today.
 * - a saved package outside today's limits → SERVICE_REQ_CHANGE (saving the package again
 *   resolves it). A customer past the oldest age (no limits at all) also lands there: the
 *   package screen shows the warning and cannot be saved, rather than silently dropping the
 *   application;
 * - else a UW_L1 answered where UW_L2 is now required → QUESTIONNAIRE_REQ_CHANGE;
 * - else the state as it is (a *_REQ_CHANGE state is resolved by a save, never by a read).
 * Before a package is saved (the states `agedOut` names), an age outside 18–64 turns the customer
 * away (SERVICE_UNAVAILABLE), as a first sign-in at that age does.
 * Other states (SERVICE_REQ_CHANGE itself, signed, ended) are returned as they are.
 */
export function ageRecheck(input: {
  state: OnboardingState;
  age: number;
  proposal: Pick<Proposal, "sumInsuredForDeathCover" | "sumInsuredForDisabilityCover"> | null;
  answered: AnsweredSet;
}): OnboardingState {
  const turnedAway = agedOut(input.state);
  if (turnedAway && !isEligibleAge(input.age)) return turnedAway.to();
  if (!RECHECKED_STATES.has(input.state) || !input.proposal) return input.state;
  if (breaksLimits(input.proposal, input.age)) return CHANGE_REQUIRED.package;
  if (questionnaireFallsShort(input.answered, input.age, input.proposal.sumInsuredForDeathCover)) return CHANGE_REQUIRED.questionnaire;
  return input.state;
}
