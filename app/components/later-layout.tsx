/**
 * The parts of every page that work as plain HTML until their code is there, outside the chunk
 * every page loads (docs/decisions/0115): the root renders them through
 * app/components/hydrate-later.tsx, the browser loads them with React.lazy after hydration.
 * The analytics consent banner and form (docs/decisions/0095; the settings page imports the form
 * directly), the footer, the header's language switch (plain links until then) and its logout (a
 * plain post until then, as without JavaScript).
 *
 * The form is a plain post without JavaScript (the answer is a redirect back to the same
 * page); with JavaScript it goes through a fetcher and no page data reloads
 * (`keepOnFailure` skips it), so no event a loader held back comes after the choice.
 */
import { Form, Link, useFetcher, useLocation, type FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Trans, useTranslation } from "~/i18n/react";
import { supportedLngs } from "~/i18n/options";
import { returnPath } from "~/lib/request-problem";
import { pageForm } from "~/lib/page-form";
import { PAGE_PATH_FIELD, SESSION_PATH } from "~/lib/session-limits";
import {
  ACCESSIBILITY_PATH,
  ANALYTICS_CONSENT_PATH,
  type ConsentReply,
  type FooterInsurer,
  hasUnsavedChanges,
  leaveWithoutAsking,
  Modal,
  PRE_CONTRACT_PATH,
  PRIVACY_PATH,
  RequestFailureNotice,
  type RequestFailure,
  isRequestFailed,
  newFailure,
  useHydrated,
} from "./every-page";

/**
 * A fetcher's failure to show (its post went through `stepClientAction`), or null while it
 * posts again. `offlineNow`: a post the browser would not send, being offline (the form kept
 * it back: loading the action's route code would fail too, and Remix reloads the page then).
 * Here, not beside the route's (app/components/request-failure.tsx): this part loads after the page.
 */
function useFetcherFailure(fetcher: { state: string; data?: unknown }, offlineNow: RequestFailure | null): RequestFailure | null {
  if (fetcher.state !== "idle") return null;
  return offlineNow ?? (isRequestFailed(fetcher.data) ? fetcher.data.requestFailed : null);
}

/** The failure a post kept back in the browser, offline (null while online). */
const offlineFailure = (): RequestFailure | null => (navigator.onLine === false ? newFailure() : null);

/** Allow / decline: two equal buttons, as easy to refuse as to give. */
export function ConsentForm({ fetcher, redirectTo }: { fetcher: FetcherWithComponents<ConsentReply>; /** Where the post without JavaScript returns to (a same-site path). */ redirectTo: string }) {
  const { t } = useTranslation();
  // `data-hydrated`: this part's code is there (it arrives after the page's), so a press goes
  // through the fetcher, not the plain post. The e2e tests wait for it, not for time.
  const hydrated = useHydrated();
  // A failed post (the settings route's stepClientAction makes it the failure marker) is said
  // under the buttons, the page as it was: it had replaced the whole page with the error page.
  const [offline, setOffline] = useState<RequestFailure | null>(null);
  const failure = useFetcherFailure(fetcher, offline);
  return (
    <form
      method="post"
      action={ANALYTICS_CONSENT_PATH}
      className="consent-form"
      data-hydrated={hydrated ? "" : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const kept = offlineFailure();
        setOffline(kept);
        if (kept) return;
        // The pressed button's answer set by hand: `new FormData(form, submitter)` leaves it out
        // in Chrome before 112, Safari before 16.4 and Firefox before 111 (the post was refused).
        const form = new FormData(event.currentTarget);
        const pressed = (event.nativeEvent as SubmitEvent).submitter;
        if (pressed instanceof HTMLButtonElement && pressed.name) form.set(pressed.name, pressed.value);
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
      <RequestFailureNotice failure={failure} />
    </form>
  );
}

/**
 * The question, while `asked` (no answer yet; never on the settings page or in a popup). Once
 * answered with JavaScript it says what was stored, with focus on that, until the next page.
 * Before the answer the server and the browser render the same markup (the browser hydrates
 * the server's when this module arrives).
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
          <ConsentForm fetcher={fetcher} redirectTo={returnPath(location)} />
        </>
      )}
    </section>
  );
}

/**
 * Tallinn's year at an instant: the footer's on a page without the root's data (an error page),
 * as the root loader's (the core's clock), the same on the server and in the browser.
 */
export const tallinnYear = (ms: number) => Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Tallinn", year: "numeric" }).format(ms));

export function Footer({ product, year, insurer }: { product: string; year: number | undefined; insurer?: FooterInsurer | null }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p>{t("footer.disclaimer", { year: year ?? tallinnYear(Date.now()), product })}</p>
      {insurer ? <InsurerFacts insurer={insurer} /> : null}
      <p>
        <Link to={PRIVACY_PATH}>{t("privacy.link")}</Link> · <Link to={ANALYTICS_CONSENT_PATH}>{t("consent.settings.link")}</Link> ·{" "}
        <Link to={ACCESSIBILITY_PATH}>{t("footer.accessibility")}</Link>
      </p>
    </footer>
  );
}

