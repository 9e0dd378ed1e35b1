/**
 * Beneficiaries (SPEC.md section 2 "Beneficiaries"; issue 4). One plain HTML form: add and
 * remove are submit buttons of it carrying conform's list intents, so without JavaScript
 * the server answers with the changed list and everything typed; with JavaScript conform
 * changes the list in place. Both field sets (person and company) are there without
 * JavaScript, labelled for either; with it the labels follow the chosen type.
 */
import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, isConformIntent, PhoneField, RadioGroup, TextField, useSummaryItems } from "~/components/form";
import { LeavePageGuard, SubmissionKeyField, useDocumentTitle } from "~/components/form-shell";
import { StepPage } from "~/components/step-page";
import { BENEFICIARIES_NEXT } from "~/core/beneficiaries";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { requireAccess } from "~/http/guards.server";
import { EMAIL_MAX, TEXT_MAX } from "~/lib/account-schema";
import {
  BENEFICIARY_FIELDS,
  beneficiariesSchema,
  capSharePercent,
  MAX_BENEFICIARIES,
  NEW_BENEFICIARY,
  PERSONAL_CODE_LENGTH,
  SHARE_MAX_LENGTH,
  sharesTotal,
  type BeneficiariesForm,
  type BeneficiaryFormRow,
} from "~/lib/beneficiaries-schema";
import { markFailed } from "~/http/failed-request.server";
import { submittedKey } from "~/http/submission-key.server";
import { beneficiariesPage, beneficiaryErrors, parseBeneficiariesForm } from "./beneficiaries.server";

const BACK = "/questionnaire";
/** Fields that are not the customer's input (never make the form dirty). */
const NOT_INPUT = new Set<string>([SUBMISSION_KEY_FIELD]);

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  return beneficiariesPage(args, customer);
}

