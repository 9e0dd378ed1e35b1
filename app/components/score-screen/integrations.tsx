/**
 * The score's integrations (SPEC.md section 2 "Score", PRODUCT.md section 8).
 *
 * - Health measurement: a link to /health.html; with JavaScript a modal asks for consent
 *   first, then opens the page as a 400×640 popup and checks every second whether it was
 *   closed, then closes the modal and reloads the answers.
 * - Activity tracker: a submit button of a separate form that starts the consent request
 *   on the server and goes to the provider's consent page; with JavaScript it starts through
 *   /api, opens the consent page in an 800×600 window and polls for the decision
 *   (pollInterval, pollTimeout from the server); on approval it pulls the data and reloads.
 *   Polling errors are only logged (console.info: a console error is a fault in our tests).
 *   That flow (./activity-flow.ts) is loaded when the button is pressed.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Modal } from "~/components/every-page";
import { activityCounts, type ScoreScreenView } from "~/lib/score-model";
import type { ActivityOutcome } from "./activity-flow";
import { BusyButton } from "~/components/busy-button";

const HEALTH_POPUP = { width: 400, height: 640, pollMs: 1000 } as const;
const ACTIVITY_WINDOW = { width: 800, height: 600 } as const;
export const ACTIVITY_CONNECT_FORM = "activity-connect-form";

const features = (size: { width: number; height: number }) => `popup=yes,width=${size.width},height=${size.height}`;

export function HealthMeasurement({ enabled, measuredAt, returnTo }: { enabled: boolean; measuredAt: string | null; returnTo: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [consent, setConsent] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const timer = useRef<number>();
  useEffect(() => () => window.clearInterval(timer.current), []);

  const pageUrl = `/health.html?${new URLSearchParams({ returnTo })}`;

  function proceed() {
    const popup = window.open(`/health.html?${new URLSearchParams({ popup: "1", consent: "1" })}`, "health-measurement", features(HEALTH_POPUP));
    if (!popup) {
      // A blocked popup: the same page in this window, returning here when saved.
      window.location.assign(`/health.html?${new URLSearchParams({ consent: "1", returnTo })}`);
      return;
    }
    setWaiting(true);
    setStatus(t("score.health.waiting"));
    window.clearInterval(timer.current);
    timer.current = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(timer.current);
      setWaiting(false);
      setOpen(false);
      setConsent(false);
      revalidator.revalidate();
      setStatus(t("score.health.done"));
    }, HEALTH_POPUP.pollMs);
  }

  return (
    <div className="integration">
      <p>{t("score.health.intro")}</p>
      {measuredAt ? <p className="note">{t("score.health.measured", { date: measuredAt })}</p> : null}
      {enabled ? (
        <p>
          <a
            href={pageUrl}
            className="button button--secondary"
            onClick={(event) => {
              event.preventDefault();
              setOpen(true);
            }}
          >
            {t("score.health.measure")}
          </a>
        </p>
      ) : null}
      <p role="status" className="integration__status">
        {status}
      </p>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        heading={t("score.health.modal.title")}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              {t("score.health.cancel")}
            </button>
            <BusyButton type="button" className="button" disabled={!consent} busy={waiting} onClick={proceed}>
              {t("score.health.proceed")}
            </BusyButton>
          </>
        }
      >
        <p>{t("score.health.modal.text")}</p>
        <div className="checkbox__item">
          <input
            type="checkbox"
            id="health-consent"
            checked={consent}
            onChange={(event) => setConsent(event.currentTarget.checked)}
            aria-describedby="health-consent-description"
            data-autofocus
          />
          <label htmlFor="health-consent">{t("score.health.consent")}</label>
          <span id="health-consent-description" className="field__hint checkbox__hint">
            {t("score.health.withdraw")}
          </span>
        </div>
        {waiting ? <p className="note">{t("score.health.waiting")}</p> : null}
      </Modal>
    </div>
  );
}

const loadActivityFlow = () => import("./activity-flow");

export function ActivityConnection({ enabled, activity, returnTo }: { enabled: boolean; activity: ScoreScreenView["activity"]; returnTo: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function connect(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    // Opened at once, inside the click, so that no popup blocker stops it; pointed at the
    // consent page when the server has answered.
    const popup = window.open("", "activity-consent", features(ACTIVITY_WINDOW));
    let outcome: ActivityOutcome;
    try {
      // The flow's code comes on demand, with the click (docs/decisions/0043).
      const { connectActivity } = await loadActivityFlow();
      outcome = await connectActivity({ popup, returnTo, alive: () => alive.current, connecting: () => setStatus(t("score.activity.connecting")) });
    } catch (error) {
      console.info("activity flow not loaded", error instanceof Error ? error.message : error);
      popup?.close();
      outcome = "failed";
    }
    if (outcome === "left" || (outcome !== "failed" && !alive.current)) return;
    if (outcome === "approved") {
      revalidator.revalidate();
      setStatus(t("score.activity.connected"));
    } else if (outcome === "denied") {
      revalidator.revalidate();
      setStatus(t("score.activity.denied"));
    } else if (outcome === "failed") {
      setStatus(t("score.activity.failed"));
    } else {
      setStatus(t("score.activity.timeout"));
    }
    setBusy(false);
  }

  const known =
    activity.status === "approved" && activity.days !== null
      ? t("score.activity.connected_days", activityCounts(t, activity.period, activity.days))
      : activity.status === "denied"
        ? t("score.activity.denied")
        : null;

  return (
    <div className="integration">
      <p>{t("score.activity.intro")}</p>
      {known && !status ? <p className="note">{known}</p> : null}
      {enabled ? (
        <p>
          <BusyButton type="submit" form={ACTIVITY_CONNECT_FORM} className="button button--secondary" busy={busy} onClick={connect}>
            {activity.status === "approved" ? t("score.activity.reconnect") : t("score.activity.connect")}
          </BusyButton>
        </p>
      ) : null}
      <p role="status" className="integration__status">
        {status}
      </p>
    </div>
  );
}
