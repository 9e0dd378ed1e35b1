/**
 * The account registration form (SPEC.md sections 2 "Account", 3 and 5): one zod schema for
 * conform in the browser, the route action and the JSON /api. Messages are i18n keys.
 *
 * Every field parses "softly" (defaults and refinements instead of hard type errors), so a
 * missing field never stops the cross-field rules: the customer sees all errors at once.
 */
import * as z from "zod/v4/mini";
import { addIssue, phoneAsStored, phoneIssue } from "./fields";
import { EMAIL_MAX, SOURCES_OF_FUNDS, SUPPORT_CODE_MAX, TEXT_MAX } from "./account-fields";

export { DEFAULT_PHONE_PREFIX } from "./fields";
export * from "./account-fields";

const text = () => z.string({ error: "error.invalid" });

/** Required free text: trimmed, not empty, at most `max` characters. */
const requiredText = (max: number) =>
  z._default(text().check(z.trim()), "").check((ctx) => {
    if (!ctx.value) addIssue(ctx, "error.required");
    else if (ctx.value.length > max) addIssue(ctx, "error.too_long");
  });

// Issues are added inside the transforms: a transform after a failed check would abort the
// whole object, and with it the cross-field rules below.
const optionalText = (max: number) =>
  z.pipe(
    z.optional(text().check(z.trim())),
    z.transform((value, ctx) => {
      if (value && value.length > max) addIssue(ctx, "error.too_long");
      return value || undefined;
    }),
  );

/** The phone field (shared with the self-service contact form, app/lib/contact-schema.ts). */
export const phone = z.pipe(
  z._default(text(), ""),
  z.transform((raw, ctx) => {
    const issue = phoneIssue(raw);
    if (issue) addIssue(ctx, issue);
    return phoneAsStored(raw);
  }),
);

const emailFormat = z.email();
/** zod's email address rule. */
const isEmail = (value: string) => emailFormat.safeParse(value).success;

/** The i18n key of what is wrong with an e-mail address (trimmed), or null: every form's and the core's rule. */
export function emailIssue(email: string): "error.required" | "error.too_long" | "error.email" | null {
  if (!email) return "error.required";
  if (email.length > EMAIL_MAX) return "error.too_long";
  return isEmail(email) ? null : "error.email";
}

/** The e-mail field (shared with the self-service contact form). */
export const email = z._default(text().check(z.trim()), "").check((ctx) => {
  const issue = emailIssue(ctx.value);
  if (issue) addIssue(ctx, issue);
});

/** A checkbox: absent (unticked) is false. */
const checkbox = () => z._default(z.boolean({ error: "error.invalid" }), false);
const requiredCheckbox = () => checkbox().check(z.refine((ticked: boolean) => ticked, "error.required"));

export const accountSchema = z
  .object({
    email,
    phone,
    occupation: requiredText(TEXT_MAX),
    sourceOfFunds: z._default(z.enum(SOURCES_OF_FUNDS, { error: "error.invalid" }), "WAGE"),
    /** Required only when sourceOfFunds is OTHER; ignored otherwise. */
    sourceOfFundsOther: optionalText(TEXT_MAX),
    supportCode: optionalText(SUPPORT_CODE_MAX),
    conditionsAgreement: requiredCheckbox(),
    healthDataAgreement: requiredCheckbox(),
    newsletterAgreement: checkbox(),
    /** Only meaningful while an intermediary is attached (the core stores false otherwise). */
    wlAgreement: checkbox(),
    /** The intermediary the wlAgreement checkbox named on screen (HTML form only). */
    wlPartner: optionalText(TEXT_MAX),
  })
  .check((ctx) => {
    if (ctx.value.sourceOfFunds === "OTHER" && !ctx.value.sourceOfFundsOther) addIssue(ctx, "error.required", ["sourceOfFundsOther"]);
  });

/** What the form holds (strings and booleans, before parsing). */
export type AccountFormInput = z.input<typeof accountSchema>;
