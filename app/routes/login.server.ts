// The login form is validated on the server only; importing the schema here keeps zod out
// of the login page's browser bundle (docs/decisions/0003-first-visit-budget.md).
import { parseWithZod } from "~/lib/form-parse";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { demoReturnToken } from "~/core/auth/demo";
import { isEidProviderError } from "~/core/auth/provider";
import { readLoginParams } from "~/core/login-params";
import { pageLanguage } from "~/i18n/language.server";
import { completionRedirect, readSignInToken, sessionReplaced, signInCookie, signInReturnUrl } from "~/http/sign-in.server";
import { loginSchema } from "~/lib/login-schema";
import { markFailed } from "~/http/failed-request.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { START_INTENT } from "~/lib/sign-in-methods";
import { SESSION_ENDED } from "~/lib/session-limits";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build, and a module its loader alone reads (the
// onboarding table) would still load there (docs/decisions/0043).
export { redirect } from "@remix-run/node";
export { limitHeaders } from "~/http/page.server";
export { pageTitles } from "~/http/failed-request.server";
export { getT } from "~/i18n/i18next.server";
export { analyticsConsentOf } from "~/http/analytics-consent.server";
export { afterSignInPath } from "~/lib/route-access";

/**
 * The login post: the demo widget's sign-in, or the start of a provider with its own page.
 * Whatever it answers with a status of 400 or more, the page's title says "Error: " too.
 */
export async function loginAction(request: Request, context: AppLoadContext) {
  const response = await signInAction(request, context);
  if ((response.init?.status ?? 200) >= 400) markFailed(context);
  return response;
}

async function signInAction(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const { core } = context;
  const url = new URL(request.url);
  const redirectTo = safeRedirect(formData.get("redirectTo"), "") || null;
  // Stores nothing: the sign-in under way is the token it answers (docs/decisions/0120).
  // The provider's own page (Dokobit's) opens in the customer's language, as the withdrawal's does.
  const locale = await pageLanguage(request);
  const start = () =>
    core.signIn.start({
      pendingToken: readSignInToken(request.headers.get("Cookie")),
      params: readLoginParams(url.searchParams),
      redirectTo,
      returnUrl: signInReturnUrl(context, request),
      locale,
    });

  // With a provider that has its own page (Dokobit), every post is its start: the demo widget's
  // form is not on the page, and a code typed into it would sign nobody in.
  if (formData.get("intent") === START_INTENT || core.eid.name !== "demo") {
    try {
      const started = await start();
      if (!started.widgetUrl) throw redirect("/login");
      throw redirect(started.widgetUrl, { headers: { "Set-Cookie": signInCookie(started.pendingToken) } });
    } catch (error) {
      if (!isEidProviderError(error)) throw error;
      return data({ result: null, minutes: 0, startError: "error.provider" }, { status: 503 });
    }
  }

  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), minutes: 0 }, { status: 400 });
  }
  const { method, idCode, phone } = submission.value;
  try {
    // Our own widget: the sign-in starts and completes in this one post; its token never
    // leaves the server.
    const started = await start();
    const completion = await core.signIn.complete({
      pendingToken: started.pendingToken,
      returnToken: demoReturnToken(method, idCode, phone),
      clientAddress: context.clientAddress,
      personalCodeHint: idCode,
      replacing: sessionReplaced(request, context),
    });
    if (completion.kind === "rate-limited") {
      return data(
        { result: submission.reply({ formErrors: ["error.rate_limited"] }), minutes: completion.retryAfterMinutes },
        { status: 429, headers: { "Retry-After": String(completion.retryAfterMinutes * 60) } },
      );
    }
    if (completion.kind === "no-sign-in") {
      return data({ result: submission.reply({ formErrors: ["error.no_sign_in"] }), minutes: 0 }, { status: 409 });
    }
    throw completionRedirect(completion, context);
  } catch (error) {
    if (!isEidProviderError(error)) throw error;
    return data({ result: submission.reply({ formErrors: ["error.provider"] }), minutes: 0 }, { status: 503 });
  }
}

/**
 * What the sign-in page says of a form posted after the session ended (the `ended` parameter,
 * SESSION_ENDED): kept as a draft, or not saved; null for any other visit.
 */
export function endedNotice(ended: string | null): "session.ended" | "session.ended_unsaved" | null {
  return ended === SESSION_ENDED.kept ? "session.ended" : ended === SESSION_ENDED.unsaved ? "session.ended_unsaved" : null;
}
