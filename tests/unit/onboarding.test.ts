import { describe, expect, it } from "vitest";
import {
  endingTransition,
  healthDataWithdrawal,
  landing,
  mayEdit,
  mayView,
  PLACE_IDS,
  placePath,
  stateAfterSave,
  STATES,
  mayEndPolicy,
  maySignUpAgain,
  STEP_IDS,
  STEPS,
  TRANSITIONS,
  FIRST_STATE,
  type OnboardingState,
  type PlaceId,
  type SavedFacts,
  type StepId,
} from "~/lib/onboarding";

// SPEC.md sections 2 and 4, written out by hand: what each state may open and save, where it lands.
const STEPS_UP_TO: Record<string, StepId[]> = {
  account: ["account"],
  score: ["account", "score"],
  package: ["account", "score", "package"],
  questionnaire: ["account", "score", "package", "questionnaire"],
  beneficiaries: ["account", "score", "package", "questionnaire", "beneficiaries"],
  offer: ["account", "score", "package", "questionnaire", "beneficiaries", "offer"],
};
// Every state may open its data: what is held about the customer (docs/decisions/0260).
const EXPECTED: Record<OnboardingState, { views: PlaceId[]; edits: StepId[]; lands: PlaceId }> = {
  // The contact page in every registered state whose account step is not open (docs/decisions/0310).
  SERVICE_UNAVAILABLE: { views: ["unavailable", "data", "contact"], edits: [], lands: "unavailable" },
  NEW: { views: [...STEPS_UP_TO.account, "data"], edits: STEPS_UP_TO.account, lands: "account" },
  ACCOUNT_REGISTERED: { views: [...STEPS_UP_TO.score, "data"], edits: STEPS_UP_TO.score, lands: "score" },
  WELLNESS_PROFILE_COMPLETE: { views: [...STEPS_UP_TO.package, "data"], edits: STEPS_UP_TO.package, lands: "package" },
  SERVICE_REQ_CHANGE: { views: [...STEPS_UP_TO.package, "data"], edits: STEPS_UP_TO.package, lands: "package" },
  SERVICE_SELECTED: { views: [...STEPS_UP_TO.questionnaire, "data"], edits: STEPS_UP_TO.questionnaire, lands: "questionnaire" },
  QUESTIONNAIRE_REQ_CHANGE: { views: [...STEPS_UP_TO.questionnaire, "data"], edits: STEPS_UP_TO.questionnaire, lands: "questionnaire" },
  QUESTIONNAIRE_COMPLETE: { views: [...STEPS_UP_TO.beneficiaries, "data"], edits: STEPS_UP_TO.beneficiaries, lands: "beneficiaries" },
  BENEFICIARIES_DEFINED: { views: [...STEPS_UP_TO.offer, "data"], edits: STEPS_UP_TO.offer, lands: "offer" },
  // The door to withdraw opens on the day of signing (docs/decisions/0258).
  AGREEMENT_SIGNED: { views: ["confirmation", "withdrawal", "data", "contact"], edits: [], lands: "confirmation" },
  // The door to withdraw the application while the underwriter has it (docs/decisions/0295).
  EUW: { views: ["confirmation", "withdrawal", "data", "contact"], edits: [], lands: "confirmation" },
  SELF_SERVICE: { views: ["self-service", "withdrawal", "data", "contact"], edits: [], lands: "self-service" },
  WITHDRAWN: { views: ["account", "self-service", "withdrawal", "data", "contact"], edits: ["account"], lands: "self-service" },
  CANCELLED: { views: ["account", "self-service", "withdrawal", "data", "contact"], edits: ["account"], lands: "self-service" },
};

const FACTS: SavedFacts[] = [
  { questionnaire: "none", beneficiaries: false },
  { questionnaire: "answered", beneficiaries: false },
  { questionnaire: "answered", beneficiaries: true },
  { questionnaire: "falls-short", beneficiaries: false },
  { questionnaire: "falls-short", beneficiaries: true },
];

