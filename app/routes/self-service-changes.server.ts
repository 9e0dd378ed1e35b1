/**
 * The server half of the policyholder's own changes in self-service (issue 22 items 2 and 4):
 * the contact page (app/routes/self-service.user_.contact.tsx) and the consents on the user page
 * (app/routes/self-service.user.tsx) take their server code from here only (docs/decisions/0043).
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ConsentStatus } from "~/core/contact-changes";
import { pageTitles } from "~/http/failed-request.server";
import { stepAction } from "~/http/form.server";
import { requireAccess } from "~/http/guards.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { getT } from "~/i18n/i18next.server";
import type { TranslationKey } from "~/locales/et";
import { consentSchema, contactSchema, type ConsentRowData } from "~/lib/contact-schema";
import { tallinnDateTime } from "~/lib/tallinn-time";
import { HEALTH_DATA_CONSENT } from "~/lib/contact-fields";
import { endedContract, mayView, placePath } from "~/lib/onboarding";
import { parseWithZod } from "~/lib/form-parse";

export { requireAccess };

/** Where the user page lives: the changes lead back to it. */
const USER_PAGE = "/self-service/user";

/**
 * Where the contact page leads back to: the user page, or for a customer without self-service's
 * tabs (waiting for the underwriter, signed, declined) the data page, which links it (docs/decisions/0310).
 */
const contactBack = (state: string): string => (mayView(state, "self-service") ? USER_PAGE : placePath("data"));

/** The forms as posted, through their schemas (here: the browser loads zod after hydration). */
const parseContactForm = (formData: FormData) => parseWithZod(formData, { schema: contactSchema });
const parseConsentForm = (formData: FormData) => parseWithZod(formData, { schema: consentSchema });

const rowOf = (status: ConsentStatus, state: string): ConsentRowData => {
  const ended = status.consent === HEALTH_DATA_CONSENT ? endedContract(state) : null;
  return {
    consent: status.consent,
    given: status.given,
    partner: status.partner,
    ...(status.at ? tallinnDateTime(status.at) : { date: null, time: null }),
    submissionKey: newSubmissionKey(),
    ...(ended ? { ended } : {}),
  };
};

/**
 * What a page with the consents panel adds: its titles (`heading`'s), the consents (none before
 * registration) and where a customer writes instead. The user page's; and the data page's for
 * a customer without self-service (docs/decisions/0263).
 */
export async function consentsPanel({ request, context }: Pick<LoaderFunctionArgs, "request" | "context">, customer: { id: number; state: string }, heading: TranslationKey) {
  const t = await getT(request);
  const consents = await context.core.contactChanges.consents(customer.id);
  return { ...pageTitles(t, context, t(heading)), consents: (consents ?? []).map((c) => rowOf(c, customer.state)), privacyEmail: context.config.insurer.dpoEmail };
}

/** A consents panel's forms: give or withdraw one, back to the page (`to`: the user page unless said). */
export async function consentAction(args: ActionFunctionArgs, formData: FormData, to = USER_PAGE) {
  const { customer, session } = await requireAccess(args);
  const submission = parseConsentForm(formData);
  return stepAction({
    name: "consent",
    context: args.context,
    formData,
    submission,
    save: (form, submissionKey) => args.context.core.contactChanges.setConsent({ customer, session, consent: form.consent, given: form.given, submissionKey }),
    redirectTo: to,
  });
}

/**
 * The contact page's data: its titles, the details in force, where it leads back and a
 * submission key. Without a registration there is nothing to correct: back to the data page.
 */
export async function contactPage(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const contact = await args.context.core.contactChanges.contact(customer.id);
  if (!contact) throw redirect(placePath("data"));
  const t = await getT(args.request);
  return {
    ...pageTitles(t, args.context, t("title.self_service.contact")),
    defaults: contact,
    back: contactBack(customer.state),
    submissionKey: newSubmissionKey(),
  };
}

/** The contact form: the change at once, back to the user page (the data page without self-service). */
export async function contactAction(args: ActionFunctionArgs) {
  const { customer, session } = await requireAccess(args);
  const formData = await args.request.formData();
  return stepAction({
    name: "contact",
    context: args.context,
    formData,
    submission: parseContactForm(formData),
    save: (form, submissionKey) => args.context.core.contactChanges.changeContact({ customer, session, form, submissionKey }),
    redirectTo: contactBack(customer.state),
  });
}
