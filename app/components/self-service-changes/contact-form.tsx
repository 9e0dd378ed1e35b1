/**
 * The self-service contact form (issue 22 item 2): the e-mail and phone fields of the account
 * step, with the same rules (app/lib/contact-schema.ts), through the one form mechanism.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ErrorSummary, useLabelledSummaryItems, useSummaryItems } from "~/components/form";
import { PhoneField, TextField } from "~/components/form-fields";
import { LeavePageGuard, PageHeading, RequestFailureNotice, SubmissionKeyField, useAfterHydration } from "~/components/every-page";
import { useStepErrors, useStepForm } from "~/components/step-form";
import { EMAIL_MAX } from "~/lib/account-fields";
import type { ContactFormInput } from "~/lib/contact-schema";
import { BusyButton } from "~/components/busy-button";

export interface ContactPageData {
  plainTitle: string;
  errorTitle: string;
  defaults: { email: string; phone: string };
  /** Where the form leads back: the user page, or the data page for a customer without self-service. */
  back: string;
  submissionKey: string;
}

const loadSchema = () => import("~/lib/contact-schema").then((module) => module.contactSchema);

export function ContactForm({ page, result }: { page: ContactPageData; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const step = useStepForm<ContactFormInput>({
    id: "contact",
    schema: useAfterHydration(loadSchema),
    lastResult: result,
    defaultValue: page.defaults,
  });
  const { form, fields, saving } = step;
  const summary = [
    ...useSummaryItems([], form.errors),
    ...useLabelledSummaryItems([
      [fields.email, "account.email"],
      [fields.phone, "account.phone"],
    ]),
  ];
  const errors = useStepErrors(step, summary, page);
  return (
    <>
      <PageHeading>{t("self_service.contact.heading")}</PageHeading>
      <ErrorSummary {...errors} />
      <p>{t("self_service.contact.intro")}</p>
      <Form method="post" {...step.formProps}>
        <SubmissionKeyField value={page.submissionKey} />
        {/* What the form was opened with: a change made elsewhere since is not overwritten (decision 0271). */}
        <input type="hidden" name="emailWas" value={page.defaults.email} />
        <input type="hidden" name="phoneWas" value={page.defaults.phone} />
        <TextField field={fields.email} label={t("account.email")} type="email" autoComplete="email" maxLength={EMAIL_MAX} required />
        <PhoneField field={fields.phone} label={t("account.phone")} hint={t("account.phone.hint")} autoComplete="tel" required />
        <div className="actions">
          <BusyButton type="submit" className="button" busy={saving}>
            {t("self_service.contact.submit")}
          </BusyButton>
          <Link to={page.back}>{t("self_service.contact.cancel")}</Link>
        </div>
      </Form>
      <RequestFailureNotice />
      <LeavePageGuard when={step.unsaved()} />
    </>
  );
}
