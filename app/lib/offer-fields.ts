/** The offer form's buttons and consents without its zod schema (app/lib/offer-schema.ts, docs/decisions/0043). */
/**
 * The offer form's buttons: review asks for the confirmation (a modal with JavaScript, a page
 * state without), save saves, edit goes back from the confirmation to the consents.
 */
export const OFFER_INTENT = { review: "review", save: "save", edit: "edit" } as const;

export const OFFER_CONSENTS = ["applicationConsent", "insuranceConditionsConsent", "insurerDataSharingConsent"] as const;
