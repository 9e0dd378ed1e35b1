/**
 * The beneficiaries form (SPEC.md sections 2 "Beneficiaries", 3 and 5; PRODUCT.md section 1):
 * one zod schema for conform in the browser, the route action and the JSON /api. Messages
 * are i18n keys.
 *
 * Fields parse "softly" (issues added inside transforms, never hard type errors), so one bad
 * field never hides the others or the share total: the customer sees every error at once.
 */
import * as z from "zod/v4/mini";
import { emailIssue, TEXT_MAX } from "./account-schema";
import { BENEFICIARY_TYPES, isShareTotalValid, MAX_BENEFICIARIES, SHARE_MAX, SHARE_MIN, type BeneficiaryType } from "./beneficiaries-fields";
import { addIssue, phoneAsStored, phoneIssue } from "./fields";
import { isPrintableName } from "./name-characters";
import { isValidPersonalCode } from "./personal-code";
import { isRegistryCode } from "./registry-code";

export * from "./beneficiaries-fields";

/** The i18n key of what is wrong with an id code for the beneficiary's type, or null. */
export function idCodeIssue(type: string, idCode: string): "error.required" | "error.idCode" | "error.registryCode" | null {
  if (!idCode) return "error.required";
  if (type === "C") return isRegistryCode(idCode) ? null : "error.registryCode";
  return isValidPersonalCode(idCode) ? null : "error.idCode";
}

/** The i18n key of what is wrong with a share, or null. Accepts the form's text or a JSON number. */
export function shareIssue(raw: unknown): "error.required" | "error.sharePercent" | null {
  const text = raw === undefined || raw === null ? "" : String(raw).trim();
  if (!text) return "error.required";
  if (typeof raw === "number" ? !Number.isInteger(raw) : !/^\d{1,3}$/.test(text)) return "error.sharePercent";
  const value = Number(text);
  return value >= SHARE_MIN && value <= SHARE_MAX ? null : "error.sharePercent";
}

export const textIssue = (value: string, max = TEXT_MAX): "error.required" | "error.too_long" | null =>
  !value ? "error.required" : value.length > max ? "error.too_long" : null;

/** A name: required, not too long, and only characters the documents can print (decision 0032). */
export const nameIssue = (value: string): ReturnType<typeof textIssue> | "error.name_characters" =>
  textIssue(value) ?? (isPrintableName(value) ? null : "error.name_characters");

const text = () =>
  z.pipe(
    z.optional(z.string({ error: "error.invalid" }).check(z.trim())),
    z.transform((value) => value ?? ""),
  );

/** A text that may be null: what the /api answers for a company's firstName, so a client may send it back. */
const nullableText = () =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: "error.invalid" }).check(z.trim()))),
    z.transform((value) => value ?? ""),
  );

const beneficiary = z
  .object({
    type: z.pipe(
      z.optional(z.string({ error: "error.invalid" })),
      z.transform((value, ctx) => {
        if (!value) addIssue(ctx, "error.required");
        else if (!(BENEFICIARY_TYPES as readonly string[]).includes(value)) addIssue(ctx, "error.invalid");
        return (value ?? "P") as BeneficiaryType;
      }),
    ),
    /** A person's first name (required); ignored for a company, which may send null. */
    firstName: nullableText(),
    /** A person's last name or a company's name. */
    name: text(),
    /** A personal code (person) or a registry code (company). */
    idCode: text(),
    sharePercent: z.pipe(
      z.optional(z.union([z.string(), z.number()], { error: "error.invalid" })),
      z.transform((raw, ctx) => {
        const issue = shareIssue(raw);
        if (issue) addIssue(ctx, issue);
        // NaN keeps the output a number while the total rule below skips it.
        return issue ? Number.NaN : Number(raw);
      }),
    ),
    email: text(),
    phone: z.pipe(
      z.optional(z.string({ error: "error.invalid" })),
      z.transform((raw, ctx) => {
        const issue = phoneIssue(raw ?? "");
        if (issue) addIssue(ctx, issue);
        return phoneAsStored(raw ?? "");
      }),
    ),
  })
  // A check, not a transform: it runs even when a field above already failed.
  .check((ctx) => {
    const { value } = ctx;
    const issue = (path: string, message: string | null) => {
      if (message) addIssue(ctx, message, [path]);
    };
    if (value.type === "P") issue("firstName", nameIssue(value.firstName));
    issue("name", nameIssue(value.name));
    issue("idCode", idCodeIssue(value.type, value.idCode));
    issue("email", emailIssue(value.email));
  });

export const beneficiariesSchema = z
  .object({
    beneficiaries: z._default(z.array(beneficiary, { error: "error.invalid" }), []).check((ctx) => {
      if (!ctx.value?.length) addIssue(ctx, "error.required");
      else if (ctx.value.length > MAX_BENEFICIARIES) addIssue(ctx, "error.too_many");
    }),
  })
  // Checks only (a transform would stop at the first failed field and hide the total).
  .check((ctx) => {
    const { beneficiaries } = ctx.value;
    // The same person or company twice would split one share across two rows.
    const seen = new Set<string>();
    beneficiaries.forEach((b, index) => {
      const key = `${b.type}:${b.idCode}`;
      if (b.idCode && seen.has(key)) addIssue(ctx, "error.duplicate", ["beneficiaries", index, "idCode"]);
      seen.add(key);
    });
    const shares = beneficiaries.map((b) => b.sharePercent);
    if (shares.length && shares.every(Number.isInteger) && !isShareTotalValid(shares)) addIssue(ctx, "error.total", ["beneficiaries"]);
  });

/**
 * What a valid form parses to. A company's firstName is whatever was posted: the core stores
 * null for it.
 */
export type BeneficiariesForm = z.output<typeof beneficiariesSchema>;