export async function action(args: ActionFunctionArgs) {
  const { customer } = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  const submission = parseBeneficiariesForm(formData);
  // Add or remove without JavaScript: the same page with the changed list, nothing lost.
  if (submission.status === undefined) return data({ result: submission.reply() });
  if (submission.status !== "success") {
    markFailed(context);
    return data({ result: submission.reply() }, { status: 400 });
  }
  let saved;
  try {
    saved = await context.core.beneficiaries.save({
      customer,
      beneficiaries: submission.value.beneficiaries,
      submissionKey: submittedKey(formData),
    });
  } catch (error) {
    // The message only: the form holds personal data.
    console.error("beneficiaries: save failed:", error instanceof Error ? error.message : "unknown");
    markFailed(context);
    return data({ result: submission.reply({ formErrors: ["error.technical"] }) }, { status: 500 });
  }
  if (saved.ok) return redirect(BENEFICIARIES_NEXT);
  markFailed(context);
  const status = saved.failure.some((f) => f.code === "error.wrong_state") ? 409 : 400;
  return data({ result: submission.reply(beneficiaryErrors(saved.failure)) }, { status });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type Row = FieldMetadata<BeneficiaryFormRow>;

/** The labels of a row's fields: for its type with JavaScript, for either without. */
function useLabels(type: string | undefined, hydrated: boolean) {
  const { t } = useTranslation();
  const company = type === "C";
  return {
    type: t("beneficiaries.type"),
    firstName: hydrated ? t("beneficiaries.firstName") : t("beneficiaries.firstName.nojs"),
    name: hydrated ? t(company ? "beneficiaries.companyName" : "beneficiaries.lastName") : t("beneficiaries.name.nojs"),
    idCode: hydrated ? t(company ? "beneficiaries.registryCode" : "beneficiaries.personalCode") : t("beneficiaries.idCode.nojs"),
    sharePercent: t("beneficiaries.sharePercent"),
    email: t("beneficiaries.email"),
    phone: t("beneficiaries.phone"),
  };
}

function BeneficiaryFields({ row, index, hydrated, removeButton }: { row: Row; index: number; hydrated: boolean; removeButton: React.ReactNode }) {
  const { t } = useTranslation();
  const fields = row.getFieldset();
  const type = fields.type.value;
  const labels = useLabels(type, hydrated);
  const headingId = `${row.id}-heading`;
  return (
    // Named by its heading (also a landmark for heading navigation) rather than a legend.
    <fieldset className="beneficiary" aria-labelledby={headingId}>
      <div className="beneficiary__head">
        <h2 id={headingId} tabIndex={-1} className="beneficiary__heading">
          {t("beneficiaries.item", { order: index + 1 })}
        </h2>
        {removeButton}
      </div>
      <RadioGroup field={fields.type} legend={labels.type} options={(["P", "C"] as const).map((value) => ({ value, label: t(`beneficiaries.type.${value}`) }))} />
      {!hydrated || type !== "C" ? <TextField field={fields.firstName} label={labels.firstName} autoComplete="off" maxLength={TEXT_MAX} /> : null}
      <TextField field={fields.name} label={labels.name} autoComplete="off" maxLength={TEXT_MAX} />
      <TextField
        field={fields.idCode}
        label={labels.idCode}
        hint={hydrated ? (type === "C" ? t("beneficiaries.registryCode.hint") : undefined) : t("beneficiaries.idCode.hint.nojs")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={PERSONAL_CODE_LENGTH}
      />
      <TextField
        field={fields.sharePercent}
        label={labels.sharePercent}
        hint={t("beneficiaries.sharePercent.hint")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={SHARE_MAX_LENGTH}
        onInput={(event) => {
          const input = event.currentTarget;
          const next = capSharePercent(input.value);
          if (next !== input.value) input.value = next;
        }}
      />
      <TextField field={fields.email} label={labels.email} type="email" autoComplete="off" maxLength={EMAIL_MAX} />
      <PhoneField field={fields.phone} label={labels.phone} hint={t("beneficiaries.phone.hint")} autoComplete="off" />
    </fieldset>
  );
}

export default function Beneficiaries() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const [form, fields] = useForm<{ beneficiaries: BeneficiaryFormRow[] }, BeneficiariesForm>({
    id: "beneficiaries",
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: beneficiariesSchema }),
    shouldDirtyConsider: (name) => !NOT_INPUT.has(name),
  });
  const rows = fields.beneficiaries.getFieldList();

  // The summary (and the title prefix) appear after a submit attempt (not after add or
  // remove), and it takes focus once per attempt, not on every keystroke.
  const failedReply = actionData?.result.status === "error" ? actionData : undefined;
  const [attempt, setAttempt] = useState(failedReply ? 1 : 0);
  const seenReply = useRef(actionData);
  useEffect(() => {
    if (actionData && actionData !== seenReply.current) {
      seenReply.current = actionData;
      if (actionData.result.status === "error") setAttempt((n) => n + 1);
    }
  }, [actionData]);

  const listError = fields.beneficiaries.errors?.[0];
  const firstShareId = rows[0]?.getFieldset().sharePercent.id;
  const summary = [
    ...useSummaryItems([], form.errors),
    ...(listError ? [{ fieldId: firstShareId, message: `${t("beneficiaries.summary.list")}: ${t(listError)}` }] : []),
    ...rows.flatMap((row, index) => {
      const rowFields = row.getFieldset();
      const company = rowFields.type.value === "C";
      const labelKey = {
        type: "beneficiaries.type",
        firstName: "beneficiaries.firstName",
        name: company ? "beneficiaries.companyName" : "beneficiaries.lastName",
        idCode: company ? "beneficiaries.registryCode" : "beneficiaries.personalCode",
        sharePercent: "beneficiaries.sharePercent",
        email: "beneficiaries.email",
        phone: "beneficiaries.phone",
      } as const;
      return BENEFICIARY_FIELDS.filter((name) => rowFields[name].errors?.length).map((name) => ({
        fieldId: rowFields[name].id,
        message: `${t("beneficiaries.item", { order: index + 1 })}, ${t(labelKey[name])}: ${t(rowFields[name].errors![0])}`,
      }));
    }),
  ];
  const showErrors = attempt > 0 && summary.length > 0;
  useDocumentTitle(showErrors ? loaderData.errorTitle : loaderData.plainTitle);

  // With JavaScript, focus follows the list: a new row's heading, or the add button after a removal.
  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const previousCount = useRef(rows.length);
  useEffect(() => {
    const before = previousCount.current;
    previousCount.current = rows.length;
    if (!hydrated || before === rows.length) return;
    if (rows.length > before) listRef.current?.querySelectorAll<HTMLElement>(".beneficiary__heading")[rows.length - 1]?.focus();
    else addRef.current?.focus();
  }, [rows.length, hydrated]);

  const shares = rows.map((row) => Number(row.getFieldset().sharePercent.value ?? ""));
  const total = sharesTotal(shares.map((share) => (Number.isFinite(share) ? share : 0)));
  const formProps = getFormProps(form);

  return (
    <StepPage step="/beneficiaries" heading="heading.beneficiaries" state={loaderData.state}>
      {showErrors ? <ErrorSummary items={summary} focusKey={attempt} /> : null}
      <p className="lead">{t("beneficiaries.intro")}</p>
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if (isConformIntent(event)) return;
          if (event.defaultPrevented) setAttempt((n) => n + 1);
        }}
      >
        <SubmissionKeyField value={loaderData.submissionKey} />
        {/* Enter in a field submits with the form's first submit button, which would otherwise be
            a remove button: this one saves. Out of the tab order and hidden from assistive
            technology, where the real save button below serves. */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" disabled={saving}>
          {t("beneficiaries.submit")}
        </button>
        <div className="beneficiaries" ref={listRef}>
          {rows.map((row, index) => (
            <BeneficiaryFields
              key={row.key}
              row={row}
              index={index}
              hydrated={hydrated}
              removeButton={
                rows.length > 1 ? (
                  <button {...form.remove.getButtonProps({ name: fields.beneficiaries.name, index })} className="button button--secondary">
                    {t("beneficiaries.remove", { order: index + 1 })}
                  </button>
                ) : null
              }
            />
          ))}
        </div>

        <div className={`beneficiaries__total${listError ? " field--error" : ""}`}>
          {listError ? (
            <p id={fields.beneficiaries.errorId} className="field__error">
              <span className="visually-hidden">{t("title.error")}: </span>
              {t(listError)}
            </p>
          ) : null}
          <p aria-live="polite">{t("beneficiaries.total", { total })}</p>
        </div>

        {rows.length < MAX_BENEFICIARIES ? (
          <p>
            <button
              ref={addRef}
              {...form.insert.getButtonProps({ name: fields.beneficiaries.name, defaultValue: { ...NEW_BENEFICIARY } })}
              className="button button--secondary"
            >
              {t("beneficiaries.add")}
            </button>
          </p>
        ) : null}

        <div className="form-actions">
          <Link to={BACK} className="button button--secondary">
            {t("beneficiaries.back")}
          </Link>
          <button type="submit" className="button" disabled={saving}>
            {saving ? t("beneficiaries.saving") : t("beneficiaries.submit")}
          </button>
        </div>
      </Form>
      <LeavePageGuard when={hydrated && Boolean(form.dirty) && navigation.state === "idle"} />
    </StepPage>
  );
}
