/** Server helpers of the account route (app/routes/account.tsx). */
import { redirect } from "@remix-run/node";
import { isFirstState } from "~/lib/onboarding";
import { landingPath, openSteps } from "~/lib/route-access";
import type { Customer } from "~/core/customers";
import type { Intermediary } from "~/core/intermediaries";
import type { Registration, RegistrationFound } from "~/core/registration";
import type { Session } from "~/core/sessions";
import type { AppContext } from "~/http/context.server";
import { pageTitles } from "~/http/failed-request.server";
import { publicIntermediary } from "~/http/presenters.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { pageLanguage } from "~/i18n/language.server";
import { getT } from "~/i18n/i18next.server";
import { accountSchema, DEFAULT_PHONE_PREFIX, type AccountFormInput, type SourceOfFunds } from "~/lib/account-schema";
import { parseWithZod } from "~/lib/form-parse";
import type { Language } from "~/i18n/options";
import { logRequestError } from "~/http/observability.server";
import type { Why } from "~/http/form.server";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build (docs/decisions/0043).
export { draftReply } from "~/http/drafts.server";
export { stepAction } from "~/http/form.server";
export { requireAccess } from "~/http/guards.server";


const INTL_LOCALE: Record<Language, string> = { et: "et-EE", en: "en-GB", ru: "ru-RU" };

// Made once per language: building an Intl.DateTimeFormat costs more than the rest of the
// page's data (docs/decisions/0010).
const longFormats = new Map<string, Intl.DateTimeFormat>();

/** "15. mai 1990", "15 May 1990", "15 мая 1990 г.": the long date of the page language. */
export function longDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error("Invalid date of birth");
  const locale = INTL_LOCALE[language as Language] ?? INTL_LOCALE.et;
  let format = longFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    longFormats.set(locale, format);
  }
  return format.format(date);
}

/** The form as the page starts it: the saved registration, or SPEC.md section 3's defaults (the support code: the sign-in link's promo; the phone: the one signed in with). */
function formDefaults(customer: Customer, saved: Registration | null, supportCode: string, signInPhone: string | undefined): Required<Omit<AccountFormInput, "wlPartner">> {
  if (saved) {
    return {
      email: saved.email,
      phone: saved.phone,
      occupation: saved.occupation,
      sourceOfFunds: saved.sourceOfFunds,
      sourceOfFundsOther: saved.sourceOfFundsOther ?? "",
      supportCode: saved.supportCode ?? "",
      conditionsAgreement: saved.conditionsAgreement,
      healthDataAgreement: saved.healthDataAgreement,
      newsletterAgreement: saved.newsletterAgreement,
      wlAgreement: saved.wlAgreement,
    };
  }
  return {
    email: customer.email ?? "",
    // The number the customer signed in with is not asked again (WCAG 3.3.7).
    phone: customer.phone ?? signInPhone ?? DEFAULT_PHONE_PREFIX,
    occupation: "",
    sourceOfFunds: "WAGE" satisfies SourceOfFunds,
    sourceOfFundsOther: "",
    supportCode,
    conditionsAgreement: false,
    healthDataAgreement: false,
    // Unticked: SPEC.md ticks them, but a ticked box is no consent (GDPR, decision 0256).
    newsletterAgreement: false,
    wlAgreement: false,
  };
}

interface Args {
  request: Request;
  context: AppContext;
}

export async function accountPage({ request, context }: Args, { session, customer }: { session: Session; customer: Customer }) {
  const language = await pageLanguage(request);
  const t = await getT(language);
  let user;
  try {
    user = {
      firstName: customer.firstName,
      lastName: customer.lastName,
      userCode: customer.personalCode,
      dateOfBirth: longDate(customer.dateOfBirth, language),
    };
  } catch (error) {
    // SPEC.md section 4: the account page goes to / when the user details cannot be loaded.
    logRequestError(context.observability.log, context.requestId, "account_user_details_failed", error);
    throw redirect("/");
  }
  // One call (docs/decisions/0171): the saved form, the code it starts with, the partner that attaches.
  const page = await context.core.registration.page({ customer, session });
  // A former policyholder past the ages that may sign up again: back where their state lands.
  if (!page) throw redirect(landingPath(customer.state));
  const { saved, supportCode, intermediary: attached } = page;
  const defaults = formDefaults(customer, saved, supportCode, session.data.signInPhone);
  return {
    ...pageTitles(t, context, t("title.account")),
    language,
    openSteps: openSteps(customer.state),
    user,
    defaults,
    intermediary: publicIntermediary(attached),
    // A support code from the sign-in link attaches a partner the header does not show yet
    // (it shows the session's): with JavaScript the page looks the code up once, as typing would.
    lookUpOnLoad: isFirstState(customer.state) && !saved && !!defaults.supportCode && (attached?.source ?? null) !== (session.data.promoIntermediary?.source ?? null),
    submissionKey: newSubmissionKey(),
    // Where a customer writes to withdraw a consent (the revoke-consent note): the insurer's data
    // protection officer, whom the privacy notice names (docs/decisions/0292).
    privacyEmail: context.config.insurer.dpoEmail,
  };
}

type Lookup = { code: string; intermediary: ReturnType<typeof publicIntermediary>; failed?: true };

const typedCode = (supportCode: unknown) => (typeof supportCode === "string" ? supportCode.trim() : "");

/** The live support-code lookup (a fetcher post), and what a form the schema refused shows. */
export async function supportCodeLookup(
  context: AppContext,
  signedIn: { session: Session; customer: Customer },
  supportCode: unknown,
  remember: boolean,
): Promise<Lookup> {
  const code = typedCode(supportCode);
  let found: Intermediary | null = null;
  try {
    found = await context.core.registration.attachable({ ...signedIn, supportCode: code, remember });
  } catch (error) {
    // SPEC.md section 8: a lookup failure is silent.
    logRequestError(context.observability.log, context.requestId, "support_code_lookup_failed", error);
    return { code, intermediary: null, failed: true };
  }
  return { code, intermediary: publicIntermediary(found) };
}

/**
 * What the form shown again after a failed post says the typed support code attaches (JavaScript
 * off: the lookup "on submit"). A save the core refused found it already (`found`,
 * docs/decisions/0171): no second call; a form the schema refused never reached the core, so
 * the lookup is this request's one call; after a technical failure, nothing.
 */
export async function failedPostLookup(
  context: AppContext,
  signedIn: { session: Session; customer: Customer },
  supportCode: unknown,
  why: Why,
  found: RegistrationFound | undefined,
): Promise<Lookup | null> {
  if (why === "technical") return null;
  if (Array.isArray(why)) return { code: typedCode(supportCode), intermediary: publicIntermediary(found?.intermediary ?? null) };
  return supportCodeLookup(context, signedIn, supportCode, false);
}

/** The form as posted, through the schema (here, not in the route: the browser loads zod after hydration, docs/decisions/0043). */
export const parseAccountForm = (formData: FormData) => parseWithZod(formData, { schema: accountSchema });
