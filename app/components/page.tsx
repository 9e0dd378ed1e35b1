/** What every page module shares: its meta, and its ErrorBoundary's content. */
import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/**
 * A page's meta: the title its loader chose (plain, or "Error: …" after a failed post without
 * JavaScript), or the error page's title when the route failed.
 */
export const pageMeta: MetaFunction<() => Promise<{ title: string }>> = ({ data, error, matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as { errorPageTitle?: string } | undefined;
  return [{ title: error ? root?.errorPageTitle : data?.title }];
};

/**
 * What a route's ErrorBoundary shows (SPEC.md section 2 "Error page"): 'Unexpected error!',
 * the apology, what went wrong (not found, a refused request with its status, or a technical
 * error, in the customer's language) and a link home.
 */
export function ErrorDetails() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A request the server refused says why: an address it could not read (app/routes/$.tsx,
  // app/http/bad-address.server.ts), a form no page sends (app/lib/form-parse.ts).
  const code = isRouteErrorResponse(error) && error.status === 400 ? (error.data as { code?: unknown } | null)?.code : null;
  const refused = typeof code === "string";
  const detail = notFound
    ? t("error.page.not_found")
    : refused
      ? t(code)
      : isRouteErrorResponse(error) && error.status < 500
        ? // Remix's status text is English ("Method Not Allowed"): the status, in the customer's words.
          `${t(error.status === 405 ? "error.method_not_allowed" : "error.bad_request")} (${error.status})`
        : // An error thrown: in production Remix gives the browser only "Unexpected Server Error",
          // in English; the customer reads it in their language.
          t("error.technical");
  return (
    <>
      <h1>{refused ? t("error.request.title") : t("error.page.title")}</h1>
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
