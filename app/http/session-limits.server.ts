/** The session's ends as the pages show them (app/lib/session-limits.ts). */
import type { Session } from "../core/sessions.js";
import type { SessionTimes } from "../lib/session-limits.js";

const time = new Intl.DateTimeFormat("et-EE", { timeZone: "Europe/Tallinn", hour: "2-digit", minute: "2-digit" });
const dayAndTime = new Intl.DateTimeFormat("et-EE", { timeZone: "Europe/Tallinn", day: "numeric", month: "numeric", hour: "2-digit", minute: "2-digit" });

export function sessionTimes(session: Session, now: Date): SessionTimes {
  return {
    idleMs: Math.max(0, session.idleExpiresAt.getTime() - now.getTime()),
    absoluteMs: Math.max(0, session.expiresAt.getTime() - now.getTime()),
    idleEndsAt: time.format(session.idleExpiresAt),
    endsAt: dayAndTime.format(session.expiresAt),
  };
}
