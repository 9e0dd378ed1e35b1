/**
 * The analytics consent (docs/decisions/0095): asked once, by a banner between the header and
 * the page on whatever page the visitor opens first, until they answer; changed later on the
 * settings page the footer links to. Never a modal: the page stays usable and its focus is its
 * own (a step page's h1 keeps it), the banner is a region with a heading that Tab, Shift+Tab and
 * a screen reader's landmarks reach.
 *
 * The form is a plain post without JavaScript (the answer is a redirect back to the same
 * page); with JavaScript it goes through a fetcher and no page data reloads
 * (`keepOnFailure` skips it), so no event a loader held back comes after the choice.
 */
import { Link, useFetcher, useLocation, type FetcherWithComponents } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { ANALYTICS_CONSENT_PATH, CONSENT_FIELDS, type ConsentReply } from "~/lib/analytics";

/** Allow / decline: two equal buttons, as easy to refuse as to give. */
export function ConsentForm({
  fetcher,
  redirectTo,
  error,
  describedBy,
}: {
  fetcher: FetcherWithComponents<ConsentReply>;
  /** Where the post without JavaScript returns to (a same-site path). */
  redirectTo: string;
  /** A refused post's message (an i18n key) when the page answers it without JavaScript. */
  error?: string;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const shown = fetcher.data?.error ?? error;
  return (
    <form
      method="post"
      action={ANALYTICS_CONSENT_PATH}
      className="consent-form"
      aria-describedby={describedBy}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
        form.set(CONSENT_FIELDS.enhanced, "1");
        fetcher.submit(form, { method: "post", action: ANALYTICS_CONSENT_PATH });
      }}
    >
      {shown ? (
        // Focused on the page that answers a post without JavaScript (its h1 is not).
        <p className="alert" role="alert" tabIndex={-1} autoFocus={!fetcher.data && Boolean(error)}>
          {t(shown)}
        </p>
      ) : null}
      <input type="hidden" name={CONSENT_FIELDS.redirectTo} value={redirectTo} />
      <div className="consent-form__buttons">
        <button type="submit" name={CONSENT_FIELDS.choice} value="granted" className="button button--secondary">
          {t("consent.accept")}
        </button>
        <button type="submit" name={CONSENT_FIELDS.choice} value="denied" className="button button--secondary">
          {t("consent.decline")}
        </button>
      </div>
    </form>
  );
}

/**
 * The question, while `asked` (no answer yet; never on the settings page or in a popup). Once
 * answered with JavaScript it says what was stored, with focus on that, until the next page.
 */
export function ConsentBanner({ asked }: { asked: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher<ConsentReply>();
  const headingId = useId();
  const textId = useId();
  const chosen = fetcher.data?.choice;
  const [answeredOn, setAnsweredOn] = useState<string | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (chosen) setAnsweredOn(location.key);
    // Only the answer's arrival counts (on the page it was given on), not a later page change.
  }, [fetcher.data]);
  useEffect(() => {
    if (answeredOn !== null) confirmation.current?.focus();
  }, [answeredOn]);

  if (answeredOn !== null) {
    if (answeredOn !== location.key || !chosen) return null;
    return (
      <section className="consent-banner" aria-labelledby={headingId}>
        <div className="consent-banner__inner">
          <h2 id={headingId}>{t("consent.banner.heading")}</h2>
          <p ref={confirmation} tabIndex={-1}>
            {t(`consent.saved.${chosen}`)} <Link to={ANALYTICS_CONSENT_PATH}>{t("consent.saved.change")}</Link>
          </p>
        </div>
      </section>
    );
  }
  if (!asked || location.pathname === ANALYTICS_CONSENT_PATH) return null;
  return (
    <section className="consent-banner" aria-labelledby={headingId}>
      <div className="consent-banner__inner">
        <h2 id={headingId}>{t("consent.banner.heading")}</h2>
        <p id={textId}>
          {t("consent.banner.text")} <Link to={ANALYTICS_CONSENT_PATH}>{t("consent.banner.more")}</Link>
        </p>
        <ConsentForm fetcher={fetcher} redirectTo={location.pathname + location.search} describedBy={textId} />
      </div>
    </section>
  );
}

/** The footer's way back to the choice. */
export function ConsentSettingsLink() {
  const { t } = useTranslation();
  return (
    <p className="site-footer__consent">
      <Link to={ANALYTICS_CONSENT_PATH}>{t("consent.settings.link")}</Link>
    </p>
  );
}
