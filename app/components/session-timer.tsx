/**
 * The session's idle limit in the browser (issue 11, WCAG 2.2.1; the server enforces it,
 * app/core/sessions.ts). With JavaScript, WARN_BEFORE_MS before the idle end a warning says
 * when the session ends, in a modal dialog with a button that extends it (a request to
 * SESSION_PATH; Escape does the same). Modal, so that it is seen wherever the page is
 * scrolled (in the page's flow it was above a scrolled page, out of sight) and covers no
 * focused control (WCAG 2.4.11: focus is in it); it takes focus, which a screen reader
 * announces as the dialog's text, and gives it back where it was when it closes (a warning
 * in the page dropped focus to <body> as "continue" removed it). At the end, the form on the
 * page is posted there as a draft (kept for the customer, restored after the next sign-in) and
 * the browser goes to the sign-in page.
 * Every answer from the server counts as activity there, so each completed navigation, post
 * or fetcher starts the count again here.
 *
 * `SessionNote` is the same for a page without JavaScript: a note of when the session ends.
 *
 * The warning's code (app/components/session-warning.tsx) is loaded after hydration, minutes
 * before it can be due (docs/decisions/0043). No live region: the dialog's focus announces it,
 * and a live region around it said its text a second time.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext, useMemo } from "react";
import { useAfterHydration } from "~/lib/after-hydration";
import { useTranslation } from "~/i18n/react";
import type { SessionEnds, SessionTimes } from "~/lib/session-limits";

/** The session's ends as the root loader gave them, or null when signed out. */
function useSessionTimes(): SessionTimes | null {
  return (useRouteLoaderData("root") as { session?: SessionTimes | null } | undefined)?.session ?? null;
}

const loadWarning = () => import("./session-warning");

export function SessionTimer({ times }: { times: SessionTimes }) {
  const warning = useAfterHydration(loadWarning);
  // When these times arrived (the warning counts from then, not from when its code did).
  const since = useMemo(() => Date.now(), [times]);
  return (
    <div className="session-timer">
      {warning ? <warning.SessionWarning times={times} since={since} /> : null}
    </div>
  );
}

const SessionEndsContext = createContext<SessionEnds | null>(null);
/** The request's session ends, given by entry.server (never in the browser: see SessionEnds). */
export const SessionEndsProvider = SessionEndsContext.Provider;

/** Without JavaScript, on a step's form: when the session ends if nothing is sent. */
export function SessionNote() {
  const { t } = useTranslation();
  const times = useSessionTimes();
  const ends = useContext(SessionEndsContext);
  if (!times) return null;
  // The element on both sides (hydration), its text the server's only.
  return (
    <noscript>{ends ? <p className="note">{t("session.note", { time: ends.idleEndsAt, date: ends.endsOn, end: ends.endsAt })}</p> : null}</noscript>
  );
}
