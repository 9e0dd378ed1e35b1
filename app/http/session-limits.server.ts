/** The session's ends as the pages tell them (app/lib/session-limits.ts). */
import type { Session } from "../core/sessions.js";
import type { SessionEnds, SessionTimes } from "../lib/session-limits.js";
import { tallinnDateTime } from "../lib/tallinn-time.js";

/** How long until each end: what the browser's warning counts down from. */
export function sessionTimes(session: Session, now: Date): SessionTimes {
  return {
    idleMs: Math.max(0, session.idleExpiresAt.getTime() - now.getTime()),
    absoluteMs: Math.max(0, session.expiresAt.getTime() - now.getTime()),
  };
}

/** The ends in Tallinn's time as every other instant the app shows, for the note without JavaScript. */
export function sessionEnds(session: Session): SessionEnds {
  const end = tallinnDateTime(session.expiresAt.toISOString());
  return { idleEndsAt: tallinnDateTime(session.idleExpiresAt.toISOString()).time, endsOn: end.date, endsAt: end.time };
}
