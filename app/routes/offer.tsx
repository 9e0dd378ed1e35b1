/**
 * The offer (SPEC.md section 2 "Offer"; issue 5): the summary, consents and confirmation are
 * app/components/offer; a saved offer switches to the signing screen (?step=signing), whose
 * frame comes from the signing provider.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { OFFER_SIGNING, OfferForm, SigningScreen } from "~/components/offer";
import { usePending } from "~/components/step-form";
import { keepOnFailure, pageMeta, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { StepErrorBoundary, StepPage } from "~/components/step-page";
import { OFFER_INTENT } from "~/lib/offer-fields";
import { backPath, SIGNING_PATH } from "~/lib/route-access";
import { confirmationReply, draftReply, offerPage, parseOfferForm, requireAccess, stepAction } from "./offer.server";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const page = await offerPage(args, customer);
  // What was typed when the session ended, given back (issue 11).
  return { ...page, draft: await draftReply(args.context, customer.id, "offer", parseOfferForm) };
}

export async function action(args: ActionFunctionArgs) {
  const { customer } = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const submission = parseOfferForm(formData);
  // Without JavaScript the confirmation is a page state: review shows it, edit goes back.
  if (submission.status === "success" && intent !== OFFER_INTENT.save) return confirmationReply(context, customer, submission, intent);
  return stepAction({
    name: "offer",
    context,
    formData,
    submission,
    save: (value, submissionKey) => context.core.offer.save({ customer, consents: value, supportCode: value.supportCode ?? null, submissionKey, offerVersion: value.offerVersion ?? null }),
    redirectTo: SIGNING_PATH,
    // A support code refused alone (too long) comes back in the confirmation, where its field
    // is: without JavaScript the error summary's link must have its field to go to.
    page: (why) => {
      const fields = why === "invalid" && submission.status === "error" ? Object.keys(submission.error ?? {}) : Array.isArray(why) ? why.map((failure) => failure.context) : [];
      return { confirm: fields.length > 0 && fields.every((field) => field === "supportCode") };
    },
  });
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const clientLoader = stepClientLoader;

// A new signing starts on each load of the signing screen: only navigations load it again.
export const shouldRevalidate = keepOnFailure(({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }) =>
  currentUrl.searchParams.get("step") === "signing" && nextUrl.href === currentUrl.href && !formMethod ? false : defaultShouldRevalidate);

export default function Offer() {
  const page = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  const saving = usePending(OFFER_INTENT.save);
  const { t } = useTranslation();
  const { offer } = page;
  if (!offer) {
    return (
      <StepPage step="offer" open={page.openSteps}>
        <div className="alert" role="alert">
          <p>{t("error.application_incomplete")}</p>
          <p>
            <Link to={backPath("offer")!}>{t("steps.beneficiaries")}</Link>
          </p>
        </div>
      </StepPage>
    );
  }
  const signing = Boolean(page.signing || page.signingError);
  return (
    <StepPage step="offer" open={page.openSteps}>
      {signing || saving ? (
        <SigningScreen
          key={page.signing?.frameUrl ?? "pending"}
          title={page.plainTitle}
          initialFrameUrl={page.signing?.frameUrl ?? null}
          pending={saving}
          initialError={page.signingError}
          failedBefore={page.signingFailed}
          notSignedYet={page.notSignedYet}
          frameOrigin={page.frameOrigin}
          door={OFFER_SIGNING}
        />
      ) : null}
      {/* Kept (hidden) while the save is on its way: a failed save shows it again as it was. */}
      {signing ? null : (
        <div hidden={saving}>
          <OfferForm page={{ ...page, offer }} reply={actionData ?? (page.draft ? { result: page.draft, confirm: false } : undefined)} />
        </div>
      )}
    </StepPage>
  );
}

export function ErrorBoundary() {
  return <StepErrorBoundary step="offer" />;
}
