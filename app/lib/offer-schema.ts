/** The offer form (SPEC.md section 2 "Offer"): the three required consents and the optional support code. */
import * as z from "zod/v4/mini";
import { SUPPORT_CODE_MAX } from "./account-schema";

const consent = () => z._default(z.boolean({ error: "error.invalid" }), false).check(z.refine((ticked: boolean) => ticked, "error.consent_required"));

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
  supportCode: z.optional(z.string().check(z.trim(), z.maxLength(SUPPORT_CODE_MAX, "error.too_long"))),
});

export type OfferFormInput = z.input<typeof offerSchema>;
