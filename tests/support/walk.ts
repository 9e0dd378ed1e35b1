/**
 * The one walk through the onboarding table (app/lib/onboarding.ts), for every client that puts
 * a customer somewhere: the integration tests (tests/support/reach.ts), the browser tests
 * (tests/e2e/journey.ts) and the bench (scripts/bench/customers.mjs, through esbuild). From
 * where the customer lands, save that step through the /api with valid answers, read where they
 * land now, and again, until they land on the place asked; "confirmation" signs the offer with
 * the demo provider (TRANSITIONS.signed). No state and no step order is written here: `SAVES`
 * is a `Record<StepId, …>`, so a step added to the table does not compile until the walk knows
 * how to save it, and then every client walks through it. Imports no test framework.
 */
import { isStepId, landing, STEP_IDS, TRANSITIONS, type OnboardingState, type StepId } from "../../app/lib/onboarding";
import { QUESTION_SETS, type AnswerableType } from "../../app/lib/questionnaire-sets";

/** What the walk needs of a signed-in client; each call throws on a status of 300 or more. */
export interface ApiDoor {
  /** A GET of a /api path: its JSON. */
  get(path: string): Promise<any>;
  /** A POST of JSON to a /api path: its JSON (null when empty). */
  post(path: string, json: unknown): Promise<any>;
  /** A form posted to an absolute address, asking for JSON (the demo signing desk). */
  postForm(url: string, fields: Record<string, string>): Promise<void>;
}

/** Where a walk may stop: a step (the customer may save it next), signed, or unavailable (only where the sign-in put them: an age outside the limits). */
export type Point = StepId | "confirmation" | "unavailable";

export interface WalkOptions {
  /** The registration saved on the way (REGISTRATION unless given). */
  registration?: Record<string, unknown>;
  /** The package saved on the way (whole euro); 100 000 / 50 000 and MENTAL unless given. */
  deathCover?: number;
  disabilityCover?: number;
  services?: string[];
  /** The wellness score's answers (a full set earning a discount unless given). */
  scoreAnswers?: Record<string, { value: unknown; manual?: boolean }>;
  /** The questionnaire's height and weight (every answer no). */
  body?: { height: number; weight: number };
  /** The beneficiaries saved on the way (ONE_BENEFICIARY unless given). */
  beneficiaries?: unknown[];
}

export const REGISTRATION = {
  email: "ankeet@example.com",
  phone: "+372 5123 4567",
  occupation: "Raamatupidaja",
  sourceOfFunds: "WAGE",
  conditionsAgreement: true,
  healthDataAgreement: true,
  newsletterAgreement: false,
  wlAgreement: false,
};

const SCORE_ANSWERS = {
  steps: { value: 9000, manual: true },
  activeDays: { value: 5 },
  exerciseMinutes: { value: 180, manual: true },
  smoking: { value: false },
  sleepHours: { value: 8 },
  stress: { value: 3 },
};

const ONE_BENEFICIARY = [{ type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 100, email: "mari@example.com", phone: "+372 5555 1234" }];

const ALL_CONSENTS = { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true };

/** Every answer of the set the package and body now require, no (the questionnaire's /api tells the set). */
async function answerEveryQuestionNo(door: ApiDoor, body = { height: 180, weight: 80 }): Promise<void> {
  const { type } = await door.get(`/api/onboarding/questionnaire/required-type?h=${body.height}&w=${body.weight}`);
  const questions = QUESTION_SETS[type as AnswerableType];
  if (!questions) throw new Error(`No question set ${type}`);
  await door.post("/api/onboarding/questionnaire", { ...body, content: Object.fromEntries(questions.map((q) => [q.code, false])) });
}

/** Each step's save with valid answers, as a customer makes it through the /api. */
const SAVES: Record<StepId, (door: ApiDoor, options: WalkOptions) => Promise<unknown>> = {
  account: (door, options) => door.post("/api/onboarding/registration", options.registration ?? REGISTRATION),
  score: (door, options) => door.post("/api/score", { answers: options.scoreAnswers ?? SCORE_ANSWERS }),
  package: (door, options) =>
    door.post("/api/onboarding/proposal", {
      sumInsuredForDeathCover: options.deathCover ?? 100_000,
      sumInsuredForDisabilityCover: options.disabilityCover ?? 50_000,
      services: options.services ?? ["MENTAL"],
    }),
  questionnaire: (door, options) => answerEveryQuestionNo(door, options.body),
  beneficiaries: (door, options) => door.post("/api/onboarding/beneficiaries", { beneficiaries: options.beneficiaries ?? ONE_BENEFICIARY }),
  offer: (door) => door.post("/api/onboarding/offer", ALL_CONSENTS),
};

/** Saves `step` as the walk does (a test that changes an earlier step, or makes the same save again). */
export const saveStep = async (door: ApiDoor, step: StepId, options: WalkOptions = {}): Promise<void> => void (await SAVES[step](door, options));

/** A signing started and signed in the demo provider's frame, its completion still to come. */
export async function signInDemoFrame(door: ApiDoor): Promise<void> {
  const signing = await door.post("/api/sign/init", undefined);
  await door.postForm(`${signing.baseUrl}/signing/${signing.signingToken}`, { access_token: signing.accessToken, action: "sign", mode: "js" });
}

/** The signing (TRANSITIONS.signed) in the demo provider's frame, confirmed. */
export async function signOnDemoDesk(door: ApiDoor): Promise<any> {
  await signInDemoFrame(door);
  return door.post("/api/sign/complete", {});
}

/** The customer's state as the /api reads it (with the age re-check). */
async function stateOf(door: ApiDoor): Promise<OnboardingState> {
  return (await door.get("/api/onboarding/state")).state;
}

/** Walks a signed-in customer from where they are to `place`; returns the state they are in there. */
export async function walkTo(door: ApiDoor, place: Point, options: WalkOptions = {}): Promise<OnboardingState> {
  let state = await stateOf(door);
  for (let moves = 0; landing(state) !== place; moves++) {
    const step = landing(state);
    if (!isStepId(step) || moves > 20) throw new Error(`No way from ${state} to ${place}`);
    await SAVES[step](door, options);
    const after = await stateOf(door);
    // A save that keeps the state (the offer's) leaves the next move to the signing.
    if (after === state) {
      if (state !== TRANSITIONS.signed.from) throw new Error(`Saving ${step} left the customer in ${state}`);
      await signOnDemoDesk(door);
      state = await stateOf(door);
    } else state = after;
  }
  return state;
}

/** Walks a customer who lands on a step before `step` up to it; one on it or past it stays. */
export async function walkUpTo(door: ApiDoor, step: StepId, options: WalkOptions = {}): Promise<void> {
  const lands = landing(await stateOf(door));
  if (isStepId(lands) && STEP_IDS.indexOf(lands) < STEP_IDS.indexOf(step)) await walkTo(door, step, options);
}

/**
 * Saves `step` with `options`, first walking a customer who lands on an earlier step up to it
 * (a customer past it saves it again): a test that saves the steps one by one keeps working
 * when a step is added between two of them.
 */
export async function saveAt(door: ApiDoor, step: StepId, options: WalkOptions = {}): Promise<void> {
  await walkUpTo(door, step, options);
  await saveStep(door, step, options);
}
