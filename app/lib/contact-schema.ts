/**
 * The self-service contact form and consent form (issue 22 items 2 and 4): one zod schema each,
 * for conform in the browser, the route actions and the JSON /api. The e-mail and phone are the
 * registration's own fields (app/lib/account-schema.ts), so they validate exactly as there.
 */
import * as z from "zod/v4/mini";
import { email, phone } from "./account-schema";
import { CHANGEABLE_CONSENTS } from "./contact-fields";

export * from "./contact-fields";

/**
 * `emailWas` and `phoneWas`: the details the form was opened with (hidden fields; optional on
 * the /api). A field the customer left as it was is not written, and one changed elsewhere
 * since is not overwritten (docs/decisions/0271).
 */
export const contactSchema = z.object({ email, phone, emailWas: z.optional(z.string({ error: "error.invalid" })), phoneWas: z.optional(z.string({ error: "error.invalid" })) });

/** What the contact form holds (strings, before parsing). */
export type ContactFormInput = z.input<typeof contactSchema>;

/**
 * One consent given (`given` true; the HTML form's hidden field "on") or withdrawn (false or
 * left out).
 */
export const consentSchema = z.object({
  consent: z.enum(CHANGEABLE_CONSENTS, { error: "error.invalid" }),
  given: z._default(z.boolean({ error: "error.invalid" }), false),
});
