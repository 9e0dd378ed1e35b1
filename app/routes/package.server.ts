/** Server helpers of the package route (app/routes/package.tsx). */
import { parseWithZod } from "~/lib/form-parse";
import { CHANGE_REQUIRED } from "~/lib/onboarding";
import { openSteps } from "~/lib/route-access";
import { data } from "@remix-run/node";
import type { EstimateAnswer } from "~/components/package";
import type { Customer } from "~/core/customers";
import { isServiceCode, type PackageLimits } from "~/lib/limits";
import { serviceSummaries, type PackageForm, type Proposal } from "~/core/proposal/index";
import type { Session } from "~/core/sessions";
import type { AppContext } from "~/http/context.server";
import { failuresToErrors, markFailed, pageTitles } from "~/http/failed-request.server";
import { failureStatus } from "~/http/save.server";
import { formReply } from "~/http/form.server";
import { keptDraft } from "~/http/drafts.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { pageLanguage } from "~/i18n/language.server";
import { getT } from "~/i18n/i18next.server";
import { PRICING_FIELD } from "~/lib/package-fields";
import * as z from "zod/v4/mini";
import { fitCovers } from "~/lib/sums";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build (docs/decisions/0043).
export { stepAction } from "~/http/form.server";
export { requireAccess } from "~/http/guards.server";

interface Args {
  request: Request;
  context: AppContext;
}

/**
 * Where the form starts (SPEC.md sections 2 and 4): the saved package; else the sums and
 * packages given at sign-in (already normalised to the limits); else the defaults. Always
 * within today's limits: a saved package that is not (SERVICE_REQ_CHANGE) is clamped, and
 * the warning says from what to what.
 */
function startingValues(saved: Proposal | null, loginData: Session["data"]["data"], limits: PackageLimits): Proposal {
  const death = limits.sumLimitsForDeathCover;
  const dis = limits.sumLimitsForDisabilityCover;
  const source = saved ?? {
    sumInsuredForDeathCover: loginData?.sumInsuredForDeathCover ?? death.def,
    sumInsuredForDisabilityCover: loginData?.sumInsuredForDisabilityCover ?? dis.def,
    services: loginData?.services ?? [],
  };
  return { ...fitCovers(source, limits), services: source.services.filter(isServiceCode) };
}

/** The package form the customer had filled in when their session ended (a draft, issue 11), as posted. */
async function draftForm(context: AppContext, customer: Customer): Promise<PackageForm | null> {
  const fields = await keptDraft(context, customer.id, "package");
  if (!fields) return null;
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  const parsed = parsePackageForm(formData);
  return parsed.status === "success" ? { fields: parsed.value } : null;
}

/** The page: one call to the core for its limits, saved package, values and their price (core.proposal.page). */
export async function packagePage({ request, context }: Args, { session, customer }: { session: Session; customer: Customer }) {
  const language = await pageLanguage(request);
  const t = await getT(language);
  const base = { ...pageTitles(t, context, t("title.package")), language, openSteps: openSteps(customer.state) };
  // What was chosen when the session ended comes first (issue 11).
  const draft = await draftForm(context, customer);
  const found = await context.core.proposal.page(customer, { draft, start: (limits, saved) => startingValues(saved, session.data.data, limits) });
  if (!found.ok) return { ...base, limits: null, services: [], values: null, warning: null, estimation: null, pricing: "", submissionKey: "" };
  const { limits, saved, values, estimation, pricing } = found.value;
  const warning =
    customer.state === CHANGE_REQUIRED.package && saved
      ? {
          from: { death: saved.sumInsuredForDeathCover, disability: saved.sumInsuredForDisabilityCover },
          to: { death: values.sumInsuredForDeathCover, disability: values.sumInsuredForDisabilityCover },
        }
      : null;
  return { ...base, limits, services: serviceSummaries(language), values, warning, estimation, pricing, submissionKey: newSubmissionKey() };
}

/**
 * The live estimate (a fetcher, intent "estimate"): only the estimation comes back, with its
 * sequence number. The core reads the form with today's limits and prices it, in one call.
 */
export async function estimateAnswer(context: AppContext, customer: Customer, fields: Record<string, unknown>, formData: FormData) {
  const seq = Number(formData.get("seq")) || 0;
  const priced = await context.core.proposal.calculate(customer, { fields }, pricingOf(formData));
  return data({ estimate: { seq, estimation: priced.ok ? priced.value : null } } satisfies EstimateAnswer, { status: priced.ok ? 200 : failureStatus(priced.failure) });
}

/** The no-JavaScript recalculation: the page again with the new price and the choices as read (snapped to the steps). */
export async function recalculation(context: AppContext, customer: Customer, submission: PackageSubmission & { status: "success" }, formData: FormData) {
  const quoted = await context.core.proposal.quote(customer, { fields: submission.value }, pricingOf(formData));
  if (quoted.ok) return formReply(submission.reply(), { values: quoted.value.proposal, estimation: quoted.value.estimation });
  markFailed(context);
  return formReply(submission.reply(failuresToErrors(quoted.failure)), { values: null, estimation: null }, failureStatus(quoted.failure));
}

const pricingOf = (formData: FormData) => {
  const sealed = formData.get(PRICING_FIELD);
  return typeof sealed === "string" ? sealed : null;
};

export type PackageSubmission = ReturnType<typeof parsePackageForm>;

/**
 * The form as posted, shaped into fields only: the core reads it with the form's schema for
 * today's limits (core.proposal: the page needs no limits before its one call). Here, not in
 * the route: the browser loads zod after hydration (docs/decisions/0043).
 */
export const parsePackageForm = (formData: FormData) => parseWithZod(formData, { schema: z.record(z.string(), z.unknown()) });
