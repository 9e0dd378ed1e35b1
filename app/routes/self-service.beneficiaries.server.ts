/** Server helpers of the self-service change of beneficiaries (app/routes/self-service.beneficiaries.tsx, docs/decisions/0145). */
import { redirect } from "@remix-run/node";
import type { Customer } from "~/core/customers";
import { coverUntilDate, tallinnDate } from "~/http/beneficiary-change.server";
import type { AppContext } from "~/http/context.server";
import { signingScreenEntry } from "~/http/signing-screen.server";
import { pageTitles } from "~/http/failed-request.server";
import { pageLanguage } from "~/i18n/language.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { getT } from "~/i18n/i18next.server";
import { CHANGE_PATH, CHANGE_SIGNING_PATH, changeOutcomePath, INSURANCE_PATH } from "~/lib/beneficiary-change";
import { SIGNED_IN_FRAME } from "~/lib/signing";
import { signingOutcomeParam } from "~/lib/signing-outcome";
import { formDefaults, parseBeneficiariesForm } from "./beneficiaries.server";

// The route's server half comes from here only (docs/decisions/0043).
export { stepAction } from "~/http/form.server";
export { notSavedRedirect, requireAccess } from "~/http/guards.server";
export { discardChange } from "~/http/beneficiary-change.server";
export { parseBeneficiariesForm };

export async function changePage({ request, context }: { request: Request; context: AppContext }, customer: Customer) {
  const t = await getT(request);
  const viewed = await context.core.beneficiaryChange.view(customer);
  // No policy to change (a state set by hand, a policy that ended): the insurance tab says why.
  if (!viewed.ok) throw redirect(INSURANCE_PATH);
  const { pending, current } = viewed.value;
  return {
    ...pageTitles(t, context, t("title.self_service.beneficiaries")),
    // The pending list when there is one (the customer goes on with it), else the policy's.
    defaults: formDefaults(pending?.beneficiaries ?? current),
    /** When the pending change was last saved (its Tallinn date, formatted here: no hydration difference). */
    pending: pending ? { date: tallinnDate(pending.updatedAt) } : null,
    /** A cancelled policy's (or the last policy year's) last day of cover: a change signed by then takes effect (docs/decisions/0291). */
    coverUntil: coverUntilDate(viewed.value.coverUntil),
    submissionKey: newSubmissionKey(),
    discardKey: newSubmissionKey(),
  };
}

/** The signing screen: entering it starts a signing of the pending change, as the offer's does (also without JavaScript). */
export async function signingPage({ request, context }: { request: Request; context: AppContext }, customer: Customer) {
  const language = await pageLanguage(request);
  const t = await getT(language);
  const viewed = await context.core.beneficiaryChange.view(customer);
  const url = new URL(request.url);
  // No change pending: to the change's form, unless the customer's "I have signed — continue"
  // comes again after the change was signed (it answers the signed change's done page).
  if (viewed.ok && !viewed.value.pending && !url.searchParams.has(SIGNED_IN_FRAME)) throw redirect(CHANGE_PATH);
  const { beneficiaryChange } = context.core;
  // A signing signed in the frame but not completed is completed, not replaced (as the offer's).
  // No policy to change (it ended while the change waited, the demo page's post without JavaScript
  // comes back here): the refusal, with the way back to the insurance tab, and no signing started.
  const screen = viewed.ok
    ? await signingScreenEntry(url, {
        resume: () => beneficiaryChange.resumeSigning(customer),
        continueAfterFrame: (token) => beneficiaryChange.continueSigning(customer, token),
        start: () => beneficiaryChange.startSigning(customer, language),
        done: changeOutcomePath("signed"),
        retry: CHANGE_SIGNING_PATH,
      })
    : { signing: null, signingError: viewed.failure[0]?.code ?? "error.technical", notSignedYet: false };
  return {
    ...pageTitles(t, context, t("title.self_service.beneficiaries")),
    ...screen,
    signingFailed: signingOutcomeParam(url.searchParams.get("signing")),
    frameOrigin: context.core.offer.provider.frameOrigin,
  };
}
