/**
 * The self-service changes' forms (issue 22 items 2 and 4) without their zod schemas
 * (app/lib/contact-schema.ts): what the pages render with. The schemas come after hydration
 * (docs/decisions/0043).
 */

/** The contact form's fields, in the order they appear on screen. */
export const CONTACT_FIELDS = ["email", "phone"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The consents a policyholder gives and withdraws at once in self-service (docs/decisions/0140). */
export const CHANGEABLE_CONSENTS = ["newsletter", "partner"] as const;
export type ChangeableConsent = (typeof CHANGEABLE_CONSENTS)[number];

/** One consent as the user page shows it (Tallinn date and time of its last change), with its own form's submission key. */
export interface ConsentRowData {
  consent: ChangeableConsent;
  given: boolean;
  partner: string | null;
  date: string | null;
  time: string | null;
  submissionKey: string;
}


/** The user page's consent forms post with this intent. */
export const CONSENT_INTENT = "consent";
