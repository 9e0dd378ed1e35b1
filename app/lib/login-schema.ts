/** The demo sign-in form (PRODUCT.md section 2), shared by conform in the browser and the action. */
import * as z from "zod/v4/mini";
import { isValidPersonalCode } from "./personal-code";
import { addIssue, PHONE_PATTERN, phoneAsStored } from "./fields";
import { DEMO_METHODS } from "./sign-in-methods";

/**
 * An optional phone normalised as typed (app/lib/fields.ts); nothing but a prefix counts as
 * empty. (Not `z.optional(…)` around it: an optional field with an issue loses its value, and
 * the Mobile-ID rule below would report it missing too.)
 */
export const phoneSchema = z.pipe(
  z.optional(z.string()),
  z.transform((raw, ctx) => {
    const value = phoneAsStored(raw ?? "");
    if (value !== "" && !PHONE_PATTERN.test(value)) addIssue(ctx, "error.phone");
    return value || undefined;
  }),
);

export const loginSchema = z
  .object({
    method: z.enum(DEMO_METHODS, { error: "error.required" }),
    idCode: z.string({ error: "error.required" }).check(z.trim(), z.refine(isValidPersonalCode, "error.idCode")),
    phone: phoneSchema,
    redirectTo: z.optional(z.string()),
  })
  .check((ctx) => {
    if (ctx.value.method === "mobile-id" && !ctx.value.phone) addIssue(ctx, "error.required", ["phone"]);
  });

export type LoginForm = z.infer<typeof loginSchema>;
