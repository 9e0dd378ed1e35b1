import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { landingPath, pageTitle, redirect } from "./_index.server";

const LOGIN_PARAMS = ["promo", "packages", "life", "disability", "src"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { customer } = await context.visitor();
  // SPEC.md: "/" sends a signed-in customer on; to their state's landing path rather than
  // /account, which most states would bounce (docs/decisions/0002-home-redirect.md).
  if (customer && landingPath(customer.state) !== "/") throw redirect(landingPath(customer.state));
  const url = new URL(request.url);
  const carried = new URLSearchParams([...url.searchParams].filter(([key]) => LOGIN_PARAMS.includes(key)));
  return {
    title: await pageTitle(request, context, "title.home"),
    loginHref: `/login${carried.size ? `?${carried}` : ""}`,
  };
}

export const meta = pageMeta;

export default function Home() {
  const { loginHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("home.heading")}</h1>
      <p className="lead">{t("home.intro")}</p>
      <p>
        <Link to={loginHref} className="button">
          {t("home.start")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
