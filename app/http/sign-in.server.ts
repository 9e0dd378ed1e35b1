/** Where sign-in sends the customer, shared by the demo form's action and /login/return. */
import { redirect } from "@remix-run/node";
import type { SignInCompletion } from "../core/sign-in.js";
import { afterSignInPath } from "../lib/route-access.js";
import type { AppContext } from "./context.server.js";
import { readSessionToken, sessionCookie } from "./session-cookie.server.js";
import { clearedSignInCookie, SIGN_IN_RETURN_PATH } from "./sign-in-cookie.server.js";

// The routes' one import for sign-in (docs/decisions/0043: each further .server module is a chunk).
export { clearedSignInCookie, readSignInToken, signInCookie } from "./sign-in-cookie.server.js";

/**
 * SUCCESS → the remembered or landing path with the new session; else /login-failed/{result}.
 * `fromCookie`: the sign-in came from the sign_in cookie, which goes either way.
 */
export function completionRedirect(
  completion: Extract<SignInCompletion, { kind: "signed-in" | "failed" }>,
  context: AppContext,
  options: { fromCookie?: boolean } = {},
): Response {
  const headers = new Headers();
  if (options.fromCookie) headers.append("Set-Cookie", clearedSignInCookie());
  if (completion.kind === "failed") return redirect(`/login-failed/${completion.result.toLowerCase()}`, { headers });
  headers.append("Set-Cookie", sessionCookie(completion.session.token, context.config.sessionSecrets));
  return redirect(afterSignInPath(completion.customer.state, completion.remembered), { headers });
}

/** The session token the request's cookie holds (a sign-in replaces and ends it), or null. */
export const sessionReplaced = (request: Request, context: AppContext): string | null =>
  readSessionToken(request.headers.get("Cookie"), context.config.sessionSecrets);

/** Where a provider with its own sign-in page sends the customer back. */
export function signInReturnUrl(context: AppContext, request: Request): string {
  return new URL(SIGN_IN_RETURN_PATH, context.config.publicUrl ?? request.url).toString();
}
