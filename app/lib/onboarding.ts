/**
 * The onboarding table (SPEC.md sections 2 and 4), isomorphic: the one place that says
 *
 * - which steps there are, in order, with their path, back and next;
 * - which states may open (view) and save (edit) each step and place;
 * - where each state lands, and where a refused customer goes;
 * - which state a save (or signing, or an operator's decision) moves to.
 *
 * The core reads the ids and the state rules (it never sees a path); the adapters (route
 * guards, /api answers, redirects after a save, the step indicator, back and next links)
 * map ids to paths with `placePath`. Adding a step is a row here (see docs/architecture.md).
 */

export const STATES = [
  "NEW",
  "SERVICE_UNAVAILABLE",
  "ACCOUNT_REGISTERED",
  "WELLNESS_PROFILE_COMPLETE",
  "SERVICE_SELECTED",
  "SERVICE_REQ_CHANGE",
  "QUESTIONNAIRE_COMPLETE",
  "QUESTIONNAIRE_REQ_CHANGE",
  "BENEFICIARIES_DEFINED",
  "AGREEMENT_SIGNED",
  "EUW",
  "SELF_SERVICE",
  /** The policy was withdrawn within WITHDRAWAL_DAYS: it ended from its start (docs/decisions/0130). */
  "WITHDRAWN",
  /**
   * The policy was cancelled after WITHDRAWAL_DAYS: cover to the end of the billing period under
   * way at that month's end, no invoice after it (docs/decisions/0302).
   */
  "CANCELLED",
] as const;
export type OnboardingState = (typeof STATES)[number];

/**
 * The state a new customer of an eligible age starts in (SERVICE_UNAVAILABLE otherwise):
 * nothing is saved yet, so the intermediary is still the one found at sign-in.
 */
export const FIRST_STATE = "NEW" satisfies OnboardingState;

/** Whether nothing of the application is saved yet (the customer has not saved the account step). */
export const isFirstState = (state: string): boolean => state === FIRST_STATE;

/**
 * The states that ask for a step to be saved again: its saved data no longer fits (the age
 * re-check, or a package that now needs the longer questionnaire).
 */
export const CHANGE_REQUIRED = {
  package: "SERVICE_REQ_CHANGE",
  questionnaire: "QUESTIONNAIRE_REQ_CHANGE",
} as const satisfies Partial<Record<"package" | "questionnaire", OnboardingState>>;

export function isOnboardingState(value: unknown): value is OnboardingState {
  return typeof value === "string" && (STATES as readonly string[]).includes(value);
}

/** The steps of the step indicator, in order. */
export const STEP_IDS = ["account", "score", "package", "questionnaire", "beneficiaries", "offer"] as const;
export type StepId = (typeof STEP_IDS)[number];

/** Every protected place a state may be allowed: the steps, then the screens outside them. */
export const PLACE_IDS = [...STEP_IDS, "confirmation", "self-service", "withdrawal", "data", "contact", "unavailable"] as const;
export type PlaceId = (typeof PLACE_IDS)[number];

export const isStepId = (value: unknown): value is StepId => (STEP_IDS as readonly unknown[]).includes(value);

/** What a save's transition may depend on, computed by the core from the saved data. */
export interface SavedFacts {
  /** The health questionnaire: not answered, answered, or answered with a set that no longer suffices. */
  questionnaire: "none" | "answered" | "falls-short";
  /** At least one beneficiary is saved. */
  beneficiaries: boolean;
}

export interface Step {
  id: StepId;
  path: string;
  /** Where the step's Back link goes; null for the first step. */
  back: StepId | null;
  /** Where a save leads (the offer: to signing, then the confirmation). */
  next: PlaceId;
}

/**
 * The state a save moves to, from the state the customer was in. Forward only, except where
 * the saved data no longer supports the state (a package that now needs the long questionnaire).
 */
type AfterSave = (state: OnboardingState, facts: SavedFacts) => OnboardingState;

/**
 * A package save leads to the furthest state the saved data supports: a questionnaire that
 * falls short → QUESTIONNAIRE_REQ_CHANGE; a questionnaire and beneficiaries →
 * BENEFICIARIES_DEFINED; a questionnaire → QUESTIONNAIRE_COMPLETE; otherwise SERVICE_SELECTED.
 */
