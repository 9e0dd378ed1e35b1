/**
 * What the withdraw-or-cancel page renders with (issue 22 item 1, docs/decisions/0130), free
 * of zod: the page loads its schema after hydration (docs/decisions/0043).
 */

/** Why the policy ends: the policyholder's wish, or the health-data consent withdrawn (item 4). */
export const ENDING_REASONS = ["wish", "health-data"] as const;
export type EndingReason = (typeof ENDING_REASONS)[number];

export const isEndingReason = (value: unknown): value is EndingReason => (ENDING_REASONS as readonly unknown[]).includes(value);

/** The page's path; `?reason=health-data` for the consent's withdrawal. */
export const WITHDRAW_PATH = "/self-service/withdraw";

/** The acknowledgement of a withdrawal or cancellation: its PDF and its web page (docs/decisions/0259). */
export const ENDING_DOCUMENT = { pdf: "/api/documents/ending", page: "/self-service/documents/ending" } as const;

/** The inputs the form posts hidden (the reason the page was opened with): the customer cannot change them (docs/decisions/0338). */
export const WITHDRAWAL_HIDDEN = ["reason"] as const;

/** What the form holds (strings and booleans, before parsing). */
export type WithdrawalFormValues = {
  reason: EndingReason;
  confirm: boolean;
  method: string;
  idCode: string;
  phone?: string;
};

/** What withdrawing an application under underwriting does (docs/decisions/0295): the page's list and the acknowledgement's. */
export const APPLICATION_EFFECTS = ["withdrawal.effect.application.ends", "withdrawal.effect.application.invoices", "withdrawal.effect.application.erased"] as const;

/** Where the customer goes once it is done: the withdrawn application is on the data page (the state starts a new sign-up), a contract's ending on the insurance tab. */
export const afterEnding = (kind: "withdrawal" | "cancellation" | "application"): string => (kind === "application" ? "/self-service/data" : "/self-service/insurance");
