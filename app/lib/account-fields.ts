/**
 * The account form's fields and limits without its zod schema (app/lib/account-schema.ts):
 * what the page renders with. The schema comes after hydration (docs/decisions/0043).
 */
export const SOURCES_OF_FUNDS = ["WAGE", "SALES", "DIVIDENDS", "GIFT", "INHERITANCE", "OTHER"] as const;
export type SourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];

export const TEXT_MAX = 200;
export const EMAIL_MAX = 254;
export const SUPPORT_CODE_MAX = 40;
/** The account form's live support-code lookup posts with this intent. */
export const SUPPORT_CODE_INTENT = "support-code";
