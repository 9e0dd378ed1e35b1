/**
 * The onboarding table (app/lib/onboarding.ts) in paths: which paths a signed-in customer may
 * open in each state, and where they land after sign-in (SPEC.md section 2). One pure
 * function used by every protected loader.
 */
import { isOnboardingState, landing, mayView, PLACE_IDS, placeFor, placePath, STATE_RULES, STEP_IDS, stepOf, type PlaceId, type StepId } from "./onboarding";

/** Where a place is entered when it is landed on (self-service: its first tab). */
const LANDING_PATHS: Partial<Record<PlaceId, string>> = { "self-service": "/self-service/insurance" };

/**
 * The place a path belongs to (`/self-service/score/3` → self-service), or null: the most
 * specific one (`/self-service/withdraw` is the withdrawal's, docs/decisions/0258).
 */
export function placeOf(pathname: string): PlaceId | null {
  let found: PlaceId | null = null;
  for (const place of PLACE_IDS) {
    const path = placePath(place);
    const within = pathname === path || pathname.startsWith(`${path}/`);
    if (within && (found === null || path.length > placePath(found).length)) found = place;
  }
  return found;
}

/** Where a customer in `state` lands after sign-in. Unknown states land on `/`. */
export function landingPath(state: string): string {
  const place = landing(state);
  return place ? (LANDING_PATHS[place] ?? placePath(place)) : "/";
}

function isPathAllowed(state: string, pathname: string): boolean {
  const place = placeOf(pathname);
  return place !== null && mayView(state, place);
}

export type AccessDecision = { allowed: true } | { allowed: false; redirectTo: string };

/**
 * The decision for a signed-in customer opening `pathname`: allowed, or where to go
 * instead: the place standing in for it when the state may open that (the contact page's:
 * the account step, docs/decisions/0310), else /confirmation for AGREEMENT_SIGNED and EUW,
 * otherwise /unavailable.
 */
export function decideAccess(state: string, pathname: string): AccessDecision {
  if (isPathAllowed(state, pathname)) return { allowed: true };
  const place = placeOf(pathname);
  const standIn = place ? placeFor(state, place) : null;
  if (standIn) return { allowed: false, redirectTo: placePath(standIn) };
  const refused: PlaceId = isOnboardingState(state) ? STATE_RULES[state].refused : "unavailable";
  // /unavailable itself not allowed (self-service, unknown states): go to the landing path
  // instead of redirecting to the same place forever.
  if (placeOf(pathname) === refused) return { allowed: false, redirectTo: landingPath(state) };
  return { allowed: false, redirectTo: placePath(refused) };
}

/**
 * After sign-in: the remembered path when the state allows it, else the landing path.
 * `remembered` must already have passed safeRedirect.
 */
export function afterSignInPath(state: string, remembered: string | null | undefined): string {
  if (remembered) {
    const pathname = remembered.split(/[?#]/)[0];
    if (isPathAllowed(state, pathname)) return remembered;
  }
  return landingPath(state);
}

/** The steps a customer in `state` may open: the step indicator's links. */
export const openSteps = (state: string): StepId[] => STEP_IDS.filter((step) => mayView(state, step));

/** Where a save of `step` leads. */
export const nextPath = (step: StepId): string => placePath(stepOf(step).next);

/** Where the Back link of `step` goes; null for the first step. */
export function backPath(step: StepId): string | null {
  const back = stepOf(step).back;
  return back ? placePath(back) : null;
}

/** The offer's signing screen, where a saved offer leads (the offer step's second half). */
export const SIGNING_PATH = `${placePath("offer")}?step=signing`;
