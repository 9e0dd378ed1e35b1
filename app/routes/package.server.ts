/** Server helpers of the package route (app/routes/package.tsx). */
import { parseWithZod } from "~/lib/form-parse";
import { CHANGE_REQUIRED } from "~/lib/onboarding";
import { openSteps } from "~/lib/route-access";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { EstimateAnswer } from "~/components/package";
import type { Customer } from "~/core/customers";
import type { PackageLimits } from "~/core/limits";
import { SERVICE_CATALOGUE, serviceSummaries, type Proposal } from "~/core/proposal/index";
import type { Failure } from "~/core/outcome";
import type { Session } from "~/core/sessions";
import type { AppContext } from "~/http/context.server";
import { failuresToErrors, markFailed, pageTitles } from "~/http/failed-request.server";
import { formReply } from "~/http/form.server";
import { keptDraft } from "~/http/drafts.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { pageLanguage } from "~/http/language.server";
import { getT } from "~/i18next.server";
import { packageSchema, PRICING_FIELD, type PackageValues } from "~/lib/package-schema";
import { fitCovers } from "~/lib/sums";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build (docs/decisions/0043).
export { stepAction } from "~/http/form.server";
export { requireAccess } from "~/http/guards.server";

const SERVICE_CODES = SERVICE_CATALOGUE.map((s) => s.code);

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
export function startingValues(saved: Proposal | null, loginData: Session["data"]["data"], limits: PackageLimits): PackageValues {
  const death = limits.sumLimitsForDeathCover;
  const dis = limits.sumLimitsForDisabilityCover;
  const source = saved ?? {
    sumInsuredForDeathCover: loginData?.sumInsuredForDeathCover ?? death.def,
    sumInsuredForDisabilityCover: loginData?.sumInsuredForDisabilityCover ?? dis.def,
    services: loginData?.services ?? [],
  };
  return { ...fitCovers(source, limits), services: source.services.filter((code) => SERVICE_CODES.includes(code)) };
}

/** The package the customer had chosen when their session ended (a draft, issue 11), if it still parses. */
export async function draftValues(context: AppContext, customer: Customer, limits: PackageLimits): Promise<PackageValues | null> {
  const fields = await keptDraft(context, customer.id, "package");
  if (!fields) return null;
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  const parsed = parsePackageForm(formData, limits);
  return parsed.status === "success" ? valuesOf(parsed.value) : null;
}

export async function packagePage({ request, context }: Args, { session, customer }: { session: Session; customer: Customer }) {
  const language = await pageLanguage(request);
  const t = await getT(language);
  const base = { ...pageTitles(t, context, t("title.package")), language, openSteps: openSteps(customer.state) };
  const limits = context.core.proposal.parameters(customer);
  if (!limits.ok) return { ...base, limits: null, services: [], values: null, warning: null, estimation: null, pricing: "", submissionKey: "" };

  const { saved, score, pricing } = await context.core.proposal.pageFacts(customer);
  // What was chosen when the session ended comes first (issue 11).
  const values = (await draftValues(context, customer, limits.value)) ?? startingValues(saved, session.data.data, limits.value);
  const warning =
    customer.state === CHANGE_REQUIRED.package && saved
      ? {
          from: { death: saved.sumInsuredForDeathCover, disability: saved.sumInsuredForDisabilityCover },
          to: { death: values.sumInsuredForDeathCover, disability: values.sumInsuredForDisabilityCover },
        }
      : null;
  // The smoker fact is read with the page's facts, once; its estimates price with the seal.
  const priced = await context.core.proposal.calculate(customer, values, pricing, { score });
  return {
    ...base,
    limits: limits.value,
    services: serviceSummaries(language),
    values,
    warning,
    estimation: priced.ok ? priced.value : null,
    pricing,
    submissionKey: newSubmissionKey(),
  };
}

/** The packages' limits no longer hold for today's age (a birthday since the page was loaded). */
export function ageLimitReply(context: AppContext, failures: Failure[]) {
  markFailed(context);
  const result: SubmissionResult<string[]> = { status: "error", error: { "": failures.map((f) => f.code) } };
  return formReply(result, { values: null, estimation: null }, 409);
}

/** The live estimate (a fetcher, intent "estimate"): only the estimation comes back, with its sequence number. */
export async function estimateAnswer(context: AppContext, customer: Customer, submission: PackageSubmission, formData: FormData) {
  const seq = Number(formData.get("seq")) || 0;
  if (submission.status !== "success") return data({ estimate: { seq, estimation: null } } satisfies EstimateAnswer, { status: 400 });
  const priced = await context.core.proposal.calculate(customer, submission.value, pricingOf(formData));
  return data({ estimate: { seq, estimation: priced.ok ? priced.value : null } } satisfies EstimateAnswer, { status: priced.ok ? 200 : 400 });
}

/** The no-JavaScript recalculation: the page again with the new price and the choices. */
export async function recalculation(context: AppContext, customer: Customer, submission: PackageSubmission & { status: "success" }, formData: FormData) {
  const values = valuesOf(submission.value);
  const priced = await context.core.proposal.calculate(customer, values, pricingOf(formData));
  if (priced.ok) return formReply(submission.reply(), { values, estimation: priced.value });
  markFailed(context);
  return formReply(submission.reply(failuresToErrors(priced.failure)), { values, estimation: null }, 400);
}

const pricingOf = (formData: FormData) => {
  const sealed = formData.get(PRICING_FIELD);
  return typeof sealed === "string" ? sealed : null;
};

export type PackageSubmission = ReturnType<typeof parsePackageForm>;

export const parsePackageForm = (formData: FormData, limits: PackageLimits) => parseWithZod(formData, { schema: packageSchema(limits, SERVICE_CODES) });

/** The package of a parsed form (without its intent). */
export function valuesOf(value: PackageValues & { intent: string }): PackageValues {
  return { sumInsuredForDeathCover: value.sumInsuredForDeathCover, sumInsuredForDisabilityCover: value.sumInsuredForDisabilityCover, services: value.services };
}
