/** Where sign-in sends the customer, shared by the demo form's action and /login/return. */
import { redirect } from "@remix-run/node";
import type { SignInCompletion } from "../core/sign-in.js";
import { afterSignInPath } from "../lib/route-access.js";
import type { AppContext } from "./context.server.js";
import { sessionCookie } from "./session-cookie.server.js";

/** SUCCESS → the remembered or landing path with the new session; else /login-failed/{result}. */
export function completionRedirect(completion: Extract<SignInCompletion, { kind: "signed-in" | "failed" }>, context: AppContext): Response {
  if (completion.kind === "failed") return redirect(`/login-failed/${completion.result.toLowerCase()}`);
  return redirect(afterSignInPath(completion.customer.state, completion.remembered), {
    headers: { "Set-Cookie": sessionCookie(completion.session.token, context.config.sessionSecrets) },
  });
}

/** Where a provider with its own sign-in page sends the customer back. */
export function signInReturnUrl(context: AppContext, request: Request): string {
  return new URL("/login/return", context.config.publicUrl ?? request.url).toString();
}