/** Who the insurer is, its licence and supervisor, and where to read more or complain. */
function InsurerFacts({ insurer: [name, code, address, licence] }: { insurer: FooterInsurer }) {
  const { t } = useTranslation();
  return (
    <p>
      {/* <et>: the supervisor's Estonian name, read as Estonian (WCAG 3.1.2). */}
      <Trans i18nKey="footer.insurer" values={{ name, code, address, licence }} components={{ et: <span lang="et" /> }} />{" "}
      <a href={PRE_CONTRACT_PATH}>{t("footer.precontract")}</a> · <a href={`${PRE_CONTRACT_PATH}#complaints`}>{t("footer.complaints")}</a>
    </p>
  );
}

/**
 * The language switch: plain links (`?lng=xx`) that load the whole page in that language (its
 * strings are the new language's); the server remembers the choice (docs/decisions/0051). The
 * address is relative (the query alone): the browser keeps the page's own path, also where the
 * server renders a page under an address of its own (app/http/bad-address.server.ts).
 *
 * A step's form holding unsaved changes is first kept as the customer's draft (SESSION_PATH
 * `intent=keep`, sealed as every draft), which the step's page in the other language gives back
 * (docs/decisions/0384): the switch had lost what was typed, after the browser's "leave site?".
 * If it cannot be kept (offline, the session over) the link goes as before and the browser
 * asks. Without JavaScript the link loses it (a link carries no form).
 */
export function LanguageSwitch({ current }: { current: string | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  // As the consent form's: this part's code is there, so a switch keeps what was typed.
  const hydrated = useHydrated();
  return (
    <nav aria-label={t("language.switch")} className="language-switch" data-hydrated={hydrated ? "" : undefined}>
      <ul>
        {supportedLngs.map((lng) => {
          const search = new URLSearchParams(location.search);
          search.set("lng", lng);
          return (
            <li key={lng}>
              <a href={`?${search}`} lang={lng} hrefLang={lng} aria-current={lng === current ? "true" : undefined} onClick={keepTypedAndGo}>
                {t(`language.${lng}`)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** How long a switch waits for what was typed to be kept before it goes anyway (the browser then asks). */
const KEEP_WAIT_MS = 6000;
/** A switch under way: another press waits with it, rather than going as a plain link. */
let switching = false;

function keepTypedAndGo(event: MouseEvent<HTMLAnchorElement>) {
  const form = pageForm();
  // A new tab or window (a modifier, another button) leaves this page as it is.
  if (!form || !hasUnsavedChanges() || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  if (switching) return;
  switching = true;
  const to = event.currentTarget.href;
  const from = window.location.href;
  const body = new FormData(form);
  body.set("intent", "keep");
  body.set(PAGE_PATH_FIELD, window.location.pathname);
  const kept = fetch(SESSION_PATH, { method: "POST", body, credentials: "same-origin" })
    .then(async (answer) => answer.ok && ((await answer.json()) as { kept?: boolean }).kept === true)
    .catch(() => false);
  // A network that never answers leaves no dead link: the switch goes after a while.
  const late = new Promise<boolean>((resolve) => window.setTimeout(() => resolve(false), KEEP_WAIT_MS));
  void Promise.race([kept, late]).then((done) => {
    switching = false;
    // Nothing shows the keeping: a customer who went elsewhere meanwhile (a step's link, a
    // save) has left this page, and is not taken back to it.
    if (window.location.href !== from) return;
    if (done) leaveWithoutAsking();
    window.location.assign(to);
  });
}

/**
 * Logout. A form with unsaved changes asks first, as leaving the page does (the leave-page
 * guard's modal, with "log out without saving"); without JavaScript a plain post. Offline (the
 * browser says so) the post is kept back and the customer told they are still signed in: sent,
 * it would leave them on the browser's own error page, signed in all the same.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<"unsaved" | "offline" | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // As the consent form's: this part's code is there, so unsaved changes are asked about first.
  const hydrated = useHydrated();
  return (
    <>
      <Form
        method="post"
        action="/logout"
        reloadDocument
        className="inline-form"
        data-hydrated={hydrated ? "" : undefined}
        ref={form}
        onSubmit={(event) => {
          const kept = offlineFailure() ? "offline" : hasUnsavedChanges() ? "unsaved" : null;
          if (!kept) return;
          event.preventDefault();
          setAsking(kept);
        }}
      >
        <button type="submit" className="button button--quiet">
          {t("header.logout")}
        </button>
      </Form>
      <Modal
        open={asking !== null}
        onClose={() => setAsking(null)}
        heading={t(asking === "offline" ? "form.logout.offline.heading" : "form.leave.heading")}
        closeLabel={t(asking === "offline" ? "form.logout.offline.close" : "form.leave.stay")}
        actions={
          asking === "offline" ? null : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                if (offlineFailure()) return setAsking("offline");
                leaveWithoutAsking();
                form.current?.submit();
              }}
            >
              {t("form.logout.confirm")}
            </button>
          )
        }
      >
        <p>{t(asking === "offline" ? "form.logout.offline.text" : "form.leave.text")}</p>
      </Modal>
    </>
  );
}
