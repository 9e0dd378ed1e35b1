/**
 * The withdraw-or-cancel form (docs/decisions/0130): the confirmation and the fresh e-ID
 * confirmation, as the demo sign-in widget asks for it (method, personal code, phone for
 * Mobile-ID). Shared by conform in the browser, the action and the /api.
 */
import * as z from "zod/v4/mini";
import { isValidPersonalCode } from "./personal-code";
import { addIssue } from "./fields";
import { phoneSchema } from "./login-schema";
import { DEMO_METHODS } from "./sign-in-methods";
import { ENDING_REASONS } from "./withdrawal-fields";

export * from "./withdrawal-fields";

const reason = z._default(z.enum(ENDING_REASONS, { error: "error.invalid" }), "wish");
// Absent (unticked) is false, and false is refused.
const confirm = z._default(z.boolean({ error: "error.invalid" }), false).check(z.refine((ticked: boolean) => ticked, "error.withdrawal.confirm"));

export const withdrawalSchema = z
  .object({
    reason,
    confirm,
    method: z.enum(DEMO_METHODS, { error: "error.required" }),
    idCode: z.string({ error: "error.required" }).check(z.trim(), z.refine(isValidPersonalCode, "error.idCode")),
    phone: phoneSchema,
  })
  .check((ctx) => {
    if (ctx.value.method === "mobile-id" && !ctx.value.phone) addIssue(ctx, "error.required", ["phone"]);
  });

export type WithdrawalForm = z.infer<typeof withdrawalSchema>;

/**
 * The same form when the e-ID is a provider with its own page (Dokobit, docs/decisions/0132):
 * the reason and the confirmation; the personal code is asked on the provider's page.
 */
export const withdrawalEidSchema = z.object({ reason, confirm });

export type WithdrawalEidForm = z.infer<typeof withdrawalEidSchema>;
