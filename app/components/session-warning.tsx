/**
 * The session warning and its end (app/components/session-timer.tsx says what it does): a
 * modal dialog. Loaded after hydration (docs/decisions/0043).
 */
import { useFetchers, useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { PAGE_PATH_FIELD, SESSION_ENDED, SESSION_PATH, WARN_BEFORE_MS, type SessionTimes } from "~/lib/session-limits";
import { pageForm } from "~/lib/page-form";
import { leaveWithoutAsking, useModalDialog } from "~/components/every-page";
import { BusyButton } from "~/components/busy-button";
import { tallinnDateTime } from "~/lib/tallinn-time";

const focusButton = (dialog: HTMLDialogElement) => dialog.querySelector("button");

/** Ends of the session in this browser's clock (performance of the answer's arrival: a little late, never early). */
interface Ends {
  idle: number;
  absolute: number;
}

const endsFrom = (times: SessionTimes, now = Date.now()): Ends => ({ idle: now + times.idleMs, absolute: now + times.absoluteMs });

/** `since`: when the page had `times` (this module comes a little later: the ends must not move with it). */
export function SessionWarning({ times, since }: { times: SessionTimes; since: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const location = useLocation();
  const [ends, setEnds] = useState<Ends>(() => endsFrom(times, since));
  const [now, setNow] = useState(() => Date.now());
  const [extending, setExtending] = useState(false);
  // Why the last "continue" did not go through: the network says nothing on its own.
  const [failed, setFailed] = useState<"offline" | "other" | null>(null);
  const ending = useRef(false);
  const idleMsFull = useRef(times.idleMs);

  // New times from the server (the root loader ran again).
  useEffect(() => {
    idleMsFull.current = Math.max(idleMsFull.current, times.idleMs);
    setEnds(endsFrom(times, since));
  }, [times, since]);

  // Any answer from the server was activity: the idle end moves on (never past the absolute one).
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) setEnds((current) => ({ ...current, idle: Math.min(Date.now() + idleMsFull.current, current.absolute) }));
    wasBusy.current = busy;
  }, [busy]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const end = Math.min(ends.idle, ends.absolute);
  const left = end - now;

  const extend = useCallback(async () => {
    setExtending(true);
    setFailed(null);
    try {
      const response = await fetch(SESSION_PATH, { method: "POST", body: new URLSearchParams({ intent: "extend" }), credentials: "same-origin" });
      const answer = (await response.json()) as ({ ended: false } & SessionTimes) | { ended: true };
      if (!answer.ended) setEnds(endsFrom(answer));
    } catch {
      // The network (or a proxy's page): the warning stays and says so; the customer may press again.
      setFailed(navigator.onLine === false ? "offline" : "other");
    } finally {
      setExtending(false);
    }
  }, []);

  // The end: keep what the page's form holds, then sign in again.
  useEffect(() => {
    if (left > 0 || ending.current) return;
    ending.current = true;
    const form = pageForm();
    const body = form ? new FormData(form) : new FormData();
    body.set("intent", "end");
    body.set(PAGE_PATH_FIELD, location.pathname);
    const login = `/login?${new URLSearchParams({ redirectTo: location.pathname + location.search, ended: SESSION_ENDED.kept })}`;
    void fetch(SESSION_PATH, { method: "POST", body, credentials: "same-origin" })
      .catch(() => undefined)
      .finally(() => {
        leaveWithoutAsking();
        window.location.assign(login);
      });
  }, [left, location.pathname, location.search]);

  const warn = left <= WARN_BEFORE_MS && left > 0;
  // The absolute end cannot be moved: its warning, once closed, stays closed.
  const extendable = ends.absolute > ends.idle;
  const [dismissed, setDismissed] = useState(false);
  const open = warn && !(dismissed && !extendable);
  // Focus on its button; closed (extended, or the absolute warning read), back where the customer was.
  const { ref: dialog, restore } = useModalDialog(open, focusButton);
  // A warning that comes again later starts without the last one's failure.
  useEffect(() => {
    if (!open) setFailed(null);
  }, [open]);

  // Tallinn's clock time, as the server's note and every page say it: not the browser's zone
  // (a customer abroad once read New York's time) nor its language's 12-hour form.
  const endsAt = warn ? tallinnDateTime(new Date(end).toISOString()).time : "";
  return (
    <dialog
      ref={dialog}
      className="modal session-timer__warning"
      aria-labelledby={open ? "session-warning-text" : undefined}
      onClose={restore}
      onCancel={(event) => {
        // Escape: "continue" where the session can go on (the simple action WCAG 2.2.1 asks), else "close".
        event.preventDefault();
        if (extendable) void extend();
        else setDismissed(true);
      }}
    >
      {open ? (
        <>
          <p id="session-warning-text">{extendable ? t("session.warning.idle", { time: endsAt }) : t("session.warning.absolute", { time: endsAt })}</p>
          {failed ? (
            <p className="notice notice--error" role="alert">
              {t("error.technical")} {failed === "offline" ? t("error.offline") : null}
            </p>
          ) : null}
          <div className="modal__actions">
            {extendable ? (
              <BusyButton type="button" className="button" onClick={extend} busy={extending}>
                {t("session.extend")}
              </BusyButton>
            ) : (
              <button type="button" className="button" onClick={() => setDismissed(true)}>
                {t("session.warning.close")}
              </button>
            )}
          </div>
        </>
      ) : null}
    </dialog>
  );
}
