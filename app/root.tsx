import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunction,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { ANALYTICS_CONSENT_PATH, type AnalyticsEvent, ConsentBanner, errorPageTitle, eventsWithConsent, Footer, type FooterInsurer, Header, I18nResources, isPopupPage, isRequestFailed, keepOnFailure, PageErrorBoundary, pushEvents, RouteAnnouncer, SessionTimer } from "~/components/every-page";
import { useNonce } from "./components/nonce";
import { useInlineStylesheet } from "./components/stylesheet";
import styles from "./styles/app.css";
import { analyticsConsentOf, data, getT, languageCookie, mayView, publicConfig, pageLanguage, readSignInToken, requestProblemOf, requestedLanguage, sessionTimes } from "./http/root.server";
import { onboardingStatus } from "./core/onboarding";
import { readLoginParams } from "./core/login-params";
import { today } from "./core/clock";
import favicon from "./assets/favicon.ico";
import logo from "./assets/logo.svg";

export const handle = { i18n: "common" };

// An unknown address reaches the error page through routes/$.tsx, with this loader's data.
// Without it (this loader failed) Layout renders the title itself, in the page's language.
export const meta: MetaFunction<typeof loader> = ({ data, error }) => (error && data ? [{ title: errorPageTitle(data) }] : []);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The language switch is a plain link (`?lng=`): this answer is already in that language
  // (the detection reads `?lng=` first) and remembers the choice, with no redirect first: on
  // a slow network a round trip costs seconds (docs/decisions/0051).
  const requested = await requestedLanguage(url.searchParams);
  const headers = new Headers();
  if (requested !== null) headers.append("Set-Cookie", await languageCookie.serialize(requested));

  const locale = await pageLanguage(request);
  const t = await getT(locale);
  // A database that does not answer fails the page's own loader, whose error page is then drawn
  // in this layout with these words: the product's name, the insurer in the footer
  // (docs/decisions/0091). Failed here, it was drawn without them ('© 2026 .'); a page that
  // reads nothing more (a public one) is shown as to a visitor not signed in.
  const { session, customer } = await context.visitor().catch(() => ({ session: null, customer: null }));
  // No event without consent: the queued ones are taken all the same, and dropped (docs/decisions/0095).
  const analyticsConsent = analyticsConsentOf(request);
  let events: AnalyticsEvent[] = [];
  let notices: string[] = [];
  if (session && (session.data.events?.length || session.data.notices?.length)) {
    events = eventsWithConsent(analyticsConsent, session.data.events ?? []);
    notices = (session.data.notices ?? []).map((notice) => t(notice.key, notice.params));
    // Only these keys: the rest of the session stays as the database has it now.
    await context.core.sessions.mergeData(session.token, {}, ["events", "notices"]);
  }
  // A signed-out visitor's partner: the one the address names, or the one of the sign-in under way.
  const src = customer
    ? undefined
    : (readLoginParams(url.searchParams).src ?? context.core.pendingSignIn.open(readSignInToken(request.headers.get("Cookie")))?.loginParams?.src);
  const intermediary = customer
    ? onboardingStatus(customer, session!.data).intermediary
    : src
      ? await context.core.intermediaries.bySource(src).catch(() => null)
      : null;
  // Only the configuration's public whitelist reaches the page (docs/decisions/0196).
  const { productName, marketingUrl, insurer } = publicConfig(context.config);
  return data({
    locale,
    product: productName,
    marketingUrl,
    year: Number(today(context.core.clock).slice(0, 4)),
    // Every state that opens self-service has the user page: a policyholder's, and an ended
    // contract's holder's, who withdraws the health-data consent there (docs/decisions/0303).
    signedIn: customer ? { selfService: mayView(customer.state, "self-service") } : null,
    /** The session's idle and absolute ends (app/components/session-timer.tsx). */
    session: customer && session ? sessionTimes(session, context.core.clock.now()) : null,
    intermediary: intermediary ? { name: intermediary.name, logo: intermediary.logo } : null,
    events,
    /** The visitor's analytics answer; null: not asked yet (the banner asks). */
    analyticsConsent,
    /** One-off messages for this page (e.g. what a support code attached), translated. */
    notices,
    /**
     * The error page's heading, and its title before the product's name: the server's words
     * for an address it could not read (app/routes/$.tsx), else 'Unexpected error!'.
     */
    errorTitle: t(requestProblemOf(context) ? "error.request.title" : "error.page.title"),
    /** Every page's footer names the insurer and its supervision (docs/decisions/0091). */
    insurer: insurer satisfies FooterInsurer,
  }, { headers });
}

