/**
 * Account registration (SPEC.md section 2 "Account"; issue 3). A plain HTML form that conform
 * and zod enhance in the browser; the support code is looked up live with JavaScript and on
 * submit without it.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { CheckboxField, ErrorSummary, isConformIntent, PhoneField, SelectField, TextField, useLabelledSummaryItems, useSummaryItems } from "~/components/form";
import { LeavePageGuard, SubmissionKeyField, useDocumentTitle } from "~/components/form-shell";
import { StepPage } from "~/components/step-page";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { requireAccess } from "~/http/guards.server";
import {
  accountSchema,
  EMAIL_MAX,
  SOURCES_OF_FUNDS,
  SUPPORT_CODE_MAX,
  TEXT_MAX,
  type AccountFormInput,
} from "~/lib/account-schema";
import { failuresToErrors, markFailed } from "~/http/failed-request.server";
import { submittedKey } from "~/http/submission-key.server";
import { accountPage, parseAccountForm, supportCodeLookup } from "./account.server";

/** SPEC.md section 9: the support-code lookup runs 1 s after typing stops. */
const LOOKUP_DELAY_MS = 1000;
const SUPPORT_CODE_INTENT = "support-code";
/** Fields that are not the customer's input (never make the form dirty). */
const NOT_INPUT = new Set<string>([SUBMISSION_KEY_FIELD, "wlPartner"]);

export async function loader(args: LoaderFunctionArgs) {
  const signedIn = await requireAccess(args);
  return accountPage(args, signedIn);
}

export async function action(args: ActionFunctionArgs) {
  const signedIn = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();

  if (formData.get("intent") === SUPPORT_CODE_INTENT) {
    return { lookup: await supportCodeLookup(context, signedIn, formData.get("supportCode"), true) };
  }

  const submission = parseAccountForm(formData);
  // What the typed support code attaches, for the form shown again (JavaScript off: this is
  // the lookup "on submit").
  const lookup = () => supportCodeLookup(context, signedIn, formData.get("supportCode"), false);
  if (submission.status !== "success") {
    markFailed(context);
    return data({ result: submission.reply(), lookup: await lookup() }, { status: 400 });
  }
  let saved;
  try {
    saved = await context.core.registration.save({
      customer: signedIn.customer,
      session: signedIn.session,
      form: submission.value,
      submissionKey: submittedKey(formData),
    });
  } catch (error) {
    // The message only: the form holds personal data.
    console.error("account: save failed:", error instanceof Error ? error.message : "unknown");
    markFailed(context);
    return data({ result: submission.reply({ formErrors: ["error.technical"] }), lookup: null }, { status: 500 });
  }
  if (saved.ok) return redirect("/score");
  markFailed(context);
  return data({ result: submission.reply(failuresToErrors(saved.failure)), lookup: await lookup() }, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

// The live lookup changes only what the form shows (and the header, through the root).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === SUPPORT_CODE_INTENT ? false : defaultShouldRevalidate;

type Lookup = { code: string; intermediary: { name: string; logo: string } | null; failed?: true };

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** A document link inside a consent: opens in a new tab, so nothing typed is lost. */
function DocumentLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t("account.new_tab")}</span>
    </a>
  );
}

