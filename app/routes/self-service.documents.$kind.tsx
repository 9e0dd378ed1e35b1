/** The policyholder's documents as accessible web pages (policy, payment schedule, application), beside their PDFs. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { DocumentView } from "~/components/document-view";
import { documentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

const KINDS = ["policy", "payment-schedule", "application"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const kind = KINDS.find((k) => k === args.params.kind);
  const { offer, policyholder } = args.context.core;
  const page = await documentPage(args, (customer, language) =>
    !kind
      ? Promise.resolve(null)
      : kind === "application"
        ? offer.applicationView(customer, language)
        : policyholder.documentView(customer, kind, language),
  );
  return { ...page, pdfHref: `/api/documents/${kind}?lng=${page.language}` };
}

export const meta = pageMeta;

export default function SelfServiceDocument() {
  const { model, pdfHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <DocumentView model={model} level={2} pdfHref={pdfHref} back={{ href: "/self-service/insurance", label: t("doc.view.back_insurance") }} />;
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
