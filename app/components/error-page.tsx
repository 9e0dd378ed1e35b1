import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * What a route's ErrorBoundary shows (SPEC.md section 2 "Error page"): 'Unexpected error!',
 * the apology, the error's text and a link home. In production Remix replaces a thrown
 * error's message with a generic one.
 */
export function ErrorDetails({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const detail = notFound
    ? t("error.page.not_found")
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : t("error.technical");
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <>
      <Heading>{t("error.page.title")}</Heading>
      <p>{t("error.page.text")}</p>
      <p className="error-detail">{detail}</p>
      <p>
        <Link to="/" reloadDocument>
          {t("error.page.home")}
        </Link>
      </p>
    </>
  );
}
