/** The offer form's buttons and consents without its zod schema (app/lib/offer-schema.ts, docs/decisions/0043). */
import type { AgeTableRow, ContractTerm } from "./contract-term";
import type { ServiceCode } from "./limits";
import type { Estimation } from "./pricing";

/**
 * The offer form's buttons: review asks for the confirmation (a modal with JavaScript, a page
 * state without), save saves, edit goes back from the confirmation to the consents.
 */
export const OFFER_INTENT = { review: "review", save: "save", edit: "edit" } as const;

export const OFFER_CONSENTS = ["applicationConsent", "insuranceConditionsConsent", "insurerDataSharingConsent"] as const;
export type OfferConsent = (typeof OFFER_CONSENTS)[number];

/** SPEC.md section 3 "Offer". Covers in whole euro, money in cents. */
export interface OfferView {
  firstName: string;
  lastName: string;
  age: number;
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: ServiceCode[];
  estimation: Estimation;
  consents: Record<OfferConsent, boolean>;
  /** Whether a support code is already saved (the confirmation only asks when not). */
  hasSupportCode: boolean;
  /** The policy start if signed today. */
  startDate: string;
  /** The contract's term and renewal if signed today (docs/decisions/0090). */
  term: ContractTerm;
  /** How the premium changes with age: this policy year and the next five, same cover, today's discount. */
  premiumByAge: AgeTableRow[];
  /** The offer as shown, which its form posts back: a save of an offer changed since is refused (docs/decisions/0305). */
  offerVersion: string;
  /** The consents were given for an earlier offer, changed since: the page says why they are unticked (docs/decisions/0400). */
  confirmedEarlierOffer: boolean;
}
