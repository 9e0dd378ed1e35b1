/**
 * Analytics as `dataLayer` pushes (SPEC.md section 1). Loaders decide the events, so they
 * can be tested on the server; the browser only pushes what it was given. No third-party
 * script is loaded: whoever runs a tag manager reads window.dataLayer.
 */
export type AnalyticsEvent = Record<string, string | number | boolean | null | Record<string, unknown>>;

export const COUNTRY = "ee";

export function pushEvents(events: AnalyticsEvent[], target: { dataLayer?: unknown[] } = window as never): void {
  if (!events.length) return;
  const layer = (target.dataLayer ??= []);
  for (const event of events) layer.push(event);
}
