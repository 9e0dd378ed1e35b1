/**
 * The self-service area (SPEC.md section 2): the four-tab menu above the tab's page. The
 * user page is linked from the header, where it replaces the logout button.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SelfServiceNav } from "~/components/self-service";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  return { title: await pageTitle(args.request, args.context, "title.self_service") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function SelfService() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("self_service.heading")}</h1>
      <SelfServiceNav />
      <Outlet />
    </div>
  );
}
