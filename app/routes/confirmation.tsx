/**
 * The confirmation (SPEC.md section 2 "Confirmation"): a success heading, an image, and the
 * text for EUW (the application goes to an underwriter) or for a signed agreement.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";
import { formatDate } from "~/lib/euro";
import { PageErrorBoundary, PageHeading, pageMeta } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const startDate = await args.context.core.offer.policyStartDate(customer.id);
  return {
    title: await pageTitle(args.request, args.context, "title.confirmation"),
    euw: customer.state === "EUW",
    startDate,
  };
}

export const meta = pageMeta;

export default function Confirmation() {
  const { t } = useTranslation();
  const { euw, startDate } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow confirmation">
      <PageHeading>{t("heading.confirmation")}</PageHeading>
      <img className="confirmation__image" src="/images/confirmation.svg" alt={t("confirmation.image.alt")} width={240} height={200} />
      <p className="lead">{euw ? t("confirmation.euw") : startDate ? t("confirmation.signed", { date: formatDate(startDate) }) : t("confirmation.signed.generic")}</p>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
