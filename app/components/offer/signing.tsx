import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { useDocumentTitle } from "~/components/every-page";
import { DEMO_SIGNING_MESSAGE, FRAME_HEARD, SIGN_ANEW, SIGNED_IN_FRAME, signingFrameUrl, signingTokenOf, type SigningConfig } from "~/lib/signing";
import { signingOutcomeKey, signingOutcomeOf, type SigningOutcome } from "~/lib/signing-outcome";

/** SPEC.md section 9. */
const SIGNING_FRAME_HEIGHT = 500;
/** The provider did not answer whether the signing was signed (docs/decisions/0289). */
const UNCONFIRMED = "error.signing_unconfirmed";
/** The provider has no signature yet: the same signing stays in the frame (docs/decisions/0290). */
const NOT_DONE = "error.signing_not_done";

/**
 * Where a signing screen starts and completes its signing, where a signature leads, where
 * "try again" goes (with `?step=signing`, also without JavaScript) and its heading: the offer's,
 * or a policyholder's beneficiary change (docs/decisions/0145).
 */
export interface SigningDoor {
  init: string;
  complete: string;
  done: string;
  retry: string;
  heading: "offer.signing.heading" | "beneficiary_change.signing.heading";
  /**
   * Refusals after which this signing cannot go on (a beneficiary change whose policy ended):
   * instead of "try again", which would only be refused again, the way to what can be done.
   */
  end?: { codes: readonly string[]; to: string; label: "beneficiary_change.back" };
}

/**
 * The signing screen: "signing" until the signing properties arrive, then the provider's
 * frame. Success → completion, state refresh, /confirmation; an error → the joined messages
 * go to the completion call and the customer may try again.
 */
