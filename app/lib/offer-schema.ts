/** The offer form (SPEC.md section 2 "Offer"): the three required consents and the optional support code. */
import { z } from "zod";
import { SUPPORT_CODE_MAX } from "./account-schema";

const consent = () =>
  z
    .boolean({ invalid_type_error: "error.invalid" })
    .default(false)
    .refine((ticked) => ticked, "error.consent_required");

/**
 * The offer form's buttons: review asks for the confirmation (a modal with JavaScript, a page
 * state without), save saves, edit goes back from the confirmation to the consents.
 */
export const OFFER_INTENT = { review: "review", save: "save", edit: "edit" } as const;

export const OFFER_CONSENTS = ["applicationConsent", "insuranceConditionsConsent", "insurerDataSharingConsent"] as const;

export const offerSchema = z.object({
  applicationConsent: consent(),
  insuranceConditionsConsent: consent(),
  insurerDataSharingConsent: consent(),
  /** Asked in the confirmation only while the customer has none. */
  supportCode: z.string().trim().max(SUPPORT_CODE_MAX, "error.too_long").optional(),
});

export type OfferFormInput = z.input<typeof offerSchema>;
