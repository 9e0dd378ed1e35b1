import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { MyDataNote } from "~/components/my-data-note";

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  // The insurer's own address (README.md "Configuration"), never the demo's.
  return { title: await pageTitle(args.request, args.context, "title.unavailable"), email: args.context.config.insurer.contractEmail };
}

export const meta = pageMeta;

export default function Unavailable() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow">
      <h1>{t("service.unavailable")}</h1>
      <p>{t("service.unavailable.reason", { email })}</p>
      <MyDataNote />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
