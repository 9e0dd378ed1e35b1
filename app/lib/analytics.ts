/**
 * Analytics as `dataLayer` pushes (SPEC.md section 1). Loaders decide the events, so they
 * can be tested on the server; the browser only pushes what it was given. No third-party
 * script is loaded: whoever runs a tag manager reads window.dataLayer.
 *
 * Only with the visitor's consent (docs/decisions/0095): the server hands a page no event
 * unless its request carries the consent cookie saying "granted" (`eventsWithConsent`), so a
 * page without consent has none to push, not just none pushed.
 */
export type AnalyticsEvent = Record<string, string | number | boolean | null | Record<string, unknown>>;

export const COUNTRY = "ee";

/** The visitor's answer; no cookie is no answer, and no answer is no consent. */
export type AnalyticsConsent = "granted" | "denied";

const ANALYTICS_CONSENT_CHOICES = ["granted", "denied"] as const satisfies readonly AnalyticsConsent[];

export const isAnalyticsConsent = (value: unknown): value is AnalyticsConsent =>
  typeof value === "string" && (ANALYTICS_CONSENT_CHOICES as readonly string[]).includes(value);

/** The settings page, which the banner's form posts to as well (the footer links to it). */
export const ANALYTICS_CONSENT_PATH = "/privacy/analytics";

/** What the consent post answers the form with JavaScript: the choice stored, or why not (an i18n key). */
export type ConsentReply = { choice: AnalyticsConsent; error?: undefined } | { choice?: undefined; error: string };

/** The events a page may be given: all of them with consent, none without. */
export function eventsWithConsent(consent: AnalyticsConsent | null, events: readonly AnalyticsEvent[]): AnalyticsEvent[] {
  return consent === "granted" ? [...events] : [];
}

export function pushEvents(events: AnalyticsEvent[], target: { dataLayer?: unknown[] } = window as never): void {
  if (!events.length) return;
  const layer = (target.dataLayer ??= []);
  for (const event of events) layer.push(event);
}
