/** Server helpers of the beneficiaries route (app/routes/beneficiaries.tsx). */
import type { Beneficiary } from "~/core/beneficiaries";
import { openSteps } from "~/lib/route-access";
import type { Failure } from "~/core/outcome";
import type { AppContext } from "~/http/context.server";
import { pageTitles } from "~/http/failed-request.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { getT } from "~/i18n/i18next.server";
import { beneficiariesSchema, NEW_BENEFICIARY, type BeneficiaryFormRow } from "~/lib/beneficiaries-schema";
import { parseWithZod } from "~/lib/form-parse";
import type { OnboardingState } from "~/lib/onboarding";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build (docs/decisions/0043).
export { draftReply } from "~/http/drafts.server";
export { stepAction, type PageReply } from "~/http/form.server";
export { requireAccess } from "~/http/guards.server";

/** The form as the page starts it: the saved list, or one empty person (SPEC.md section 7). */
export function formDefaults(saved: Beneficiary[]): { beneficiaries: BeneficiaryFormRow[] } {
  if (saved.length === 0) return { beneficiaries: [{ ...NEW_BENEFICIARY }] };
  return {
    beneficiaries: saved.map((b) => ({
      type: b.type,
      firstName: b.firstName ?? "",
      name: b.name,
      idCode: b.idCode,
      sharePercent: String(b.sharePercent),
      email: b.email,
      phone: b.phone,
    })),
  };
}

export async function beneficiariesPage({ request, context }: { request: Request; context: AppContext }, customer: { id: number; state: OnboardingState }) {
  const t = await getT(request);
  const saved = await context.core.beneficiaries.list(customer.id);
  return {
    ...pageTitles(t, context, t("title.beneficiaries")),
    openSteps: openSteps(customer.state),
    defaults: formDefaults(saved),
    submissionKey: newSubmissionKey(),
  };
}

/** The state failure gets this step's wording (a form message: it has no field). */
export const stepWording = (failures: Failure[]): Failure[] =>
  failures.map((f) => (f.code === "error.wrong_state" && !f.context ? { ...f, code: "beneficiaries.error.wrong_state" } : f));

/** The form as posted, through the schema (here, not in the route: the browser loads zod after hydration, docs/decisions/0043). */
export const parseBeneficiariesForm = (formData: FormData) => parseWithZod(formData, { schema: beneficiariesSchema });