export default function Account() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = actionData && "result" in actionData ? actionData : undefined;
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const [form, fields] = useForm<AccountFormInput>({
    id: "account",
    lastResult: reply?.result,
    defaultValue: loaderData.defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountSchema }),
    shouldDirtyConsider: (name) => !NOT_INPUT.has(name),
  });

  // The error summary (and the title prefix) appear after a submit attempt, and the summary
  // takes focus once per attempt, not on every keystroke of the revalidation.
  const [attempt, setAttempt] = useState(reply?.result.status === "error" ? 1 : 0);
  const seenReply = useRef(reply);
  useEffect(() => {
    if (reply && reply !== seenReply.current) {
      seenReply.current = reply;
      setAttempt((n) => n + 1);
    }
  }, [reply]);
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
  const showErrors = attempt > 0 && summary.length > 0;
  useDocumentTitle(showErrors ? loaderData.errorTitle : loaderData.plainTitle);

  // Support code: the last lookup (live, or the one a failed post made) wins over the page's.
  const fetcher = useFetcher<typeof action>();
  const [lookup, setLookup] = useState<Lookup | null>(reply?.lookup ?? null);
  useEffect(() => {
    if (reply?.lookup) setLookup(reply.lookup);
  }, [reply]);
  useEffect(() => {
    const result = fetcher.data && "lookup" in fetcher.data && !("result" in fetcher.data) ? fetcher.data.lookup : null;
    if (result && !result.failed) setLookup(result);
  }, [fetcher.data]);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const submitLookup = fetcher.submit;
  const lookUp = (code: string) => submitLookup({ intent: SUPPORT_CODE_INTENT, supportCode: code }, { method: "post", action: "/account" });
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (loaderData.lookUpOnLoad) lookUp(loaderData.defaults.supportCode);
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const partner = lookup ? lookup.intermediary : loaderData.intermediary;
  const partnerNotFound = Boolean(lookup && lookup.code && !lookup.intermediary);

  /** SPEC.md section 4: wlAgreement is ticked for a newly attached partner if it was unset. */
  const wlDefault = (name: string): boolean => {
    if (reply) {
      const typed = (reply.result.initialValue ?? {}) as Record<string, unknown>;
      return typed.wlPartner === name ? typed.wlAgreement === "on" : true;
    }
    return name === loaderData.intermediary?.name ? loaderData.defaults.wlAgreement : true;
  };

  const isOther = fields.sourceOfFunds.value === "OTHER";
  const formProps = getFormProps(form);
  const documents = (name: string) => `/documents/${name}.${loaderData.language}.html`;

  return (
    <StepPage step="/account" heading="heading.account" state={loaderData.state}>
      {showErrors ? <ErrorSummary items={summary} focusKey={attempt} /> : null}

      <section className="section" aria-labelledby="account-personal">
        <h2 id="account-personal">{t("account.personal.heading")}</h2>
        <dl className="facts">
          <div>
            <dt>{t("account.firstName")}</dt>
            <dd>{loaderData.user.firstName}</dd>
          </div>
          <div>
            <dt>{t("account.lastName")}</dt>
            <dd>{loaderData.user.lastName}</dd>
          </div>
          <div>
            <dt>{t("account.userCode")}</dt>
            <dd>{loaderData.user.userCode}</dd>
          </div>
          <div>
            <dt>{t("account.dateOfBirth")}</dt>
            <dd>{loaderData.user.dateOfBirth}</dd>
          </div>
        </dl>
      </section>

      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if (isConformIntent(event)) return;
          clearTimeout(timer.current);
          if (event.defaultPrevented) setAttempt((n) => n + 1);
        }}
      >
        <SubmissionKeyField value={loaderData.submissionKey} />

        <fieldset className="group">
          <legend className="group__legend">{t("account.contact.heading")}</legend>
          <TextField field={fields.email} label={t("account.email")} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
          <PhoneField field={fields.phone} label={t("account.phone")} hint={t("account.phone.hint")} autoComplete="tel" />
        </fieldset>

        <fieldset className="group">
          <legend className="group__legend">{t("account.work.heading")}</legend>
          <TextField field={fields.occupation} label={t("account.occupation")} hint={t("account.occupation.info")} autoComplete="organization-title" maxLength={TEXT_MAX} />
          <SelectField
            field={fields.sourceOfFunds}
            label={t("account.sourceOfFunds")}
            hint={t("account.sourceOfFunds.hint")}
            options={SOURCES_OF_FUNDS.map((value) => ({ value, label: t(`account.sourceOfFunds.${value}`) }))}
          />
          {/* Without JavaScript always there, labelled as needed only for "other". */}
          {!hydrated || isOther ? (
            <TextField
              field={fields.sourceOfFundsOther}
              label={hydrated ? t("account.sourceOfFundsOther") : t("account.sourceOfFundsOther.nojs")}
              maxLength={TEXT_MAX}
            />
          ) : null}
        </fieldset>

        <div className="group">
          <TextField
            field={fields.supportCode}
            label={t("account.supportCode")}
            hint={t("account.supportCode.hint")}
            autoComplete="off"
            maxLength={SUPPORT_CODE_MAX}
            onInput={(event) => {
              const code = event.currentTarget.value;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => lookUp(code), LOOKUP_DELAY_MS);
            }}
          />
          <div className="partner" aria-live="polite">
            {partner ? (
              <p className="partner__found">
                <img src={partner.logo} alt="" width="120" height="32" />
                <span>{t("account.partner", { name: partner.name })}</span>
              </p>
            ) : partnerNotFound ? (
              <p>{t("account.partner.none")}</p>
            ) : null}
          </div>
        </div>

        <fieldset className="group">
          <legend className="group__legend">{t("account.consents.heading")}</legend>
          <CheckboxField
            field={fields.conditionsAgreement}
            label={
              <Trans
                t={t}
                i18nKey="account.conditionsAgreement"
                components={{ conditions: <DocumentLink href={documents("conditions")} />, privacy: <DocumentLink href={documents("privacy")} /> }}
              />
            }
          />
          <CheckboxField field={fields.healthDataAgreement} label={t("account.healthDataAgreement")} />
          <CheckboxField field={fields.newsletterAgreement} label={t("account.newsletterAgreement")} />
          {partner ? (
            <div className="field checkbox" key={`wl-${partner.name}`}>
              <input type="hidden" name="wlPartner" value={partner.name} />
              <div className="checkbox__item">
                <input type="checkbox" id={fields.wlAgreement.id} name={fields.wlAgreement.name} value="on" defaultChecked={wlDefault(partner.name)} />
                <label htmlFor={fields.wlAgreement.id}>{t("account.wlAgreement", { name: partner.name })}</label>
              </div>
            </div>
          ) : null}
          <p className="note">
            <Trans
              t={t}
              i18nKey="account.revoke"
              values={{ email: loaderData.privacyEmail }}
              components={{ mail: <a href={`mailto:${loaderData.privacyEmail}`}>{loaderData.privacyEmail}</a> }}
            />
          </p>
        </fieldset>

        <button type="submit" className="button" disabled={saving}>
          {t("account.submit")}
        </button>
      </Form>
      <LeavePageGuard when={hydrated && Boolean(form.dirty) && navigation.state === "idle"} />
    </StepPage>
  );
}
