import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  return { title: await pageTitle(args.request, args.context, "title.confirmation") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Confirmation() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("heading.confirmation")}</h1>
      <p>{t("step.placeholder")}</p>
    </div>
  );
}