/** What a save of each step moves to (SPEC.md section 4 and the agreed contract), by hand. */
function expectedAfterSave(step: StepId, state: OnboardingState, facts: SavedFacts): OnboardingState {
  switch (step) {
    case "account":
      // A new application after the policy ended starts like a first one.
      return state === "NEW" || state === "WITHDRAWN" || state === "CANCELLED" ? "ACCOUNT_REGISTERED" : state;
    case "score":
      return state === "ACCOUNT_REGISTERED" ? "WELLNESS_PROFILE_COMPLETE" : state;
    case "package":
      // The furthest state the saved data supports.
      if (facts.questionnaire === "none") return "SERVICE_SELECTED";
      if (facts.questionnaire === "falls-short") return "QUESTIONNAIRE_REQ_CHANGE";
      // Never back from a state further on while the answers hold.
      if (state === "BENEFICIARIES_DEFINED") return state;
      return facts.beneficiaries ? "BENEFICIARIES_DEFINED" : "QUESTIONNAIRE_COMPLETE";
    case "questionnaire":
      if (state === "SERVICE_SELECTED") return "QUESTIONNAIRE_COMPLETE";
      if (state === "QUESTIONNAIRE_REQ_CHANGE") return facts.beneficiaries ? "BENEFICIARIES_DEFINED" : "QUESTIONNAIRE_COMPLETE";
      return state;
    case "beneficiaries":
      return state === "QUESTIONNAIRE_COMPLETE" ? "BENEFICIARIES_DEFINED" : state;
    case "offer":
      return state;
  }
}

