import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/http/page.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

/** Reasons with a translated text (error.{reason}); anything else reads as unauthorized. */
const REASONS = ["locked", "unauthorized", "rate_limited", "provider"] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const reason = (REASONS as readonly string[]).includes(params.reason ?? "") ? (params.reason as (typeof REASONS)[number]) : "unauthorized";
  return { title: await pageTitle(request, context, "title.login_failed"), reason };
}

export const meta = pageMeta;

export default function LoginFailed() {
  const { reason } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("login.failed")}</h1>
      <p>{t(`error.${reason}`, { minutes: 15 })}</p>
      <p>
        <Link to="/login" className="button">
          {t("login.try_again")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
