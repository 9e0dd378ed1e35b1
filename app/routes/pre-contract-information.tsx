/**
 * The pre-contract information as an accessible web page beside its PDF (issue 20,
 * docs/decisions/0092): public, so a buyer can read it before signing in; linked from every
 * page's footer and from the package and offer steps.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import { preContractPage } from "~/http/pre-contract.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  return preContractPage(args);
}

export const meta = pageMeta;

export default function PreContractInformation() {
  const { model, pdfHref, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page">
      <DocumentView
        model={model}
        level={1}
        pdfHref={pdfHref}
        back={{ href: back.href, label: back.signedIn ? t("precontract.back_signup") : t("precontract.back_home") }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
