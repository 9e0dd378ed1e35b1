/** The demo sign-in form (PRODUCT.md section 2), shared by conform in the browser and the action. */
import { z } from "zod";
import { isValidPersonalCode } from "./personal-code";
import { phoneSchema } from "./fields";
import { DEMO_METHODS } from "./sign-in-methods";


export const loginSchema = z
  .object({
    method: z.enum(DEMO_METHODS, { required_error: "error.required", invalid_type_error: "error.required" }),
    idCode: z
      .string({ required_error: "error.required" })
      .trim()
      .refine((v) => isValidPersonalCode(v), "error.idCode"),
    phone: phoneSchema.optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.method === "mobile-id" && !value.phone) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "error.required" });
    }
  });

export type LoginForm = z.infer<typeof loginSchema>;