// Nothing reloads after a failed save or navigation (app/components/request-failure.tsx). The
// analytics consent's post reloads the root alone (the page keeps its data): what it knows of
// the answer is then the cookie's (docs/decisions/0095). Not after a failed one: offline the
// reload failed too and the error page replaced the page; an answer lost once the cookie was
// set took the banner away with nothing said.
const keepRootOnFailure = keepOnFailure();
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !isRequestFailed(args.actionResult) && (args.formAction === ANALYTICS_CONSENT_PATH || keepRootOnFailure(args));

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const css = useInlineStylesheet();
  const popup = useMatches().some((match) => isPopupPage(match.handle));
  return (
    <html lang={root?.locale ?? i18n.language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {root ? null : <title>{t("error.page.title")}</title>}
        {/* The stylesheet inline on a browser's first visit, linked after (app/components/stylesheet.tsx). */}
        <style nonce={css === null ? undefined : nonce} dangerouslySetInnerHTML={{ __html: css ?? "" }} />
        <link rel={css === null ? "stylesheet" : "prefetch"} href={styles} />
        <link rel="icon" href={favicon} sizes="32x32" />
        <link rel="icon" href={logo} type="image/svg+xml" />
        <I18nResources />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("skip.to_content")}
        </a>
        <Header root={root ?? { locale: i18n.language, product: "", marketingUrl: "/", signedIn: null, intermediary: null }} minimal={popup} />
        <ConsentBanner asked={root?.analyticsConsent === null && !popup} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer product={root?.product ?? ""} year={root?.year} insurer={root?.insurer} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRouteLoaderData<typeof loader>("root");
  const events = root?.events;
  useEffect(() => {
    if (events?.length) pushEvents(events);
  }, [events]);
  useCleanLanguageAddress();
  const popup = useMatches().some((match) => isPopupPage(match.handle));
  return (
    <>
      {root?.session && !popup ? <SessionTimer times={root.session} /> : null}
      {root?.notices.length ? (
        // The page's answer to what was just done (a change saved, the name the e-ID changed):
        // where the page starts. Its `autofocus` comes before the page's h1 in the document, so a
        // page load focuses it; after a client-side change RouteAnnouncer does (app/components/focus.tsx).
        // Before, focus went to the h1 below it and it was never heard: a region shown with its
        // text is not announced, and reading on from the h1 passes it by. Named by its text,
        // which a status's focus does not read out otherwise.
        <div className="notices" role="status" tabIndex={-1} autoFocus aria-label={root.notices.join(" ")}>
          {root.notices.map((text, index) => (
            <p key={index} className="notice">
              {text}
            </p>
          ))}
        </div>
      ) : null}
      <Outlet />
      <RouteAnnouncer />
    </>
  );
}

/**
 * With JavaScript the address bar drops the switch's `?lng=` once the page is shown (the
 * cookie remembers the choice), as the redirect used to; without it the address keeps it.
 * The router is not told: its location keeps `?lng=`, which means the same page.
 */
function useCleanLanguageAddress() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("lng")) return;
    url.searchParams.delete("lng");
    window.history.replaceState(window.history.state, "", url);
  }, []);
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
