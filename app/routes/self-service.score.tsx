/**
 * Self-service score periods: start date, dividend discount, score and a link per row:
 * 'edit' (enabled, with an id), 'start filling' (enabled, no id yet: /self-service/score/new)
 * or 'view' (past, with saved answers).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/components/money";
import type { ScorePeriod } from "~/core/policyholder";
import { requireAccess } from "~/http/guards.server";
import { scoreTabTexts } from "~/http/score.server";
import { pageTitle } from "~/http/page.server";
import { keepOnFailure, pageMeta, PageErrorBoundary, RequestFailureNotice, stepClientLoader } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const periods = await args.context.core.policyholder.scorePeriods(customer);
  return {
    title: await pageTitle(args.request, args.context, "title.self_service.score"),
    periods: periods?.items ?? [],
    ...scoreTabTexts(periods?.ended ?? false),
  };
}

export const meta = pageMeta;

// A tab's navigation that fails stays on the page the customer is on, what was typed in its form
// kept, and says so there (app/components/request-failure.tsx): it was the error page.
export const clientLoader = stepClientLoader;
export const shouldRevalidate = keepOnFailure();

/** The row's link, by SPEC.md section 2's rule; none for a past period that was never filled. */
function periodLink(period: ScorePeriod): { to: string; label: "self_service.score.edit" | "self_service.score.start" | "self_service.score.view" } | null {
  if (period.enabled) return period.pid !== null ? { to: `/self-service/score/${period.pid}`, label: "self_service.score.edit" } : { to: "/self-service/score/new", label: "self_service.score.start" };
  if (period.details && period.pid !== null) return { to: `/self-service/score/${period.pid}`, label: "self_service.score.view" };
  return null;
}

export default function SelfServiceScore() {
  const { periods, intro, none } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const percent = (value: number | null) => (value === null ? t("self_service.score.empty") : t("self_service.score.percent", { value }));
  const points = (score: number | null) => (score === null ? t("self_service.score.empty") : t("self_service.score.points", { count: score }));
  return (
    <>
      <h2>{t("self_service.score.heading")}</h2>
      <RequestFailureNotice />
      {intro && <p>{t(intro)}</p>}
      {periods.length === 0 ? (
        <p>{t(none)}</p>
      ) : (
        <table className="stack-table periods">
          <caption className="visually-hidden">{t("self_service.score.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("self_service.score.startDate")}</th>
              <th scope="col" className="numeric">
                {t("self_service.score.discount")}
              </th>
              <th scope="col" className="numeric">
                {t("self_service.score.score")}
              </th>
              <th scope="col">{t("self_service.score.action")}</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => {
              const link = periodLink(period);
              const date = formatDate(period.startDate);
              return (
                <tr key={period.startDate}>
                  <th scope="row" data-label={t("self_service.score.startDate")}>
                    {date}
                  </th>
                  <td data-label={t("self_service.score.discount")} className="numeric">
                    {percent(period.discount)}
                  </td>
                  <td data-label={t("self_service.score.score")} className="numeric">
                    {points(period.score)}
                  </td>
                  <td data-label={t("self_service.score.action")}>
                    {link ? (
                      // The visible word first, then which period (WCAG 2.5.3 label in name).
                      <Link to={link.to} aria-label={`${t(link.label)}, ${t("self_service.score.row_label", { date })}`}>
                        {t(link.label)}
                      </Link>
                    ) : (
                      t("self_service.score.not_filled")
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
