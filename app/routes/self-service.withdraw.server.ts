/** Server helpers of the withdraw-or-cancel page (app/routes/self-service.withdraw.tsx, docs/decisions/0130). */
import { demoReturnToken } from "~/core/auth/demo";
import type { Customer } from "~/core/customers";
import type { Session } from "~/core/sessions";
import type { AppContext } from "~/http/context.server";
import { pageTitles } from "~/http/failed-request.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { getT } from "~/i18n/i18next.server";
import type { Translate } from "~/i18n/translator";
import { pageLanguage } from "~/i18n/language.server";
import { parseWithZod } from "~/lib/form-parse";
import { afterEnding } from "~/lib/withdrawal-fields";
import { isEndingReason, withdrawalEidSchema, withdrawalSchema, WITHDRAW_PATH, type EndingReason, type WithdrawalEidForm, type WithdrawalForm } from "~/lib/withdrawal-schema";
import { redirect } from "@remix-run/node";
import { landingPath } from "~/lib/route-access";
import { placePath } from "~/lib/onboarding";
import { clearedWithdrawalCookie, withdrawalCookie, WITHDRAWAL_RETURN_PATH } from "~/http/withdrawal-cookie.server";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build (docs/decisions/0043).
export { stepAction } from "~/http/form.server";
export { requireAccess } from "~/http/guards.server";

/** Where an ended policy is shown (an application withdrawn under underwriting: the data page). */
export { afterEnding };
/** Where a form that failed on its way lands afterwards: the ending itself answers `afterEnding` (docs/decisions/0295). */
export const AFTER_ENDING = afterEnding("withdrawal");

/**
 * Back where the customer's state lands, named for where it goes: the insurance tab, or the
 * confirmation before the start day and under underwriting (an applicant has no insurance yet).
 */
function backLink(t: Translate, state: string) {
  const href = landingPath(state);
  return { href, label: t(href === placePath("confirmation") ? "doc.view.back_confirmation" : "withdrawal.back") };
}

export async function withdrawalPage({ request, context }: { request: Request; context: AppContext }, customer: Customer) {
  const t = await getT(request);
  const asked = new URL(request.url).searchParams.get("reason");
  const reason: EndingReason = isEndingReason(asked) ? asked : "wish";
  const terms = await context.core.withdrawal.terms(customer);
  // Nothing left to end (after a withdrawal or cancellation): neither right's heading, the section's.
  // Under underwriting the application's heading, whatever the reason (docs/decisions/0295).
  const heading = !terms
    ? t("withdrawal.section.heading")
    : terms.ending.kind === "application"
      ? t("withdrawal.heading.application")
      : reason === "health-data"
        ? t("withdrawal.heading.health-data")
        : t(terms.ending.kind === "cancellation" ? "withdrawal.heading.cancellation" : "withdrawal.heading.withdrawal");
  return {
    ...pageTitles(t, context, heading),
    heading,
    reason,
    terms,
    /** The demo e-ID asks for the personal code on this page, as its sign-in widget does. */
    provider: context.core.eid.name,
    /** Back from the provider's page without an ending (docs/decisions/0132): said at the top. */
    eidError: new URL(request.url).searchParams.get("error") === "identity" ? "error.withdrawal.eid" : null,
    submissionKey: newSubmissionKey(),
    back: backLink(t, customer.state),
  };
}

/** The form as posted, through the schema (the browser loads zod after hydration, docs/decisions/0043). */
export const parseWithdrawalForm = (formData: FormData) => parseWithZod(formData, { schema: withdrawalSchema });

/**
 * Ends the policy (or withdraws the application) with the confirmation and the e-ID's answer to
 * the code typed; on to where that is shown (an application's on the data page, docs/decisions/0295),
 * whose notices say what was done.
 */
export async function endPolicy(context: AppContext, { customer, session }: { customer: Customer; session: Session }, value: WithdrawalForm, submissionKey: string | null) {
  const ended = await context.core.withdrawal.end({
    customer,
    session,
    reason: value.reason,
    confirmed: value.confirm,
    returnToken: demoReturnToken(value.method, value.idCode, value.phone),
    submissionKey,
  });
  return ended.ok ? { answer: redirect(afterEnding(ended.value.kind)) } : ended;
}

/** The form of a provider with its own page (Dokobit): the reason and the confirmation only. */
export const parseWithdrawalEidForm = (formData: FormData) => parseWithZod(formData, { schema: withdrawalEidSchema });

/**
 * Dokobit's confirm (docs/decisions/0132): starts its e-ID session and sends the customer to its
 * page with the pending withdrawal in the `withdrawal` cookie; nothing ends before the return.
 */
export async function startWithdrawalEid({ request, context }: { request: Request; context: AppContext }, customer: Customer, value: WithdrawalEidForm, submissionKey: string | null) {
  const started = await context.core.withdrawal.startEid({
    customer,
    reason: value.reason,
    confirmed: value.confirm,
    submissionKey,
    returnUrl: new URL(WITHDRAWAL_RETURN_PATH, context.config.publicUrl ?? request.url).toString(),
    locale: await pageLanguage(request),
  });
  if (!started.ok) return started;
  return { answer: redirect(started.value.widgetUrl, { headers: { "Set-Cookie": withdrawalCookie(started.value.pendingToken) } }) };
}

/** Back to the page with the error said at its top (the reason kept), the pending withdrawal cleared. */
export function refusedWithdrawal(reason: EndingReason): Response {
  const query = new URLSearchParams({ ...(reason === "health-data" ? { reason } : {}), error: "identity" });
  return redirect(`${WITHDRAW_PATH}?${query}`, { headers: { "Set-Cookie": clearedWithdrawalCookie() } });
}
