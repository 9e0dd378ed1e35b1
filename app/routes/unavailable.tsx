import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  return { title: await pageTitle(args.request, args.context, "title.unavailable") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Unavailable() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("service.unavailable")}</h1>
      <p>{t("service.unavailable.reason")}</p>
    </div>
  );
}