function furthestAfterPackage(facts: SavedFacts): OnboardingState {
  if (facts.questionnaire === "none") return "SERVICE_SELECTED";
  if (facts.questionnaire === "falls-short") return CHANGE_REQUIRED.questionnaire;
  return facts.beneficiaries ? "BENEFICIARIES_DEFINED" : "QUESTIONNAIRE_COMPLETE";
}

/** The steps in order, with where Back and a save lead (what the browser needs of the table too). */
export const STEPS: readonly Step[] = [
  { id: "account", path: "/account", back: null, next: "score" },
  { id: "score", path: "/score", back: "account", next: "package" },
  { id: "package", path: "/package", back: "score", next: "questionnaire" },
  { id: "questionnaire", path: "/questionnaire", back: "package", next: "beneficiaries" },
  { id: "beneficiaries", path: "/beneficiaries", back: "questionnaire", next: "offer" },
  { id: "offer", path: "/offer", back: "beneficiaries", next: "confirmation" },
];

/**
 * Each step's save, as a change of state: a row of the same table, kept apart from STEPS so the
 * pages' scripts, which read STEPS for their links, do not carry the server's transitions.
 */
const AFTER_SAVE: Record<StepId, AfterSave> = {
  // A policyholder whose policy was withdrawn or cancelled signs up again from the account
  // step: a new application, a new policy (docs/decisions/0130).
  account: (state) => (state === FIRST_STATE || state === "WITHDRAWN" || state === "CANCELLED" ? "ACCOUNT_REGISTERED" : state),
  score: (state) => (state === "ACCOUNT_REGISTERED" ? "WELLNESS_PROFILE_COMPLETE" : state),
  // The furthest state the saved data supports; but while the answers hold, a state further on
  // than the facts can tell (a step after the questionnaire that keeps no fact here, such as one
  // added between it and the beneficiaries) is kept: a re-save never moves the customer back.
  package: (state, facts) => {
    const furthest = furthestAfterPackage(facts);
    return facts.questionnaire === "answered" && stepIndexOf(state) > stepIndexOf(furthest) ? state : furthest;
  },
  questionnaire: (state, facts) => {
    if (state === "SERVICE_SELECTED") return "QUESTIONNAIRE_COMPLETE";
    if (state === CHANGE_REQUIRED.questionnaire) return facts.beneficiaries ? "BENEFICIARIES_DEFINED" : "QUESTIONNAIRE_COMPLETE";
    return state;
  },
  beneficiaries: (state) => (state === "QUESTIONNAIRE_COMPLETE" ? "BENEFICIARIES_DEFINED" : state),
  // Saving the offer keeps the state; signing moves it (TRANSITIONS.signed).
  offer: (state) => state,
};

const PLACE_PATHS: Record<PlaceId, string> = {
  ...(Object.fromEntries(STEPS.map((s) => [s.id, s.path])) as Record<StepId, string>),
  confirmation: "/confirmation",
  "self-service": "/self-service",
  // The door to withdraw (or cancel) is a place of its own inside self-service: it opens from
  // the day of signing, before self-service does (docs/decisions/0258).
  withdrawal: "/self-service/withdraw",
  // What is held about the customer and who read it, and its download: every signed-in
  // customer's, applicant or policyholder (GDPR art. 15 and 20; docs/decisions/0260).
  data: "/self-service/data",
  // The e-mail and phone changed on a page of their own: in every registered state whose
  // account step is not editable, the applicant waiting for the underwriter too (GDPR art. 16;
  // docs/decisions/0310). While the account step is editable, that step stands in for it.
  contact: "/self-service/user/contact",
  unavailable: "/unavailable",
};

/** Where a place lives (the adapters' map from ids to paths). */
export const placePath = (place: PlaceId): string => PLACE_PATHS[place];

export function stepOf(id: StepId): Step {
  return STEPS.find((s) => s.id === id)!;
}

