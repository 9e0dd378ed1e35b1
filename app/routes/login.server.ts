// The login form is validated on the server only; importing the schema here keeps zod out
// of the login page's browser bundle (docs/decisions/0003-first-visit-budget.md).
import { parseWithZod } from "@conform-to/zod";
import { loginSchema } from "~/lib/login-schema";

export const parseLoginForm = (formData: FormData) => parseWithZod(formData, { schema: loginSchema });
