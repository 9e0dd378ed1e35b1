/**
 * The root route's server half: app/root.tsx takes its server code from here only. In the
 * browser build every `.server` module (and @remix-run/node) a route imports is an empty
 * module of its own, shared ones a chunk of their own (docs/decisions/0043).
 */
export { data } from "@remix-run/node";
export { publicConfig } from "../core/config";
export { sessionTimes } from "./session-limits.server";
export { analyticsConsentOf } from "./analytics-consent.server";
export { getT } from "../i18n/i18next.server";
export { languageCookie, pageLanguage, requestedLanguage } from "../i18n/language.server";
export { readSignInToken } from "./sign-in-cookie.server";
export { requestProblemOf } from "./bad-address.server";
export { mayView } from "../lib/onboarding";