/** The steps from the first up to and including `last`. */
function upTo(last: StepId): StepId[] {
  return STEP_IDS.slice(0, STEP_IDS.indexOf(last) + 1);
}

interface StateRule {
  /** The places the state may open. */
  views: readonly PlaceId[];
  /** The steps the state may save (a re-save from a later state never moves it back). */
  edits: readonly StepId[];
  /** Where the customer lands after sign-in (and on /). */
  lands: PlaceId;
  /** Where a refused path sends the customer. */
  refused: PlaceId;
}

const during = (last: StepId): StateRule => ({ views: [...upTo(last), "data"], edits: upTo(last), lands: last, refused: "unavailable" });

/**
 * Per state: SPEC.md section 2 "Route access per state". The calls are marked pure: the
 * browser reads no rule (the server gives the step indicator its links), so its build drops
 * them (docs/decisions/0043).
 */
export const STATE_RULES: Record<OnboardingState, StateRule> = {
  // A declined applicant corrects their contact details too (docs/decisions/0310).
  SERVICE_UNAVAILABLE: { views: ["unavailable", "data", "contact"], edits: [], lands: "unavailable", refused: "unavailable" },
  NEW: /* @__PURE__ */ during("account"),
  ACCOUNT_REGISTERED: /* @__PURE__ */ during("score"),
  WELLNESS_PROFILE_COMPLETE: /* @__PURE__ */ during("package"),
  SERVICE_REQ_CHANGE: /* @__PURE__ */ during("package"),
  SERVICE_SELECTED: /* @__PURE__ */ during("questionnaire"),
  QUESTIONNAIRE_REQ_CHANGE: /* @__PURE__ */ during("questionnaire"),
  QUESTIONNAIRE_COMPLETE: /* @__PURE__ */ during("beneficiaries"),
  BENEFICIARIES_DEFINED: /* @__PURE__ */ during("offer"),
  // Signed and not yet started: the confirmation, and the door to withdraw (docs/decisions/0258).
  AGREEMENT_SIGNED: { views: ["confirmation", "withdrawal", "data", "contact"], edits: [], lands: "confirmation", refused: "confirmation" },
  // Waiting for the underwriter: the confirmation, and the door to withdraw the application
  // (docs/decisions/0295).
  EUW: { views: ["confirmation", "withdrawal", "data", "contact"], edits: [], lands: "confirmation", refused: "confirmation" },
  // A policyholder asking for an onboarding step goes to their policy, not to /unavailable
  // as SPEC.md section 2 reads (docs/decisions/0184).
  SELF_SERVICE: { views: ["self-service", "withdrawal", "data", "contact"], edits: [], lands: "self-service", refused: "self-service" },
  // After the policy ended: self-service stays readable (the ended policy, bills and credit
  // notes), and the account step starts a new application (docs/decisions/0130).
  // The door's page stays readable: it says there is nothing left to end, and a form sent
  // again gets its first outcome.
  WITHDRAWN: { views: ["self-service", "withdrawal", "data", "contact", "account"], edits: ["account"], lands: "self-service", refused: "self-service" },
  CANCELLED: { views: ["self-service", "withdrawal", "data", "contact", "account"], edits: ["account"], lands: "self-service", refused: "self-service" },
};

/** The position among the steps of where `state` lands; -1 for a state that lands outside them. */
function stepIndexOf(state: OnboardingState): number {
  const lands = STATE_RULES[state].lands;
  return isStepId(lands) ? STEP_IDS.indexOf(lands) : -1;
}

/** Whether a customer in `state` may open `place`. Unknown states may open nothing. */
export function mayView(state: string, place: PlaceId): boolean {
  return isOnboardingState(state) && STATE_RULES[state].views.includes(place);
}

/**
 * The place that stands in for one a state may not open: the contact details are corrected at
 * the account step while it is open (docs/decisions/0310).
 */
const STAND_INS: Partial<Record<PlaceId, PlaceId>> = { contact: "account" };

/**
 * Where a customer in `state` does what `place` is for: the place itself, or its stand-in that
 * the state may open; null when neither.
 */
