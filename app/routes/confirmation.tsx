/**
 * The confirmation (SPEC.md section 2 "Confirmation"): a success heading, an image, and the
 * text for EUW (the application goes to an underwriter) or for a signed agreement; the signed
 * documents as self-service shows them (issue 22 item 7), the door to withdraw from the day of
 * signing (docs/decisions/0258), under underwriting the door to withdraw the application (0295) and the way to the customer's data (0260). Once the policy is in
 * force the page goes on to self-service (docs/decisions/0141).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/lib/euro";
import { SignedDocuments } from "~/components/signed-documents";
import { WithdrawalDoor } from "~/components/withdrawal-door";
import { MyDataNote } from "~/components/my-data-note";
import { PageErrorBoundary, PageHeading, pageMeta } from "~/components/every-page";
import { confirmationPage } from "./confirmation.server";
import image from "~/assets/confirmation.svg";

export const loader = (args: LoaderFunctionArgs) => confirmationPage(args);

export const meta = pageMeta;

export default function Confirmation() {
  const { t } = useTranslation();
  const { euw, startDate, documents, signedIn, withdrawalUntil, mayWithdraw } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow confirmation">
      <PageHeading>{t("heading.confirmation")}</PageHeading>
      {/* Decoration: the heading and the text after it say what it shows. */}
      <img className="confirmation__image" src={image} alt="" width={240} height={200} />
      <p className="lead">{euw ? t("confirmation.euw") : startDate ? t("confirmation.signed", { date: formatDate(startDate) }) : t("confirmation.signed.generic")}</p>
      {!euw && startDate ? <p>{t("confirmation.self_service", { date: formatDate(startDate) })}</p> : null}
      <SignedDocuments documents={documents} signedIn={signedIn} note={euw ? t("confirmation.documents.euw") : null} />
      {withdrawalUntil || (euw && mayWithdraw) ? <WithdrawalDoor withdrawalUntil={withdrawalUntil} level={2} application={euw} /> : null}
      <MyDataNote />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
