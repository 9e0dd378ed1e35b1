/** Server helpers of the package route (app/routes/package.tsx). */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { Customer } from "~/core/customers";
import type { PackageLimits } from "~/core/limits";
import { SERVICE_CATALOGUE, serviceSummaries, type Proposal } from "~/core/proposal/index";
import type { Estimation } from "~/core/pricing";
import type { Session } from "~/core/sessions";
import type { AppContext } from "~/http/context.server";
import { failuresToErrors, markFailed, pageTitles } from "~/http/failed-request.server";
import { newSubmissionKey, submittedKey } from "~/http/submission-key.server";
import { getT, i18next } from "~/i18next.server";
import { isLanguage, fallbackLng } from "~/i18n";
import { packageSchema, type PackageValues } from "~/lib/package-schema";
import { nextPath } from "~/lib/route-access";
import { clampCovers, snapDeathCover, snapDisabilityCover } from "~/lib/sums";


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
  const clamped = clampCovers(source, limits);
  const deathValue = snapDeathCover(clamped.sumInsuredForDeathCover, death);
  return {
    sumInsuredForDeathCover: deathValue,
    sumInsuredForDisabilityCover: snapDisabilityCover(clamped.sumInsuredForDisabilityCover, dis, deathValue),
    services: source.services.filter((code) => SERVICE_CODES.includes(code)),
  };
}

export async function packagePage({ request, context }: Args, { session, customer }: { session: Session; customer: Customer }) {
  const locale = await i18next.getLocale(request);
  const language = isLanguage(locale) ? locale : fallbackLng;
  const t = await getT(language);
  const base = { ...pageTitles(t, context, t("title.package")), language, state: customer.state };
  const limits = context.core.proposal.parameters(customer);
  if (!limits.ok) return { ...base, limits: null, services: [], values: null, warning: null, estimation: null, submissionKey: "" };

  const saved = await context.core.proposal.get(customer.id);
  const values = startingValues(saved, session.data.data, limits.value);
  const warning =
    customer.state === "SERVICE_REQ_CHANGE" && saved
      ? {
          from: { death: saved.sumInsuredForDeathCover, disability: saved.sumInsuredForDisabilityCover },
          to: { death: values.sumInsuredForDeathCover, disability: values.sumInsuredForDisabilityCover },
        }
      : null;
  const priced = await context.core.proposal.calculate(customer, values);
  return {
    ...base,
    limits: limits.value,
    services: serviceSummaries(language),
    values,
    warning,
    estimation: priced.ok ? priced.value : null,
    submissionKey: newSubmissionKey(),
  };
}

export type EstimateAnswer = { estimate: { seq: number; estimation: Estimation | null } };

/**
 * The action: the live estimate (a fetcher, intent "estimate": only the estimation comes
 * back), the no-JavaScript recalculation (the page again with the new price and the
 * choices), or the save → /questionnaire, or the form again with its errors.
 */
export async function packageAction({ request, context }: Args, { session, customer }: { session: Session; customer: Customer }) {
  const formData = await request.formData();
  const seq = Number(formData.get("seq")) || 0;
  const limits = context.core.proposal.parameters(customer);
  if (!limits.ok) {
    markFailed(context);
    return data({ result: null, values: null, estimation: null, formErrors: limits.failure.map((f) => f.code) }, { status: 409 });
  }
  const submission = parseWithZod(formData, { schema: packageSchema(limits.value, SERVICE_CODES) });
  if (formData.get("intent") === "estimate") {
    if (submission.status !== "success") return data({ estimate: { seq, estimation: null } } satisfies EstimateAnswer, { status: 400 });
    const priced = await context.core.proposal.calculate(customer, submission.value);
    return data({ estimate: { seq, estimation: priced.ok ? priced.value : null } } satisfies EstimateAnswer, { status: priced.ok ? 200 : 400 });
  }
  if (submission.status !== "success") {
    markFailed(context);
    return data({ result: submission.reply(), values: null, estimation: null, formErrors: [] as string[] }, { status: 400 });
  }
  const { intent, ...values } = submission.value;
  if (intent === "recalculate") {
    const priced = await context.core.proposal.calculate(customer, values);
    if (priced.ok) return data({ result: submission.reply(), values, estimation: priced.value, formErrors: [] as string[] });
    markFailed(context);
    return data({ result: submission.reply(failuresToErrors(priced.failure)), values, estimation: null, formErrors: [] as string[] }, { status: 400 });
  }
  let saved;
  try {
    saved = await context.core.proposal.save({ customer, session, form: values, submissionKey: submittedKey(formData) });
  } catch (error) {
    console.error("package: save failed:", error instanceof Error ? error.message : "unknown");
    markFailed(context);
    return data({ result: submission.reply({ formErrors: ["error.technical"] }), values, estimation: null, formErrors: [] as string[] }, { status: 500 });
  }
  if (saved.ok) return redirect(nextPath("package"));
  markFailed(context);
  const status = saved.failure.some((f) => f.code === "error.wrong_state") ? 409 : 400;
  return data({ result: submission.reply(failuresToErrors(saved.failure)), values, estimation: null, formErrors: [] as string[] }, { status });
}
