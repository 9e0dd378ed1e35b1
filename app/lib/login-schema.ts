/** The demo sign-in form (PRODUCT.md section 2), shared by conform in the browser and the action. */
import * as z from "zod/v4/mini";
import { isValidPersonalCode } from "./personal-code";
import { addIssue, phoneAsStored, phoneIssue } from "./fields";
import { DEMO_METHODS } from "./sign-in-methods";

/**
 * An optional phone normalised as typed, with every form's rule (app/lib/fields.ts
 * `phoneIssue`); empty or the prefix alone is absent (the Mobile-ID rule below says it is
 * required). A number it cannot be ("abc", "+1") keeps what was typed, so that the phone's one
 * message is the format's, not "required" too. (Not `z.optional(…)` around it: an optional
 * field with an issue loses its value.)
 */
export const phoneSchema = z.pipe(
  z.optional(z.string()),
  z.transform((raw, ctx) => {
    const typed = raw ?? "";
    const issue = phoneIssue(typed);
    if (issue === "error.required") return undefined;
    if (issue) addIssue(ctx, issue);
    return issue ? typed.trim() : phoneAsStored(typed);
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
