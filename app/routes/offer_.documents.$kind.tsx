/** The offer's documents as accessible web pages (the application, the payment schedule), beside their PDFs. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import { documentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

const KINDS = ["application", "payment-schedule"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const kind = KINDS.find((k) => k === args.params.kind);
  const page = await documentPage(args, (customer, language) =>
    kind === "application" ? args.context.core.offer.applicationView(customer, language) : kind ? args.context.core.offer.paymentScheduleView(customer, language) : Promise.resolve(null),
  );
  return { ...page, pdfHref: `/api/onboarding/documents/${kind}?lang=${page.language}` };
}

export const meta = pageMeta;

export default function OfferDocument() {
  const { model, pdfHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page">
      <DocumentView model={model} level={1} pdfHref={pdfHref} back={{ href: "/offer", label: t("doc.view.back_offer") }} />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