export function placeFor(state: string, place: PlaceId): PlaceId | null {
  if (mayView(state, place)) return place;
  const standIn = STAND_INS[place];
  return standIn && mayView(state, standIn) ? standIn : null;
}

/** Whether a customer in `state` may save `step`. */
export function mayEdit(state: string, step: StepId): boolean {
  return isOnboardingState(state) && STATE_RULES[state].edits.includes(step);
}

/** Where a customer in `state` lands; null for an unknown state (the adapters send it to /). */
export function landing(state: string): PlaceId | null {
  return isOnboardingState(state) ? STATE_RULES[state].lands : null;
}

/** The state a save of `step` moves to. */
export function stateAfterSave(step: StepId, state: OnboardingState, facts: SavedFacts): OnboardingState {
  return AFTER_SAVE[step](state, facts);
}

/**
 * The changes of state that are not a step's save: the signing's outcome and the operator's
 * decisions afterwards (docs/operations.md). Each names the one state it starts from.
 */
export const TRANSITIONS = {
  /** A confirmed signature: extended underwriting when the answers call for it. */
  signed: { from: "BENEFICIARIES_DEFINED", to: (extendedUnderwriting: boolean): OnboardingState => (extendedUnderwriting ? "EUW" : "AGREEMENT_SIGNED") },
  /** The policy's start day has come. */
  activated: { from: "AGREEMENT_SIGNED", to: (): OnboardingState => "SELF_SERVICE" },
  /** The underwriter accepts an EUW case, or declines it. */
  accepted: { from: "EUW", to: (): OnboardingState => "SELF_SERVICE" },
  declined: { from: "EUW", to: (): OnboardingState => "SERVICE_UNAVAILABLE" },
  /**
   * A customer turned away for their age (too young at an earlier sign-in) signs in again of an
   * eligible age: they start the sign-up. Never one whose application the underwriter declined.
   */
  cameOfAge: { from: "SERVICE_UNAVAILABLE", to: (): OnboardingState => FIRST_STATE },
  /** The policyholder withdraws within WITHDRAWAL_DAYS of the contract's conclusion (docs/decisions/0130, 0273). */
  withdrawn: { from: "SELF_SERVICE", to: (): OnboardingState => "WITHDRAWN" },
  /** The policyholder withdraws on the day of signing, before the start day (docs/decisions/0258). */
  withdrawnBeforeStart: { from: "AGREEMENT_SIGNED", to: (): OnboardingState => "WITHDRAWN" },
  /** The policyholder cancels after WITHDRAWAL_DAYS: cover to the end of the billing period under way at the month's end. */
  cancelled: { from: "SELF_SERVICE", to: (): OnboardingState => "CANCELLED" },
  /**
   * The applicant withdraws the application the underwriter has not decided on (docs/decisions/0295):
   * no contract was concluded, so no self-service opens; the first state, whose account step
   * starts a new application, with the withdrawn one on the data page.
   */
  applicationWithdrawn: { from: "EUW", to: (): OnboardingState => FIRST_STATE },
} as const satisfies Record<string, { from: OnboardingState; to: (...args: never[]) => OnboardingState }>;

/**
 * An applicant withdraws the registration's health-data consent before signing
 * (docs/decisions/0293): from a state that lands on a step after the account step (a signing
 * still pending included), back to the first state, whose only step is the account step and
 * whose save gives the consent again. Not a row of TRANSITIONS, which names one state to start
 * from: this one starts from any of the application's. A signed application (EUW, a decision
 * of the underwriter) and a contract have their own ways (decision 0258).
 */
export function healthDataWithdrawal(state: string): { from: OnboardingState; to: () => OnboardingState } | null {
  if (!isOnboardingState(state) || stepIndexOf(state) <= STEP_IDS.indexOf("account")) return null;
  return { from: state, to: () => FIRST_STATE };
}

/** A contract that ended: withdrawn (from its start) or cancelled (docs/decisions/0130). */
export type EndedContract = "withdrawn" | "cancelled";

