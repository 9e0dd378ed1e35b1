/** The session's ends as the pages show them (app/lib/session-limits.ts), in Tallinn's time as every other instant. */
import type { Session } from "../core/sessions.js";
import type { SessionTimes } from "../lib/session-limits.js";
import { tallinnDateTime } from "../lib/tallinn-time.js";

export function sessionTimes(session: Session, now: Date): SessionTimes {
  const end = tallinnDateTime(session.expiresAt.toISOString());
  return {
    idleMs: Math.max(0, session.idleExpiresAt.getTime() - now.getTime()),
    absoluteMs: Math.max(0, session.expiresAt.getTime() - now.getTime()),
    idleEndsAt: tallinnDateTime(session.idleExpiresAt.toISOString()).time,
    endsOn: end.date,
    endsAt: end.time,
  };
}
