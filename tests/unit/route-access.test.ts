import { describe, expect, it } from "vitest";
import { STATES } from "~/lib/onboarding";
import { afterSignInPath, decideAccess, landingPath } from "~/lib/route-access";

const ROUTES = [
  "/account",
  "/score",
  "/package",
  "/questionnaire",
  "/beneficiaries",
  "/offer",
  "/confirmation",
  "/self-service",
  "/self-service/withdraw",
  "/self-service/data",
  "/self-service/user/contact",
  "/unavailable",
] as const;

// SPEC.md section 2, written out by hand: the allowed routes of each state and its landing path.
// Every state may open /self-service/data: what is held about the customer (docs/decisions/0260).
// The contact page every state whose account step is not open (docs/decisions/0310).
const EXPECTED: Record<string, { allowed: string[]; landing: string }> = {
  SERVICE_UNAVAILABLE: { allowed: ["/unavailable", "/self-service/data", "/self-service/user/contact"], landing: "/unavailable" },
  NEW: { allowed: ["/account", "/self-service/data"], landing: "/account" },
  ACCOUNT_REGISTERED: { allowed: ["/account", "/score", "/self-service/data"], landing: "/score" },
  WELLNESS_PROFILE_COMPLETE: { allowed: ["/account", "/score", "/package", "/self-service/data"], landing: "/package" },
  SERVICE_REQ_CHANGE: { allowed: ["/account", "/score", "/package", "/self-service/data"], landing: "/package" },
  SERVICE_SELECTED: { allowed: ["/account", "/score", "/package", "/questionnaire", "/self-service/data"], landing: "/questionnaire" },
  QUESTIONNAIRE_REQ_CHANGE: { allowed: ["/account", "/score", "/package", "/questionnaire", "/self-service/data"], landing: "/questionnaire" },
  QUESTIONNAIRE_COMPLETE: {
    allowed: ["/account", "/score", "/package", "/questionnaire", "/beneficiaries", "/self-service/data"],
    landing: "/beneficiaries",
  },
  BENEFICIARIES_DEFINED: {
    allowed: ["/account", "/score", "/package", "/questionnaire", "/beneficiaries", "/offer", "/self-service/data"],
    landing: "/offer",
  },
  // The door to withdraw opens on the day of signing (docs/decisions/0258).
  AGREEMENT_SIGNED: { allowed: ["/confirmation", "/self-service/withdraw", "/self-service/data", "/self-service/user/contact"], landing: "/confirmation" },
  // The door to withdraw the application while the underwriter has it (docs/decisions/0295).
  EUW: { allowed: ["/confirmation", "/self-service/withdraw", "/self-service/data", "/self-service/user/contact"], landing: "/confirmation" },
  SELF_SERVICE: { allowed: ["/self-service", "/self-service/withdraw", "/self-service/data", "/self-service/user/contact"], landing: "/self-service/insurance" },
  WITHDRAWN: { allowed: ["/account", "/self-service", "/self-service/withdraw", "/self-service/data", "/self-service/user/contact"], landing: "/self-service/insurance" },
  CANCELLED: { allowed: ["/account", "/self-service", "/self-service/withdraw", "/self-service/data", "/self-service/user/contact"], landing: "/self-service/insurance" },
};

describe("route access (SPEC.md section 2)", () => {
  it("covers every state", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...STATES].sort());
  });

  for (const state of STATES) {
    describe(state, () => {
      it(`lands on ${EXPECTED[state].landing}`, () => {
        expect(landingPath(state)).toBe(EXPECTED[state].landing);
      });

      for (const route of ROUTES) {
        const allowed = EXPECTED[state].allowed.includes(route);
        it(`${allowed ? "allows" : "refuses"} ${route}`, () => {
          const decision = decideAccess(state, route);
          if (allowed) {
            expect(decision).toEqual({ allowed: true });
          } else {
            // An ended policy's holder goes back to self-service (docs/decisions/0130).
            const fallback =
              state === "AGREEMENT_SIGNED" || state === "EUW" ? "/confirmation" : state === "SELF_SERVICE" || state === "WITHDRAWN" || state === "CANCELLED" ? "/self-service" : "/unavailable";
            // Never a redirect to the page that was refused (no loop): /unavailable itself
            // falls back to the landing path.
            // The contact page's refusal is the account step, where those states correct their details.
            const expected = route === "/self-service/user/contact" ? "/account" : route === fallback ? EXPECTED[state].landing : fallback;
            expect(decision).toEqual({ allowed: false, redirectTo: expected });
          }
        });
      }
    });
  }

  it("judges a path by the most specific place it is in, whole segments only", () => {
    expect(decideAccess("SELF_SERVICE", "/self-service/score/new")).toEqual({ allowed: true });
    expect(decideAccess("SELF_SERVICE", "/self-service/bills")).toEqual({ allowed: true });
    expect(decideAccess("NEW", "/account/anything")).toEqual({ allowed: true });
    expect(decideAccess("NEW", "/accounting")).toEqual({ allowed: false, redirectTo: "/unavailable" });
    // Signed, not yet started: the door to withdraw, nothing else of self-service.
    expect(decideAccess("AGREEMENT_SIGNED", "/self-service/withdraw/anything")).toEqual({ allowed: true });
    expect(decideAccess("AGREEMENT_SIGNED", "/self-service/withdrawn")).toEqual({ allowed: false, redirectTo: "/confirmation" });
    expect(decideAccess("AGREEMENT_SIGNED", "/self-service/insurance")).toEqual({ allowed: false, redirectTo: "/confirmation" });
    expect(afterSignInPath("AGREEMENT_SIGNED", "/self-service/withdraw")).toBe("/self-service/withdraw");
  });

  it("allows nothing in an unknown state, which lands on /", () => {
    expect(landingPath("SOMETHING_ELSE")).toBe("/");
    for (const route of ROUTES) expect(decideAccess("SOMETHING_ELSE", route).allowed).toBe(false);
    expect(decideAccess("SOMETHING_ELSE", "/unavailable")).toEqual({ allowed: false, redirectTo: "/" });
  });

  it("sends a signed-in customer to the remembered path only when the state allows it", () => {
    expect(afterSignInPath("SELF_SERVICE", "/self-service/bills")).toBe("/self-service/bills");
    expect(afterSignInPath("SELF_SERVICE", "/self-service/bills?x=1")).toBe("/self-service/bills?x=1");
    expect(afterSignInPath("NEW", "/self-service/bills")).toBe("/account");
    expect(afterSignInPath("BENEFICIARIES_DEFINED", "/score")).toBe("/score");
    expect(afterSignInPath("EUW", "/offer")).toBe("/confirmation");
    expect(afterSignInPath("NEW", null)).toBe("/account");
  });
});
