/**
 * The visitor's analytics consent (docs/decisions/0095): a cookie of its own, `analytics_consent`
 * = `granted` or `denied`, kept 180 days, SameSite=Lax (the choice holds on a link from
 * elsewhere), HttpOnly (only the server reads it: it decides which events a page gets) and
 * Secure like the session cookie. No cookie is no answer yet, which is no consent.
 *
 * The one post that sets it (the banner's form and the settings page's) answers with a
 * redirect back to the page it came from, or, sent by the form with JavaScript, with data.
 * A cross-site post never gets here (security.server.ts `sameOriginOnly`).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { parse, serialize } from "cookie";
import { ANALYTICS_CONSENT_PATH, isAnalyticsConsent, type AnalyticsConsent, type ConsentReply } from "../lib/analytics.js";
import { safeRedirect } from "../lib/safe-redirect.js";
import { markFailed } from "./failed-request.server.js";

const ANALYTICS_CONSENT_COOKIE = "analytics_consent";

/** How long a choice holds before the banner asks again: about six months. */
export const ANALYTICS_CONSENT_MAX_AGE = 180 * 24 * 60 * 60;

/** The choice a Cookie header carries; anything else in the cookie is no answer. */
export function readAnalyticsConsent(cookieHeader: string | null | undefined): AnalyticsConsent | null {
  if (!cookieHeader) return null;
  const value = parse(cookieHeader)[ANALYTICS_CONSENT_COOKIE];
  return isAnalyticsConsent(value) ? value : null;
}

export const analyticsConsentOf = (request: Request) => readAnalyticsConsent(request.headers.get("Cookie"));

export function analyticsConsentCookie(choice: AnalyticsConsent): string {
  return serialize(ANALYTICS_CONSENT_COOKIE, choice, {
    path: "/",
    maxAge: ANALYTICS_CONSENT_MAX_AGE,
    sameSite: "lax",
    httpOnly: true,
    secure: true,
  });
}

/** The consent post: stores the choice and goes back where the visitor was (a same-site path only). */
export async function analyticsConsentAction(request: Request, context: AppLoadContext) {
  const form = await request.formData().catch(() => null);
  const choice = form?.get("choice");
  if (!form || !isAnalyticsConsent(choice)) {
    markFailed(context);
    return data<ConsentReply>({ error: "error.analytics_consent.choice" }, { status: 400 });
  }
  const headers = { "Set-Cookie": analyticsConsentCookie(choice) };
  // Sent by the form with JavaScript (app/components/analytics-consent.tsx): data, not a redirect.
  if (form.get("enhanced") === "1") return data<ConsentReply>({ choice }, { headers });
  return redirect(safeRedirect(form.get("redirectTo"), ANALYTICS_CONSENT_PATH), { status: 303, headers });
}
