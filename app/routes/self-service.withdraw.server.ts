/** Server helpers of the withdraw-or-cancel page (app/routes/self-service.withdraw.tsx, docs/decisions/0130). */
import { demoReturnToken } from "~/core/auth/demo";
import type { Customer } from "~/core/customers";
import type { AppContext } from "~/http/context.server";
import { pageTitles } from "~/http/failed-request.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { getT } from "~/i18next.server";
import { parseWithZod } from "~/lib/form-parse";
import { isEndingReason, withdrawalSchema, type EndingReason, type WithdrawalForm } from "~/lib/withdrawal-schema";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build (docs/decisions/0043).
export { stepAction } from "~/http/form.server";
export { requireAccess } from "~/http/guards.server";

/** Where an ended policy is shown. */
export const AFTER_ENDING = "/self-service/insurance";

export async function withdrawalPage({ request, context }: { request: Request; context: AppContext }, customer: Customer) {
  const t = await getT(request);
  const asked = new URL(request.url).searchParams.get("reason");
  const reason: EndingReason = isEndingReason(asked) ? asked : "wish";
  const terms = await context.core.withdrawal.terms(customer);
  const heading = reason === "health-data" ? t("withdrawal.heading.health-data") : t(terms?.ending.kind === "cancellation" ? "withdrawal.heading.cancellation" : "withdrawal.heading.withdrawal");
  return {
    ...pageTitles(t, context, heading),
    heading,
    reason,
    terms,
    /** The demo e-ID asks for the personal code on this page, as its sign-in widget does. */
    provider: context.core.eid.name,
    submissionKey: newSubmissionKey(),
  };
}

/** The form as posted, through the schema (the browser loads zod after hydration, docs/decisions/0043). */
export const parseWithdrawalForm = (formData: FormData) => parseWithZod(formData, { schema: withdrawalSchema });

/** Ends the policy with the confirmation and the e-ID's answer to the code typed. */
export const endPolicy = (context: AppContext, customer: Customer, value: WithdrawalForm, submissionKey: string | null) =>
  context.core.withdrawal.end({
    customer,
    reason: value.reason,
    confirmed: value.confirm,
    returnToken: demoReturnToken(value.method, value.idCode, value.phone),
    submissionKey,
  });
