/**
 * Signing a change of beneficiaries (docs/decisions/0145): the offer's signing screen and
 * provider (the demo page or Dokobit in the frame; without JavaScript the demo page posts to the
 * top window), with the change's own /api door. Each load starts a new signing of the pending change.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SigningScreen } from "~/components/offer/signing";
import { keepOnFailure, pageMeta, PageErrorBoundary, stepClientLoader } from "~/components/every-page";
import { CHANGE_ENDED, CHANGE_PATH, CHANGE_SIGNING_PATH, changeOutcomePath, INSURANCE_PATH } from "~/lib/beneficiary-change";
import { requireAccess, signingPage } from "./self-service.beneficiaries.server";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  return signingPage(args, customer);
}

export const meta = pageMeta;

export const clientLoader = stepClientLoader;
// A new signing starts on each load: only navigations load it again.
export const shouldRevalidate = keepOnFailure(({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }) =>
  nextUrl.href === currentUrl.href && !formMethod ? false : defaultShouldRevalidate);

const DOOR = {
  init: "/api/self-service/beneficiaries/sign/init",
  complete: "/api/self-service/beneficiaries/sign/complete",
  done: changeOutcomePath("signed"),
  retry: CHANGE_SIGNING_PATH,
  heading: "beneficiary_change.signing.heading",
  // The policy ended meanwhile (or the change went): back to the tab, which says what holds.
  end: { codes: CHANGE_ENDED, to: INSURANCE_PATH, label: "beneficiary_change.back" },
} as const;

export default function SignBeneficiaryChange() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("beneficiary_change.heading")}</h2>
      <p>{t("beneficiary_change.signing.intro")}</p>
      <SigningScreen
        key={page.signing?.frameUrl ?? "pending"}
        door={DOOR}
        title={page.plainTitle}
        initialFrameUrl={page.signing?.frameUrl ?? null}
        pending={false}
        initialError={page.signingError}
        failedBefore={page.signingFailed}
        notSignedYet={page.notSignedYet}
        frameOrigin={page.frameOrigin}
        more={
          <p>
            <Link to={CHANGE_PATH}>{t("beneficiary_change.pending.continue")}</Link>
          </p>
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
