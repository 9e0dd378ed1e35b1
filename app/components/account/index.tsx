/**
 * The account step's form (SPEC.md section 2 "Account"): contact, work and funds, the support
 * code with its partner, the consents. A plain HTML form that conform and zod enhance.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { ErrorSummary, useLabelledSummaryItems, useSummaryItems } from "~/components/form";
import { PhoneField, SelectField, TextField } from "~/components/form-fields";
import { LeavePageGuard, SubmissionKeyField, useAfterHydration } from "~/components/every-page";
import { useStepErrors, useStepForm } from "~/components/step-form";
import { EMAIL_MAX, SOURCES_OF_FUNDS, TEXT_MAX } from "~/lib/account-fields";
import type { AccountFormInput } from "~/lib/account-schema";
import { Consents } from "./consents";
import { PersonalFacts, type UserFacts } from "./personal-facts";
import { SupportCodeField, useSupportCodeLookup, type Lookup, type Partner } from "./support-code";
import { BusyButton } from "~/components/busy-button";

/** What the page's loader gives the form. */
export interface AccountPageData {
  plainTitle: string;
  errorTitle: string;
  language: string;
  user: UserFacts;
  defaults: Required<Omit<AccountFormInput, "wlPartner">>;
  intermediary: Partner | null;
  lookUpOnLoad: boolean;
  submissionKey: string;
  privacyEmail: string;
}

/** The action's reply to a failed save: the form as typed, and what its support code attaches. */
export interface AccountReply {
  result: SubmissionResult<string[]>;
  lookup: Lookup | null;
}

/** A field that is not the customer's input (never makes the form dirty). */
const NOT_INPUT = ["wlPartner"];

const loadSchema = () => import("~/lib/account-schema").then((module) => module.accountSchema);

export function AccountForm({ page, reply }: { page: AccountPageData; reply: AccountReply | undefined }) {
  const { t } = useTranslation();
  const lookup = useSupportCodeLookup({ pagePartner: page.intermediary, replyLookup: reply?.lookup });
  const step = useStepForm<AccountFormInput>({
    id: "account",
    schema: useAfterHydration(loadSchema),
    lastResult: reply?.result,
    defaultValue: page.defaults,
    notInput: NOT_INPUT,
    onSend: lookup.beforeSave,
  });
  const { form, fields, hydrated, saving } = step;
  // Each summary line names its field: the messages themselves are generic ("required").
  const summary = [
    ...useSummaryItems([], form.errors),
    ...useLabelledSummaryItems([
      [fields.email, "account.email"],
      [fields.phone, "account.phone"],
      [fields.occupation, "account.occupation"],
      [fields.sourceOfFunds, "account.sourceOfFunds"],
      [fields.sourceOfFundsOther, "account.sourceOfFundsOther"],
      [fields.supportCode, "account.supportCode.heading"],
      [fields.conditionsAgreement, "account.summary.conditionsAgreement"],
      [fields.healthDataAgreement, "account.summary.healthDataAgreement"],
      [fields.newsletterAgreement, "account.summary.newsletterAgreement"],
    ]),
  ];
  const errors = useStepErrors(step, summary, page);

  useEffect(() => {
    if (page.lookUpOnLoad) lookup.lookUpNow(page.defaults.supportCode);
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /**
   * The partner consent as the customer left it for that partner; never ticked for them
   * (SPEC.md ticks it for a newly attached partner: a ticked box is no consent, decision 0256).
   */
  const wlChecked = (name: string): boolean => {
    if (reply) {
      const typed = (reply.result.initialValue ?? {}) as Record<string, unknown>;
      return typed.wlPartner === name && typed.wlAgreement === "on";
    }
    return name === page.intermediary?.name && page.defaults.wlAgreement;
  };
  const isOther = fields.sourceOfFunds.value === "OTHER";

  return (
    <>
      <ErrorSummary {...errors} />
      <PersonalFacts user={page.user} />
      <Form method="post" {...step.formProps}>
        <SubmissionKeyField value={page.submissionKey} />

        <fieldset className="group">
          <legend className="group__legend">{t("account.contact.heading")}</legend>
          <TextField field={fields.email} label={t("account.email")} type="email" autoComplete="email" maxLength={EMAIL_MAX} required />
          <PhoneField field={fields.phone} label={t("account.phone")} hint={t("account.phone.hint")} autoComplete="tel" required />
        </fieldset>

        <fieldset className="group">
          <legend className="group__legend">{t("account.work.heading")}</legend>
          <TextField field={fields.occupation} label={t("account.occupation")} hint={t("account.occupation.info")} autoComplete="organization-title" maxLength={TEXT_MAX} required />
          <SelectField
            field={fields.sourceOfFunds}
            label={t("account.sourceOfFunds")}
            hint={t("account.sourceOfFunds.hint")}
            required
            options={SOURCES_OF_FUNDS.map((value) => ({ value, label: t(`account.sourceOfFunds.${value}`) }))}
          />
          {/* Without JavaScript always there, labelled as needed only for "other". */}
          {!hydrated || isOther ? (
            <TextField
              field={fields.sourceOfFundsOther}
              label={hydrated ? t("account.sourceOfFundsOther") : t("account.sourceOfFundsOther.nojs")}
              maxLength={TEXT_MAX}
              required={hydrated}
            />
          ) : null}
        </fieldset>

        <SupportCodeField field={fields.supportCode} lookup={lookup} />
        <Consents fields={fields} partner={lookup.partner} wlChecked={wlChecked} language={page.language} privacyEmail={page.privacyEmail} />

        <BusyButton type="submit" className="button" busy={saving}>
          {t("account.submit")}
        </BusyButton>
      </Form>
      <LeavePageGuard when={step.unsaved()} />
    </>
  );
}
