/**
 * The self-service area (SPEC.md section 2): the four-tab menu above the tab's page. The
 * user page is linked from the header, where it replaces the logout button.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SelfServiceNav } from "~/components/self-service";
import { pageTitle, requireAccess } from "./self-service.server";
import { PageErrorBoundary, PageHeading, pageMeta } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  return { title: await pageTitle(args.request, args.context, "title.self_service") };
}

export const meta = pageMeta;

export default function SelfService() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeading>{t("self_service.heading")}</PageHeading>
      <SelfServiceNav />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
