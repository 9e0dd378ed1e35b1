/**
 * The session limits as the browser sees them (issue 11; the server's are app/core/sessions.ts):
 * where the session is extended or ended, and when the warning shows.
 */

/**
 * POST `intent=extend` (the request itself counts as activity), `intent=end` (with the form's
 * fields: kept as a draft, the session ended) or `intent=keep` (kept as a draft, the session goes on).
 */
export const SESSION_PATH = "/session";
/** The page a draft posted to SESSION_PATH comes from. */
export const PAGE_PATH_FIELD = "_path";
/**
 * The warning shows this long before the idle end: at least the 2 minutes WCAG 2.2.1 asks,
 * plus room for an answer on a slow network (the browser learns of the end after a round trip).
 */
export const WARN_BEFORE_MS = 3 * 60 * 1000;

/** What the root loader tells the page of its session: how long until each end. */
export interface SessionTimes {
  idleMs: number;
  absoluteMs: number;
}

/**
 * The ends as clock times, for the note a page without JavaScript shows: only the server
 * renders it (React never renders a `<noscript>`'s children in the browser), so they reach the
 * render through entry.server's `SessionEndsProvider`, not the data handed to the browser.
 */
export interface SessionEnds {
  /** The idle end, e.g. "14:35" (Europe/Tallinn, app/lib/tallinn-time.ts). */
  idleEndsAt: string;
  /** The absolute end's day and time, e.g. "24.11.2026" and "10:02". */
  endsOn: string;
  endsAt: string;
}

/**
 * The sign-in page's `ended` parameter: a form posted after the session ended was kept as a
 * draft (`kept`, as the session warning's end sends it), or was not (`unsaved`: signed out in
 * another window, a form that keeps no draft), and the sign-in page says which.
 */
export const SESSION_ENDED = { kept: "1", unsaved: "unsaved" } as const;
