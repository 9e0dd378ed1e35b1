/** The offer form (SPEC.md section 2 "Offer"): the three required consents and the optional support code. */
import * as z from "zod/v4/mini";
import { SUPPORT_CODE_MAX } from "./account-fields";

export * from "./offer-fields";

const consent = () => z._default(z.boolean({ error: "error.invalid" }), false).check(z.refine((ticked: boolean) => ticked, "error.consent_required"));

export const offerSchema = z.object({
  applicationConsent: consent(),
  insuranceConditionsConsent: consent(),
  insurerDataSharingConsent: consent(),
  /** Asked in the confirmation only while the customer has none. */
  supportCode: z.optional(z.string().check(z.trim(), z.maxLength(SUPPORT_CODE_MAX, "error.too_long"))),
  /** The offer the page showed (a hidden field, docs/decisions/0305): any other is an offer changed since. */
  offerVersion: z.optional(z.string()),
});

export type OfferFormInput = z.input<typeof offerSchema>;
