/**
 * The analytics settings (docs/decisions/0095): what is measured and how, the current choice,
 * and the form to change it, which the banner posts to as well. Public: the choice belongs to
 * the browser, not to a customer.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ConsentForm } from "~/components/later-layout";
import { ANALYTICS_CONSENT_PATH, type ConsentReply, keepOnFailure, PageErrorBoundary, PageHeading, pageMeta, stepClientAction, useDocumentTitle } from "~/components/every-page";
import { analyticsConsentAction, analyticsConsentOf, getT, pageTitles } from "./privacy.analytics.server";

/** Where the form without JavaScript returns to on this page: the page again, saying it saved. */
const SAVED = `${ANALYTICS_CONSENT_PATH}?saved=1`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getT(request);
  return {
    ...pageTitles(t, context, t("title.analytics_consent")),
    consent: analyticsConsentOf(request),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export const action = ({ request, context }: ActionFunctionArgs) => analyticsConsentAction(request, context);

export const meta = pageMeta;

// A failed post (the banner's too: it posts here) is the failure marker, said under the form,
// not the error page (app/components/request-failure.tsx); nothing reloads after a post, so the
// choice shown is the fetcher's answer.
export const clientAction = stepClientAction;
export const shouldRevalidate = keepOnFailure();

export default function AnalyticsSettings() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<ConsentReply>();
  const { t } = useTranslation();
  const failed = Boolean(fetcher.data?.error ?? actionData?.error);
  useDocumentTitle(failed ? page.errorTitle : page.plainTitle);
  const chosen = fetcher.data?.choice;
  const saved = chosen !== undefined || (page.saved && !actionData);
  return (
    <div className="page page--narrow">
      <PageHeading>{t("consent.settings.heading")}</PageHeading>
      <p>{t("consent.settings.intro")}</p>
      <p>{t("consent.settings.default")}</p>
      <p className="notice" role="status">
        {saved ? `${t("consent.settings.saved")} ` : ""}
        {t(`consent.settings.current.${chosen ?? page.consent ?? "none"}`)}
      </p>
      {failed ? (
        // Focused when the page answers a post without JavaScript (its h1 is not, then).
        <p className="alert" role="alert" tabIndex={-1} autoFocus={!fetcher.data}>
          {t(fetcher.data?.error ?? actionData!.error!)}
        </p>
      ) : null}
      <ConsentForm fetcher={fetcher} redirectTo={SAVED} />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
