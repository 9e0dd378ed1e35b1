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
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { ANALYTICS_CONSENT_PATH, type ConsentReply } from "~/lib/analytics";

/** Allow / decline: two equal buttons, as easy to refuse as to give. */
export function ConsentForm({ fetcher, redirectTo }: { fetcher: FetcherWithComponents<ConsentReply>; /** Where the post without JavaScript returns to (a same-site path). */ redirectTo: string }) {
  const { t } = useTranslation();
  return (
    <form
      method="post"
      action={ANALYTICS_CONSENT_PATH}
      className="consent-form"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
        form.set("enhanced", "1");
        fetcher.submit(form, { method: "post", action: ANALYTICS_CONSENT_PATH });
      }}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" name="choice" value="granted" className="button button--secondary">
        {t("consent.accept")}
      </button>{" "}
      <button type="submit" name="choice" value="denied" className="button button--secondary">
        {t("consent.decline")}
      </button>
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
  const chosen = fetcher.data?.choice;
  const [answeredOn, setAnsweredOn] = useState<string | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  // Only the answer's arrival counts (on the page it was given on), not a later page change.
  useEffect(() => setAnsweredOn(chosen ? location.key : null), [fetcher.data]);
  useEffect(() => confirmation.current?.focus(), [answeredOn]);

  const answered = answeredOn !== null;
  if (answered ? answeredOn !== location.key : !asked || location.pathname === ANALYTICS_CONSENT_PATH) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-heading">
      <h2 id="consent-heading">{t("consent.banner.heading")}</h2>
      {answered ? (
        <p ref={confirmation} tabIndex={-1}>
          {t(`consent.saved.${chosen}`)} <Link to={ANALYTICS_CONSENT_PATH}>{t("consent.saved.change")}</Link>
        </p>
      ) : (
        <>
          <p>
            {t("consent.banner.text")} <Link to={ANALYTICS_CONSENT_PATH}>{t("consent.banner.more")}</Link>
          </p>
          <ConsentForm fetcher={fetcher} redirectTo={location.pathname + location.search} />
        </>
      )}
    </section>
  );
}
