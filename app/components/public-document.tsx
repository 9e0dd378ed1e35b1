/**
 * A public document's page (the pre-contract information, the insurance conditions): the
 * document's blocks as a web page, its PDF's link, and the way back (to the sign-up's step for a
 * signed-in customer, to the home page for a visitor).
 */
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DocumentView } from "~/components/document-view";
import type { PublicDocumentPage as Page } from "~/http/pre-contract.server";

export function PublicDocumentPage() {
  const { model, pdfHref, back } = useLoaderData<Page>();
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
