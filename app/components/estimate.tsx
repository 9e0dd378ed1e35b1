/**
 * The monthly estimate (SPEC.md section 2 "Package"), shared by the package step and the
 * landing page's quote: with JavaScript asked for again 300 ms after any change (a fetcher:
 * the package step posts to its action, intent "estimate"; the quote loads the landing page's
 * loader); without it a button renders the page again with the new price.
 */
import { useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useHeldSave } from "~/components/held-save";
import { isRequestFailed } from "~/components/every-page";
import { useTranslation } from "~/i18n/react";
import { discountShown, type Estimation } from "~/lib/pricing";
import { formatMoney, type Language } from "~/lib/euro";

/** SPEC.md section 9: the estimate is sent 300 ms after a change. */
const ESTIMATE_DELAY_MS = 300;

export type EstimateAnswer = { estimate: { seq: number; estimation: Estimation | null } };
export type EstimateStatus = "idle" | "updating" | "failed";

type EstimateFetcher = ReturnType<typeof useFetcher>;

/**
 * The live estimate of what is on screen. Stale answers never overwrite newer ones.
 * `beforeSave` goes into the form's submit: no estimate starts after it, and a save sent while
 * one is on its way is held until its answer is in (`useHeldSave`).
 */
export function useLiveEstimate<Answer>(input: {
  /** The fetcher's key. */
  key: string;
  /** What the estimate depends on, as one text: each change starts the 300 ms wait. */
  inputs: string;
  /** False while nothing can be priced (no age yet): nothing is asked and the estimate is cleared. */
  enabled?: boolean;
  initial: Answer | null;
  /** Asks for the estimate of what is on screen now, numbered `seq` (the answer carries it back). */
  send: (fetcher: EstimateFetcher, seq: number) => void;
  /**
   * The answer's number and estimate in the fetcher's data; null: it was refused, and `note`
   * says why (else the breakdown's own words). A request that got no answer, a lost one or a
   * 5xx is the failure marker instead (stepClientAction, the quote's clientLoader): the
   * estimate last sent failed.
   */
  read: (data: unknown) => { seq: number; answer: Answer | null; note?: string } | undefined;
}) {
  const fetcher = useFetcher({ key: input.key });
  const [estimation, setEstimation] = useState<Answer | null>(input.initial);
  const [status, setStatus] = useState<EstimateStatus>("idle");
  const [failure, setFailure] = useState<{ offline: boolean; note?: string } | null>(null);
  const seq = useRef(0);
  // The number of the estimate last sent: a failure marker is its answer.
  const sent = useRef(0);
  const shown = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const first = useRef(true);
  // Set once the form is being saved: no estimate may start then.
  const leaving = useRef(false);
  const save = useHeldSave(fetcher);
  const send = useRef(input.send);
  send.current = input.send;
  const { inputs, enabled = true } = input;
  // A change whose estimate was not sent: still in its wait, or stopped there by a save.
  const unasked = useRef(false);
  // A save that ended with the page still here (refused, or failed on its way): estimates
  // start again, and a change not yet asked for is asked for then (after the usual wait).
  const [resumed, setResumed] = useState(0);
  const navigating = useNavigation().state !== "idle";
  const saveOnItsWay = useRef(false);
  useEffect(() => {
    if (navigating) {
      saveOnItsWay.current = leaving.current;
      return;
    }
    if (!saveOnItsWay.current) return;
    saveOnItsWay.current = false;
    leaving.current = false;
    if (unasked.current) setResumed((n) => n + 1);
  }, [navigating]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    clearTimeout(timer.current);
    if (leaving.current) {
      unasked.current = true;
      return;
    }
    if (!enabled) {
      // Whatever is on its way is for inputs no longer on screen.
      shown.current = seq.current += 1;
      unasked.current = false;
      setEstimation(null);
      setStatus("idle");
      return;
    }
    unasked.current = true;
    setStatus("updating");
    // Numbered now, not when sent: an earlier estimate answering during the wait is not this
    // one's answer (taken as it, it set "idle" and announced a price no longer on screen, and
    // this one's answer then came in silently).
    const numbered = (seq.current += 1);
    timer.current = setTimeout(() => {
      unasked.current = false;
      save.sent();
      sent.current = numbered;
      send.current(fetcher, numbered);
    }, ESTIMATE_DELAY_MS);
    return () => clearTimeout(timer.current);
    // The fetcher object changes with its state; its submit and load do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inputs, enabled, resumed]);
  const read = useRef(input.read);
  read.current = input.read;
  useEffect(() => {
    const data: unknown = fetcher.data;
    if (data === undefined || fetcher.state !== "idle") return;
    const failed = isRequestFailed(data) ? data.requestFailed : null;
    const answer: ReturnType<typeof read.current> = failed ? { seq: sent.current, answer: null } : read.current(data);
    if (!answer) return;
    if (answer.seq < shown.current || answer.seq === 0) return;
    shown.current = answer.seq;
    if (answer.answer) {
      setEstimation(answer.answer);
      if (answer.seq === seq.current) setStatus("idle");
    } else if (answer.seq === seq.current) {
      setStatus("failed");
      setFailure({ offline: Boolean(failed?.offline), note: answer.note });
    }
  }, [fetcher.data, fetcher.state]);

  return {
    estimation,
    status,
    /** Why the estimate failed, while it shows as failed. */
    failure: status === "failed" ? failure : null,
    /** Asks again for the estimate of what is on screen. */
    retry: () => setResumed((n) => n + 1),
    beforeSave(event: FormEvent<HTMLFormElement>) {
      clearTimeout(timer.current);
      leaving.current = true;
      save.hold(event);
    },
  };
}

export function EstimateBreakdown({
  estimation,
  status,
  language,
  catalogue,
  notes,
  empty,
  answer,
  focus,
  news,
  failure,
  failed = "package.estimate.failed",
  onRetry,
}: {
  estimation: Estimation | null;
  status: EstimateStatus;
  /** Why it failed (the live estimate's `failure`). */
  failure?: { offline: boolean; note?: string } | null;
  /** What a failure says when no note says why. */
  failed?: string;
  /** The failed note's "Try again": the live estimate's `retry`. */
  onRetry?: () => void;
  language: Language;
  catalogue: Array<{ code: string; name: string }>;
  /** What the estimate assumes, instead of the saved score's note (the quote: no score, non-smoker). */
  notes?: ReactNode;
  /** Shown while there is no estimate (the quote: before an age is given). */
  empty?: ReactNode;
  /**
   * The page's answer to what was asked (a quote answered on the load: the price), focusable
   * where the load leaves focus, hydrated or not; `focus` takes it there on the load's render.
   */
  answer?: boolean;
  /** Takes focus on load (a quote answered without JavaScript: the price is what was asked for). */
  focus?: boolean;
  /**
   * What changed beside the choice (a disability cover the life cover pulled down): said once,
   * before the next settled total, so that it is heard in the one announcement, not a second.
   */
  news?: string;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language);
  const nameOf = (code: string) => catalogue.find((s) => s.code === code)?.name ?? code;
  // One polite announcement per settled estimate (the new total, or that it failed), not one
  // per keystroke or arrow press: the slider already says its own value.
  const [announcement, setAnnouncement] = useState("");
  const before = useRef(status);
  const said = useRef("");
  const total = estimation ? `${t("package.estimate.total")} ${money(estimation.premiumTotal)}` : "";
  const failedText = [failure?.note ?? t(failed), failure?.offline ? t("error.offline") : ""].filter(Boolean).join(" ");
  useEffect(() => {
    const fresh = news && news !== said.current ? news : "";
    const say = (text: string) => {
      setAnnouncement([fresh, text].filter(Boolean).join(" "));
      said.current = news ?? "";
    };
    if (before.current === "updating" && status === "idle" && total) say(total);
    else if (status === "failed") say(failedText);
    // Asked again after a failure: emptied, so that failing again is heard again.
    else if (status === "updating" && before.current === "failed") setAnnouncement("");
    // No price to wait for (the quote before an age): the news alone.
    else if (fresh && status === "idle" && !total) say("");
    if (!news) said.current = "";
    before.current = status;
  }, [status, total, news, failedText]);
  return (
    <section className="estimate" aria-labelledby="estimate-heading" aria-busy={status === "updating"} tabIndex={answer || focus ? -1 : undefined} autoFocus={focus}>
      <h2 id="estimate-heading">{t("package.estimate.heading")}</h2>
      {estimation ? (
        <>
          <dl className="estimate__lines">
            <div>
              <dt>{t("package.estimate.death")}</dt>
              <dd data-line="death">{money(estimation.premiumForDeathCover)}</dd>
            </div>
            <div>
              <dt>{t("package.estimate.disability")}</dt>
              <dd data-line="disability">{money(estimation.premiumForDisabilityCover)}</dd>
            </div>
            {estimation.services.map((s) => (
              <div key={s.serviceCode}>
                <dt>{nameOf(s.serviceCode)}</dt>
                <dd data-line={`service-${s.serviceCode}`}>{money(s.premium)}</dd>
              </div>
            ))}
            <div>
              <dt>{t("package.estimate.membershipFee")}</dt>
              <dd data-line="membershipFee">{money(estimation.membershipFee)}</dd>
            </div>
            {discountShown(estimation.wellnessDiscount) ? (
              <div>
                <dt>{t("package.estimate.discount", { percent: estimation.wellnessDiscountPercent })}</dt>
                <dd data-line="discount">{money(-estimation.wellnessDiscount)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="estimate__total">
            <span>{t("package.estimate.total")}</span> <strong data-line="total">{money(estimation.premiumTotal)}</strong>
          </p>
          {notes ?? (
            <p className="note">
              {estimation.wellnessScore === null ? t("package.estimate.no_score") : t("package.estimate.score", { score: estimation.wellnessScore })}
            </p>
          )}
        </>
      ) : (
        empty ?? null
      )}
      {status === "updating" ? <p className="note">{t("package.estimate.updating")}</p> : null}
      {status === "failed" ? (
        <p className="note">
          {failedText}{" "}
          {onRetry ? (
            <button type="button" className="button button--secondary" onClick={onRetry}>
              {t("package.estimate.retry")}
            </button>
          ) : null}
        </p>
      ) : null}
      {/* The live region is always there (it must exist before what it announces); a <div>, as an
          empty paragraph is read as "paragraph" while it waits. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-estimate-announcement="">
        {announcement}
      </div>
    </section>
  );
}
