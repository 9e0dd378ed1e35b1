import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { MyDataNote } from "~/components/my-data-note";

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  return { title: await pageTitle(args.request, args.context, "title.unavailable") };
}

export const meta = pageMeta;

export default function Unavailable() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("service.unavailable")}</h1>
      <p>{t("service.unavailable.reason")}</p>
      <MyDataNote />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
