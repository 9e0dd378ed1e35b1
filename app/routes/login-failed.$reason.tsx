import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/http/page.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

/** Reasons with a translated text (error.{reason}); anything else reads as unauthorized. */
const REASONS = ["locked", "unauthorized", "rate_limited", "provider"] as const;

/** The longest wait a sign-in limit sets (app/core/rate-limit.ts: a window of 15 minutes). */
const MAX_MINUTES = 15;

/**
 * The minutes to wait after a limit refused the sign-in (`?minutes=` from the provider's return,
 * app/routes/login_.return.tsx): a whole number within the limit's window; the window otherwise.
 */
function minutesOf(url: URL): number {
  const asked = Number(url.searchParams.get("minutes"));
  return Number.isInteger(asked) && asked >= 1 && asked <= MAX_MINUTES ? asked : MAX_MINUTES;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const reason = (REASONS as readonly string[]).includes(params.reason ?? "") ? (params.reason as (typeof REASONS)[number]) : "unauthorized";
  return { title: await pageTitle(request, context, "title.login_failed"), reason, minutes: minutesOf(new URL(request.url)) };
}

export const meta = pageMeta;

export default function LoginFailed() {
  const { reason, minutes } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("login.failed")}</h1>
      {/* The limit's message has plural forms: `count` picks one. */}
      <p>{t(`error.${reason}`, { minutes, count: minutes })}</p>
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