describe("the onboarding table", () => {
  it("covers every state", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...STATES].sort());
  });

  it("orders the six steps of the indicator, each back to the one before and on to the one after", () => {
    expect(STEP_IDS).toEqual(["account", "score", "package", "questionnaire", "beneficiaries", "offer"]);
    expect(STEPS.map((s) => [s.id, s.path, s.back, s.next])).toEqual([
      ["account", "/account", null, "score"],
      ["score", "/score", "account", "package"],
      ["package", "/package", "score", "questionnaire"],
      ["questionnaire", "/questionnaire", "package", "beneficiaries"],
      ["beneficiaries", "/beneficiaries", "questionnaire", "offer"],
      ["offer", "/offer", "beneficiaries", "confirmation"],
    ]);
    expect(["confirmation", "self-service", "withdrawal", "data", "contact", "unavailable"].map((p) => placePath(p as PlaceId))).toEqual([
      "/confirmation",
      "/self-service",
      "/self-service/withdraw",
      "/self-service/data",
      "/self-service/user/contact",
      "/unavailable",
    ]);
  });

  for (const state of STATES) {
    describe(state, () => {
      it(`lands on ${EXPECTED[state].lands}, a place it may open`, () => {
        expect(landing(state)).toBe(EXPECTED[state].lands);
        expect(mayView(state, EXPECTED[state].lands)).toBe(true);
      });

      for (const place of PLACE_IDS) {
        const views = EXPECTED[state].views.includes(place);
        it(`${views ? "may" : "may not"} open ${place}`, () => {
          expect(mayView(state, place)).toBe(views);
        });
      }

      for (const step of STEP_IDS) {
        const edits = EXPECTED[state].edits.includes(step);
        it(`${edits ? "may" : "may not"} save ${step}`, () => {
          expect(mayEdit(state, step)).toBe(edits);
        });

        it(`moves as SPEC.md section 4 says on a save of ${step}, whatever the saved data`, () => {
          for (const facts of FACTS) expect(stateAfterSave(step, state, facts)).toBe(expectedAfterSave(step, state, facts));
        });
      }
    });
  }

  it("refuses everything to an unknown state, which lands nowhere", () => {
    for (const place of PLACE_IDS) expect(mayView("SOMETHING_ELSE", place)).toBe(false);
    for (const step of STEP_IDS) expect(mayEdit("SOMETHING_ELSE", step)).toBe(false);
    expect(landing("SOMETHING_ELSE")).toBeNull();
  });

  it("keeps a customer who may save a step within the steps (a save never leaves onboarding)", () => {
    for (const state of STATES)
      for (const step of STEP_IDS)
        if (mayEdit(state, step)) for (const facts of FACTS) expect(EXPECTED[stateAfterSave(step, state, facts)].edits.length).toBeGreaterThan(0);
  });

  it("moves a signing and the operator's decisions from the one state each starts in", () => {
    expect(TRANSITIONS.signed.from).toBe("BENEFICIARIES_DEFINED");
    expect(TRANSITIONS.signed.to(false)).toBe("AGREEMENT_SIGNED");
    expect(TRANSITIONS.signed.to(true)).toBe("EUW");
    expect([TRANSITIONS.activated.from, TRANSITIONS.activated.to()]).toEqual(["AGREEMENT_SIGNED", "SELF_SERVICE"]);
    expect([TRANSITIONS.accepted.from, TRANSITIONS.accepted.to()]).toEqual(["EUW", "SELF_SERVICE"]);
    expect([TRANSITIONS.declined.from, TRANSITIONS.declined.to()]).toEqual(["EUW", "SERVICE_UNAVAILABLE"]);
    expect([TRANSITIONS.withdrawn.from, TRANSITIONS.withdrawn.to()]).toEqual(["SELF_SERVICE", "WITHDRAWN"]);
    expect([TRANSITIONS.cancelled.from, TRANSITIONS.cancelled.to()]).toEqual(["SELF_SERVICE", "CANCELLED"]);
    expect([TRANSITIONS.withdrawnBeforeStart.from, TRANSITIONS.withdrawnBeforeStart.to()]).toEqual(["AGREEMENT_SIGNED", "WITHDRAWN"]);
    expect([TRANSITIONS.cameOfAge.from, TRANSITIONS.cameOfAge.to()]).toEqual(["SERVICE_UNAVAILABLE", FIRST_STATE]);
  });

  it("lets only a signed policy's holder end it (or a signed application's applicant withdraw it), and only an ended policy's holder sign up again", () => {
    expect(STATES.filter(mayEndPolicy)).toEqual(["AGREEMENT_SIGNED", "EUW", "SELF_SERVICE"]);
    expect(STATES.filter(maySignUpAgain)).toEqual(["WITHDRAWN", "CANCELLED"]);
  });

  it("ends a policy by a withdrawal from the day of signing, by a cancellation only once it is in force", () => {
    const from = (kind: "withdrawal" | "cancellation" | "application") => STATES.filter((state) => endingTransition(state, kind) !== null);
    expect(from("withdrawal")).toEqual(["AGREEMENT_SIGNED", "SELF_SERVICE"]);
    expect(from("cancellation")).toEqual(["SELF_SERVICE"]);
    // Under underwriting only the application is withdrawn: back to a new sign-up (docs/decisions/0295).
    expect(from("application")).toEqual(["EUW"]);
    expect(endingTransition("EUW", "application")?.to()).toBe("NEW");
    for (const state of STATES.filter(mayEndPolicy)) {
      if (state !== "EUW") expect(endingTransition(state, "withdrawal")?.to()).toBe("WITHDRAWN");
      // Its door opens for every state that may end a policy.
      expect(mayView(state, "withdrawal")).toBe(true);
    }
    expect(endingTransition("SELF_SERVICE", "cancellation")?.to()).toBe("CANCELLED");
  });

  it("takes an applicant who withdraws the health-data consent back to the account step, from after it up to the offer only (docs/decisions/0293)", () => {
    const from = STATES.filter((state) => healthDataWithdrawal(state) !== null);
    expect(from).toEqual([
      "ACCOUNT_REGISTERED",
      "WELLNESS_PROFILE_COMPLETE",
      "SERVICE_SELECTED",
      "SERVICE_REQ_CHANGE",
      "QUESTIONNAIRE_COMPLETE",
      "QUESTIONNAIRE_REQ_CHANGE",
      "BENEFICIARIES_DEFINED",
    ]);
    for (const state of from) expect(healthDataWithdrawal(state)).toMatchObject({ from: state });
    expect(healthDataWithdrawal("BENEFICIARIES_DEFINED")!.to()).toBe(FIRST_STATE);
    // Where it lands is the account step, and only the account step may be saved there.
    expect(landing(FIRST_STATE)).toBe("account");
    expect(STEP_IDS.filter((step) => mayEdit(FIRST_STATE, step))).toEqual(["account"]);
  });
});
