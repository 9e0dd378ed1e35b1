/** A version of the policy as an accessible web page, beside its PDF (docs/decisions/0145): the earlier versions stay readable. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import { documentPage } from "~/http/documents.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { INSURANCE_PATH, versionPdfPath } from "~/lib/beneficiary-change";

export async function loader(args: LoaderFunctionArgs) {
  const raw = args.params.version ?? "";
  const version = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : null;
  const page = await documentPage(args, (customer, language) =>
    version === null ? Promise.resolve(null) : args.context.core.policyholder.documentView(customer, "policy", language, { version }),
  );
  return { ...page, pdfHref: `${versionPdfPath(version ?? 0)}?lng=${page.language}` };
}

export const meta = pageMeta;

export default function PolicyVersionDocument() {
  const { model, pdfHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <DocumentView model={model} level={2} pdfHref={pdfHref} back={{ href: INSURANCE_PATH, label: t("doc.view.back_insurance") }} />;
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
