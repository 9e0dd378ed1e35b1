/**
 * Self-service services: the chosen health services with the partners' pages and login pages,
 * while the policy covers its holder; without cover none, and the page says why
 * (docs/decisions/0269).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/components/money";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";
import { pageLanguage } from "~/i18n/language.server";
import { keepOnFailure, pageMeta, PageErrorBoundary, RequestFailureNotice, stepClientLoader } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const found = await args.context.core.policyholder.services(customer, await pageLanguage(args.request));
  return { title: await pageTitle(args.request, args.context, "title.self_service.services"), services: found?.services ?? [], cover: found?.cover ?? null };
}

export const meta = pageMeta;

// A tab's navigation that fails stays on the page the customer is on, what was typed in its form
// kept, and says so there (app/components/request-failure.tsx): it was the error page.
export const clientLoader = stepClientLoader;
export const shouldRevalidate = keepOnFailure();

export default function SelfServiceServices() {
  const { services, cover } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("self_service.services.heading")}</h2>
      <RequestFailureNotice />
      {cover?.kind === "withdrawn" ? (
        <p>{t("self_service.services.withdrawn")}</p>
      ) : cover?.kind === "ended" ? (
        <p>{t("self_service.services.ended", { date: formatDate(cover.endDate) })}</p>
      ) : cover?.until ? (
        <p className="notice">{t("self_service.services.until", { date: formatDate(cover.until) })}</p>
      ) : null}
      {cover && cover.kind !== "in-force" ? null : services.length === 0 ? (
        <p>{t("self_service.services.none")}</p>
      ) : (
        <ul role="list" className="cards">
          {services.map((s) => (
            <li key={s.code} className="card">
              <h3>{s.name}</h3>
              <p>{s.description}</p>
              <ul role="list" className="card__links">
                <li>
                  <a href={s.link} target="_blank" rel="noopener noreferrer">
                    {s.linkText} <span className="visually-hidden">{t("self_service.new_tab")}</span>
                  </a>
                </li>
                <li>
                  <a href={s.loginLink} target="_blank" rel="noopener noreferrer">
                    {s.loginLinkText} <span className="visually-hidden">{t("self_service.new_tab")}</span>
                  </a>
                </li>
              </ul>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
