import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { StepPage } from "~/components/step-page";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  return { title: await pageTitle(args.request, args.context, "title.offer") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Offer() {
  const { t } = useTranslation();
  return (
    <StepPage step="/offer" heading="heading.offer">
      <p>{t("step.placeholder")}</p>
    </StepPage>
  );
}
