/**
 * Which paths a signed-in customer may open in each onboarding state, and where they land
 * after sign-in (SPEC.md section 2). One pure function used by every protected loader.
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
] as const;
export type OnboardingState = (typeof STATES)[number];

export function isOnboardingState(value: unknown): value is OnboardingState {
  return typeof value === "string" && (STATES as readonly string[]).includes(value);
}

/** The six steps of the step indicator, in order. */
export const STEPS = ["/account", "/score", "/package", "/questionnaire", "/beneficiaries", "/offer"] as const;
export type StepPath = (typeof STEPS)[number];

/** Every protected section of the application (the first path segment decides). */
export const PROTECTED_ROUTES = [...STEPS, "/confirmation", "/self-service", "/unavailable"] as const;
export type ProtectedRoute = (typeof PROTECTED_ROUTES)[number];

function upTo(step: StepPath): ProtectedRoute[] {
  return STEPS.slice(0, STEPS.indexOf(step) + 1);
}

const TABLE: Record<OnboardingState, { allowed: ProtectedRoute[]; landing: string }> = {
  SERVICE_UNAVAILABLE: { allowed: ["/unavailable"], landing: "/unavailable" },
  NEW: { allowed: upTo("/account"), landing: "/account" },
  ACCOUNT_REGISTERED: { allowed: upTo("/score"), landing: "/score" },
  WELLNESS_PROFILE_COMPLETE: { allowed: upTo("/package"), landing: "/package" },
  SERVICE_REQ_CHANGE: { allowed: upTo("/package"), landing: "/package" },
  SERVICE_SELECTED: { allowed: upTo("/questionnaire"), landing: "/questionnaire" },
  QUESTIONNAIRE_REQ_CHANGE: { allowed: upTo("/questionnaire"), landing: "/questionnaire" },
  QUESTIONNAIRE_COMPLETE: { allowed: upTo("/beneficiaries"), landing: "/beneficiaries" },
  BENEFICIARIES_DEFINED: { allowed: upTo("/offer"), landing: "/offer" },
  AGREEMENT_SIGNED: { allowed: ["/confirmation"], landing: "/confirmation" },
  EUW: { allowed: ["/confirmation"], landing: "/confirmation" },
  SELF_SERVICE: { allowed: ["/self-service"], landing: "/self-service/insurance" },
};

/** The protected route a path belongs to (`/self-service/score/3` → `/self-service`), or null. */
export function protectedRouteOf(pathname: string): ProtectedRoute | null {
  const first = "/" + (pathname.split("/")[1] ?? "");
  return (PROTECTED_ROUTES as readonly string[]).includes(first) ? (first as ProtectedRoute) : null;
}

/** Where a customer in `state` lands after sign-in. Unknown states land on `/`. */
export function landingPath(state: string): string {
  return isOnboardingState(state) ? TABLE[state].landing : "/";
}

export function isPathAllowed(state: string, pathname: string): boolean {
  const route = protectedRouteOf(pathname);
  if (!route || !isOnboardingState(state)) return false;
  return TABLE[state].allowed.includes(route);
}

export type AccessDecision = { allowed: true } | { allowed: false; redirectTo: string };

/**
 * The decision for a signed-in customer opening `pathname`: allowed, or where to go
 * instead (/confirmation for AGREEMENT_SIGNED and EUW, otherwise /unavailable).
 */
export function decideAccess(state: string, pathname: string): AccessDecision {
  if (isPathAllowed(state, pathname)) return { allowed: true };
  const redirectTo = state === "AGREEMENT_SIGNED" || state === "EUW" ? "/confirmation" : "/unavailable";
  // /unavailable itself not allowed (self-service, unknown states): go to the landing path
  // instead of redirecting to the same place forever.
  if (protectedRouteOf(pathname) === redirectTo) return { allowed: false, redirectTo: landingPath(state) };
  return { allowed: false, redirectTo };
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
