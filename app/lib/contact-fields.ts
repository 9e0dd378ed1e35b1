/**
 * The self-service changes' forms (issue 22 items 2 and 4) without their zod schemas
 * (app/lib/contact-schema.ts): what the pages render with. The schemas come after hydration
 * (docs/decisions/0043).
 */
import type { EndedContract } from "./onboarding";

/** The contact form's fields, in the order they appear on screen. */
export const CONTACT_FIELDS = ["email", "phone"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * The consents given at the wellness score (connecting the activity tracker, taking a health
 * measurement): self-service withdraws them, only the score gives them (docs/decisions/0257).
 */
const SCORE_CONSENTS = ["activity", "measurement"] as const;
export type ScoreConsent = (typeof SCORE_CONSENTS)[number];

/**
 * The registration's consent to process health data: given at the account step (required), and
 * withdrawn online by an applicant who has not signed, which erases their health answers
 * (docs/decisions/0293). A policyholder's withdrawal of it ends the contract (0258).
 */
export const HEALTH_DATA_CONSENT = "health-data";

/**
 * The consents a customer changes at once in self-service: the newsletter and partner
 * consents given or withdrawn (docs/decisions/0140), the score's withdrawn (0257), the
 * registration's health-data consent withdrawn before signing (0293).
 */
export const CHANGEABLE_CONSENTS = ["newsletter", "partner", ...SCORE_CONSENTS, HEALTH_DATA_CONSENT] as const;
export type ChangeableConsent = (typeof CHANGEABLE_CONSENTS)[number];

/** Whether a consent is one of the score's: withdrawn in self-service, given only at the score. */
export const isScoreConsent = (consent: ChangeableConsent): consent is ScoreConsent => (SCORE_CONSENTS as readonly string[]).includes(consent);

/** Whether self-service only withdraws a consent (the score or the account step gives it). */
export const isWithdrawnOnly = (consent: ChangeableConsent): boolean => isScoreConsent(consent) || consent === HEALTH_DATA_CONSENT;

/** One consent as the user page shows it (Tallinn date and time of its last change), with its own form's submission key. */
export interface ConsentRowData {
  consent: ChangeableConsent;
  given: boolean;
  partner: string | null;
  date: string | null;
  time: string | null;
  submissionKey: string;
  /** The health-data consent of a contract that ended: its text says what withdrawing it keeps (docs/decisions/0303). */
  ended?: EndedContract;
}

/** The user page's consent forms post with this intent. */
export const CONSENT_INTENT = "consent";
