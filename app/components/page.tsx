/** What every page module shares: its meta, and its ErrorBoundary's content. */
import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";

/** The root's data the error page is titled from (app/root.tsx). */
export interface RootTitles {
  errorTitle: string;
  product: string;
}

/**
 * A page's meta: the title its loader chose (plain, or "Error: …" after a failed post without
 * JavaScript), or the error page's title when the route failed.
 */
export const pageMeta: MetaFunction<() => Promise<{ title: string }>> = ({ data, error, matches }) => [
  // The root is the first match.
  { title: error ? errorPageTitle(matches[0].data as RootTitles | undefined) : data?.title },
];

/** The error page's title: its heading, then the product's name. */
export const errorPageTitle = (root: RootTitles | undefined) => root && `${root.errorTitle} | ${root.product}`;

/**
 * The error page's heading takes focus as it shows, as a page's h1 does (app/components/focus.tsx):
 * by its `autofocus` on a page load, and with JavaScript by this ref as it mounts in place of the
 * page (React focuses no heading for `autoFocus`). A post the server refused had left focus on
 * <body> (the button pressed went with the form), and nothing was heard. One function, so React
 * calls it on mount only, not on every render.
 */
const focusOnMount = (heading: HTMLHeadingElement | null) => heading?.focus();

/**
 * What a route's ErrorBoundary shows (SPEC.md section 2 "Error page"): 'Unexpected error!'
 * (the root's heading, as the page's title: "The request could not be processed" for an
 * address the server could not read, docs/decisions/0182), the apology, what went wrong (not
 * found, a refused request with its status, or a technical error, in the customer's language)
 * and a link home.
 */
export function ErrorDetails() {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRouteLoaderData("root") as RootTitles | undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A request the server refused says why: an address it could not read or a request Node's
  // parser refused (app/routes/$.tsx, app/http/bad-address.server.ts), a form no page sends
  // (app/lib/form-parse.ts), a database that is unavailable (503, app/http/unavailable.server.ts).
  const code = isRouteErrorResponse(error) && (error.status < 500 || error.status === 503) ? (error.data as { code?: unknown } | null)?.code : null;
  const detail = notFound
    ? t("error.page.not_found")
    : typeof code === "string"
      ? t(code)
      : isRouteErrorResponse(error) && error.status < 500
        ? // Remix's status text is English ("Method Not Allowed"): the status, in the customer's words.
          `${t(error.status === 405 ? "error.method_not_allowed" : "error.bad_request")} (${error.status})`
        : // An error thrown: in production Remix gives the browser only "Unexpected Server Error",
          // in English; the customer reads it in their language.
          t("error.technical");
  const matches = useMatches();
  // An error the browser met is said to the server (app/lib/client-error.ts); an answer's it knows.
  const route = matches[matches.length - 1]?.id ?? "root";
  useEffect(() => {
    // Its code lost on the network (the error page may be the network's doing): nothing said, nothing thrown besides.
    if (!isRouteErrorResponse(error)) void import("~/lib/client-error").then((m) => m.reportClientError(error, route), () => undefined);
  }, [error, route]);
  // Under the self-service area's h1 (its tabs' layout) the error page's heading is an h2: one h1 a page.
  const Heading = matches.some((match) => match.id === "routes/self-service") ? "h2" : "h1";
  return (
    <>
      <Heading ref={focusOnMount} tabIndex={-1} autoFocus>
        {root?.errorTitle ?? t("error.page.title")}
      </Heading>
      <p>{t("error.page.text")}</p>
      <p className="error-detail">{detail}</p>
      <p>
        <a href="/">{t("error.page.home")}</a>
      </p>
    </>
  );
}

/** The ErrorBoundary of a page outside the onboarding steps. */
export function PageErrorBoundary() {
  return (
    <div className="page page--narrow">
      <ErrorDetails />
    </div>
  );
}
