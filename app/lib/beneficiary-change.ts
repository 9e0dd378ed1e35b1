/**
 * Where the self-service change of beneficiaries lives (issue 22 item 3, docs/decisions/0145):
 * the pages, the demo signing page's no-JavaScript path and the /api answers share these.
 */
export const CHANGE_PATH = "/self-service/beneficiaries";
/**
 * The change's signing screen: a page of its own (the offer's is /offer?step=signing), so the
 * form's first visit carries no signing code and the signing screen no form.
 */
export const CHANGE_SIGNING_PATH = `${CHANGE_PATH}/sign`;
/** The insurance tab, saying what became of the change. */
export const INSURANCE_PATH = "/self-service/insurance";
/**
 * Refusals after which a change cannot go on: no policy in force (it was cancelled or withdrawn
 * meanwhile), no self-service, no pending change (discarded or signed elsewhere). Signing again
 * would be refused again: the signing screen offers the way back to the insurance tab instead.
 */
export const CHANGE_ENDED: readonly string[] = ["error.no_policy_to_change", "error.wrong_state", "error.no_pending_change"];
export const CHANGE_OUTCOMES = ["signed", "discarded"] as const;
export type ChangeOutcome = (typeof CHANGE_OUTCOMES)[number];
export const changeOutcomePath = (outcome: ChangeOutcome) => `${INSURANCE_PATH}?beneficiaries=${outcome}`;
/** A policy version's web page; its PDF is the /api's. */
export const versionPagePath = (version: number) => `/self-service/documents/policy/${version}`;
export const versionPdfPath = (version: number) => `/api/self-service/policy/versions/${version}`;
/** Intents of the change form: save the list (then sign), or discard the pending change. */
export const CHANGE_INTENT = { save: "save", discard: "discard" } as const;