export function SigningScreen({
  initialFrameUrl,
  pending,
  initialError,
  failedBefore,
  notSignedYet = false,
  frameOrigin,
  title,
  door,
  more,
  heardBefore,
}: {
  /** Which signing (the offer's: OFFER_SIGNING in app/components/offer/index.tsx); kept out of this module so a signing elsewhere does not load the onboarding table. */
  door: SigningDoor;
  /** The page title (the signing screen never shows the form's errors). */
  title: string;
  initialFrameUrl: string | null;
  pending: boolean;
  /** The loader's refusal, as its code. */
  initialError: string | null;
  /** How the previous attempt ended (the no-JavaScript way back), or null. */
  failedBefore: SigningOutcome | null;
  /** The customer said they signed, and the provider has no signature yet: the frame shown is the same signing's. */
  notSignedYet?: boolean;
  frameOrigin: string | null;
  /** What the page offers beside the signing while it can go on (the change's "continue the change"). */
  more?: ReactNode;
  /** The frame's messages that came before this screen's code (the offer's, hydrated later: app/components/offer/later-signing.tsx). */
  heardBefore?: () => MessageEvent[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(title);
  const [frameUrl, setFrameUrl] = useState<string | null>(initialFrameUrl);
  const ends = (code: string) => door.end?.codes.includes(code) ?? false;
  const [error, setError] = useState<string | null>(initialError ? t(initialError) : failedBefore ? t(signingOutcomeKey(failedBefore)) : null);
  // The refusal ended the signing for good: no "try again".
  const [ended, setEnded] = useState(initialError ? ends(initialError) : false);
  // The provider did not confirm a signature (docs/decisions/0289): "try again" asks it again
  // about the same signing, and signing anew is the customer's own choice.
  const [unconfirmed, setUnconfirmed] = useState(initialError === UNCONFIRMED);
  const completing = useRef(false);
  // The signing the frame shows (kept after it closes): the completion names it, so that a
  // newer signing another tab started is not the one this frame's outcome ends.
  const shown = useRef<string | null>(null);
  if (frameUrl) shown.current = signingTokenOf(frameUrl);
  const statusRef = useRef<HTMLDivElement>(null);
  // How many times the provider was found to have no signature yet: each is said again (focus).
  const [notYet, setNotYet] = useState(notSignedYet ? 1 : 0);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // Whether this screen hears the frame's messages (FRAME_HEARD): not before it is hydrated.
  const [heard, setHeard] = useState(false);

  const start = useCallback(async () => {
    setFrameUrl(null);
    setError(null);
    setUnconfirmed(false);
    setNotYet(0);
    completing.current = false;
    try {
      const response = await fetch(door.init, { method: "POST", headers: { Accept: "application/json" } });
      const body = await response.json();
      if (!response.ok) throw new Error(body?.errors?.[0]?.code ?? "error.technical");
      setFrameUrl(signingFrameUrl(body as SigningConfig));
    } catch (e) {
      const code = e instanceof Error && e.message.startsWith("error.") ? e.message : "error.technical";
      // What is to be signed is not the one confirmed (a step saved since, a new day): back to
      // the page that confirms it, as the loader sends a customer without JavaScript.
      if (code === "error.no_offer") return void navigate(door.retry);
      // No answer while offline: said, as the completion says it (below).
      setError(t(code) + (code === "error.technical" && navigator.onLine === false ? ` ${t("error.offline")}` : ""));
      setEnded(ends(code));
    }
  }, [t, navigate, door.init, door.retry]);

  // Entering the screen after a save with JavaScript: the loader already started a signing
  // when it renders the screen; otherwise start one here.
  useEffect(() => {
    if (!pending && !frameUrl && !error) void start();
    // Once per entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);

  const complete = useCallback(
    async (errors: string[] | null) => {
      // The completion of a signature got no answer (offline, lost, a proxy's page): it may have
      // been concluded, or the customer signed and nothing reached us. Not "did not succeed", and
      // "try again" asks about the same signing, never starts one that would end it (docs/decisions/0289).
      const noAnswer = () => {
        setError(t("error.signing_no_answer") + (navigator.onLine === false ? ` ${t("error.offline")}` : ""));
        setUnconfirmed(true);
      };
      if (completing.current) return;
      completing.current = true;
      setError(null);
      try {
        const response = await fetch(door.complete, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ ...(errors ? { errors: errors.join("; ") } : {}), signingToken: shown.current }),
        });
        // The session ended while the customer signed: the screen's own load asks to sign in and,
        // back here, completes the signature recorded (docs/decisions/0289).
        if (response.status === 401) return void window.location.assign(`${door.retry}?step=signing`);
        const body = await response.json().catch(() => null);
        if (!errors && response.ok && body?.result === "SIGNED") {
          navigate(door.done);
          return;
        }
        // Not signed yet (the customer's "I have signed", or the frame's message ahead of the
        // provider's status): the same signing stays, as without JavaScript; a new one would end it.
        if (!errors && body?.errors?.[0]?.code === NOT_DONE) {
          completing.current = false;
          setNotYet((n) => n + 1);
          return;
        }
        // No answer of ours (a proxy's 502 or 504 page, our own 500): whether the signature was
        // concluded is not known, as when the answer never came (below).
        if (!errors && (body === null || response.status >= 500) && body?.errors?.[0]?.code !== UNCONFIRMED) return noAnswer();
        setFrameUrl(null);
        // The provider's own words never reach the page: its outcome in ours (app/lib/signing-outcome.ts).
        const code: string = errors ? signingOutcomeKey(signingOutcomeOf(errors)) : (body?.errors?.[0]?.code ?? "error.signing_failed");
        setError(t(code));
        setEnded(!errors && ends(code));
        setUnconfirmed(!errors && code === UNCONFIRMED);
      } catch {
        // SPEC.md section 8: completion failures are only logged; the customer can try again.
        console.warn("signing: completion call failed");
        if (!errors) return noAnswer();
        setError(t("error.signing_failed"));
      }
    },
    [navigate, t, door.complete, door.done, door.retry],
  );

  const retry = (event: FormEvent) => {
    // Not confirmed when the screen loaded (no frame here, so no token to name): the form's own
    // load of the screen asks the provider again.
    if (unconfirmed && !shown.current) return;
    event.preventDefault();
    if (!unconfirmed) return void start();
    completing.current = false;
    void complete(null);
  };

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const fromDemo = event.origin === window.location.origin && event.data?.source === DEMO_SIGNING_MESSAGE;
      if (fromDemo) {
        if (event.data.status === "success") void complete(null);
        else void complete(Array.isArray(event.data.errors) ? event.data.errors.map(String) : ["signing error"]);
        return;
      }
      // The Dokobit iframe integration: a success or an error event with its message(s).
      if (frameOrigin && event.origin === frameOrigin) {
        const data = typeof event.data === "string" ? { action: event.data } : (event.data ?? {});
        const name = String(data.action ?? data.type ?? data.event ?? "").toLowerCase();
        if (/success|signed|completed/.test(name)) void complete(null);
        else if (/error|fail|declin|cancel/.test(name)) {
          // The event's name too: "cancel" with a message that does not say so is still a cancel.
          const messages = [name, ...(Array.isArray(data.errors) ? data.errors.map(String) : [String(data.message ?? "")])].filter(Boolean);
          void complete(messages);
        }
      }
    };
    window.addEventListener("message", onMessage);
    for (const event of heardBefore?.() ?? []) onMessage(event);
    setHeard(true);
    return () => {
      window.removeEventListener("message", onMessage);
      setHeard(false);
    };
  }, [frameOrigin, complete, heardBefore]);

  useEffect(() => {
    if (error) statusRef.current?.focus();
  }, [error]);

  useEffect(() => {
    if (notYet) noticeRef.current?.focus();
  }, [notYet]);

  // "I have signed — continue": without our JavaScript a load of the screen naming the frame's
  // signing; with it, the same question without a page load. Always there: the frame's message may
  // never come (docs/decisions/0290).
  const continueAfterFrame = (event: FormEvent) => {
    event.preventDefault();
    void complete(null);
  };

  return (
    <>
      <section className="signing" aria-labelledby="signing-heading">
        <h2 id="signing-heading">{t(door.heading)}</h2>
        {error ? (
          <div className="alert" role="alert" tabIndex={-1} ref={statusRef}>
            <p>{error}</p>
            {ended && door.end ? (
              <p>
                <Link to={door.end.to} className="button">
                  {t(door.end.label)}
                </Link>
              </p>
            ) : (
              <>
                <form method="get" action={door.retry} onSubmit={retry}>
                  <input type="hidden" name="step" value="signing" />
                  <button type="submit" className="button">
                    {t("offer.signing.retry")}
                  </button>
                </form>
                {unconfirmed ? (
                  <form method="get" action={door.retry} onSubmit={(event) => (event.preventDefault(), void start())}>
                    <input type="hidden" name="step" value="signing" />
                    <input type="hidden" name={SIGN_ANEW} value="" />
                    <button type="submit" className="button button--secondary">
                      {t("offer.signing.anew")}
                    </button>
                  </form>
                ) : null}
              </>
            )}
          </div>
        ) : null}
        {/* One status region throughout, so that the frame's arrival is read out too. */}
        {error ? null : (
          <p role="status" className={notYet && frameUrl ? undefined : frameUrl ? "visually-hidden" : "signing__loading"} tabIndex={notYet ? -1 : undefined} ref={noticeRef}>
            {notYet && frameUrl ? t("offer.signing.not_yet") : frameUrl ? t("offer.signing.ready") : t("offer.signing.loading")}
          </p>
        )}
        {!error && frameUrl ? (
          <>
            <iframe className="signing__frame" src={frameUrl} title={t("offer.signing.frame")} height={SIGNING_FRAME_HEIGHT} {...(heard ? { [FRAME_HEARD]: "" } : {})} />
            <form method="get" action={door.retry} onSubmit={continueAfterFrame} className="signing__continue">
              <input type="hidden" name="step" value="signing" />
              <input type="hidden" name={SIGNED_IN_FRAME} value={shown.current ?? ""} />
              <button type="submit" className="button button--secondary">
                {t("offer.signing.continue")}
              </button>
            </form>
          </>
        ) : null}
      </section>
      {ended ? null : more}
    </>
  );
}