/**
 * A customer of no eligible age today (PRODUCT.md section 3: 18–64 on the day of sign-up) whose
 * application has not reached a saved package: turned away, as a first sign-in at that age is
 * (SERVICE_UNAVAILABLE), rather than asked to register and fill the wellness profile for a
 * package step that refuses them. From a state that lands on a step up to the package's, other
 * than the package's change-required state (a saved package past the oldest age keeps that
 * state's warning, app/core/proposal/rules.ts `ageRecheck`). Null from any other state.
 */
export function agedOut(state: string): { from: OnboardingState; to: () => OnboardingState } | null {
  if (!isOnboardingState(state) || state === CHANGE_REQUIRED.package) return null;
  const index = stepIndexOf(state);
  return index >= 0 && index <= STEP_IDS.indexOf("package") ? { from: state, to: () => "SERVICE_UNAVAILABLE" } : null;
}

/** Which ended contract `state` stands for, or null (its health-data consent: docs/decisions/0303). */
export function endedContract(state: string): EndedContract | null {
  return state === "WITHDRAWN" ? "withdrawn" : state === "CANCELLED" ? "cancelled" : null;
}

/** Whether the age re-check looks at a customer in `state`: a package is saved (the state lands on a step after it), nothing signed. */
export function isAgeRechecked(state: OnboardingState): boolean {
  return stepIndexOf(state) > STEP_IDS.indexOf("package");
}

/**
 * The way through the steps: a new customer's state, then the state after each step's first
 * save in order (nothing saved later yet), then after a signing without extended
 * underwriting, then after the start day. What the demo seed and the bench derive their
 * customers' states from (tests/support/walk.ts walks the same way through the real saves).
 */
/** @public scripts/bench/database.mjs reads it through importApp(), where knip cannot follow. */
export function wayThrough(): { after: StepId | "start" | "signed" | "activated"; state: OnboardingState; lands: PlaceId }[] {
  const nothingLater: SavedFacts = { questionnaire: "none", beneficiaries: false };
  let state: OnboardingState = FIRST_STATE;
  const way: ReturnType<typeof wayThrough> = [{ after: "start", state, lands: STATE_RULES[state].lands }];
  for (const step of STEPS) {
    state = AFTER_SAVE[step.id](state, nothingLater);
    way.push({ after: step.id, state, lands: STATE_RULES[state].lands });
  }
  for (const after of ["signed", "activated"] as const) {
    if (state !== TRANSITIONS[after].from) throw new Error(`The way through the steps does not reach ${after}`);
    state = TRANSITIONS[after].to(false);
    way.push({ after, state, lands: STATE_RULES[state].lands });
  }
  return way;
}

/** The state in which a customer walking the way through first lands on `step` (the state that may save it first). */
export function stateLandingOn(step: StepId): OnboardingState {
  return wayThrough().find((point) => point.lands === step)!.state;
}

const endings = () =>
  ({
    withdrawal: [TRANSITIONS.withdrawn, TRANSITIONS.withdrawnBeforeStart],
    cancellation: [TRANSITIONS.cancelled],
    application: [TRANSITIONS.applicationWithdrawn],
  }) as const;
// Made by a call marked pure: a browser bundle that never ends a policy drops it and TRANSITIONS
// with it (reading TRANSITIONS' properties at the top level would keep both: /offer's first
// visit is at its 110 KB budget).
const ENDINGS = /* @__PURE__ */ endings();

/** How a customer ends what they hold: a contract's withdrawal or cancellation, or an application's withdrawal. */
export type EndingKind = keyof typeof ENDINGS;

/** The change of state that ends a policy held in `state` by a withdrawal or a cancellation; null when that state cannot end it so. */
export function endingTransition(state: string, kind: EndingKind): { from: OnboardingState; to: () => OnboardingState } | null {
  return ENDINGS[kind].find((transition) => transition.from === state) ?? null;
}

/** Whether a customer in `state` may end their policy (withdraw or cancel it) or withdraw their application. */
export const mayEndPolicy = (state: string): boolean => (Object.keys(ENDINGS) as EndingKind[]).some((kind) => endingTransition(state, kind) !== null);

/** Whether a customer in `state` may start a new application after their policy ended. */
export const maySignUpAgain = (state: string): boolean => landing(state) === "self-service" && mayEdit(state, "account");
