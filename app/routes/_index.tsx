import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { QuoteForm, quoteClientLoader } from "~/components/quote";
import { homePage, landingPath, limitHeaders, redirect } from "./_index.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { customer } = await context.visitor();
  // SPEC.md: "/" sends a signed-in customer on; to their state's landing path rather than
  // /account, which most states would bounce (docs/decisions/0002-home-redirect.md).
  if (customer && landingPath(customer.state) !== "/") throw redirect(landingPath(customer.state));
  // The quote before signing in (docs/decisions/0085-anonymous-quote.md).
  return homePage(request, context);
}

// A live estimate that fails says so, and the page stays (not the error page).
export const clientLoader = quoteClientLoader;

export const meta = pageMeta;
// A limit's 429 says when to retry (Retry-After).
export const headers = limitHeaders;

export default function Home() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("home.heading")}</h1>
      <p className="lead">{t("home.intro")}</p>
      <QuoteForm page={page} />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
