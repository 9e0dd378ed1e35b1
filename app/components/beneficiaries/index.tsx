/**
 * The beneficiaries step's form (SPEC.md section 2 "Beneficiaries"). One plain HTML form: add
 * and remove are submit buttons of it carrying conform's list intents, so without JavaScript
 * the server answers with the changed list and everything typed; with JavaScript conform
 * changes the list in place. Both field sets (person and company) are there without
 * JavaScript, labelled for either; with it the labels follow the chosen type.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Trans, useTranslation } from "~/i18n/react";
import { ErrorSummary, FieldError, useSummaryItems } from "~/components/form";
import { LeavePageGuard, PRIVACY_PATH, SubmissionKeyField, useAfterHydration } from "~/components/every-page";
import { DocumentLink } from "~/components/document-link";
import { useStepErrors, useStepForm } from "~/components/step-form";
import { BackLink } from "~/components/step-page";
import { BENEFICIARIES_NOTICE_ID, MAX_BENEFICIARIES, NEW_BENEFICIARY, sharesTotal, type BeneficiaryFormRow } from "~/lib/beneficiaries-fields";
import type { BeneficiariesForm as ParsedForm } from "~/lib/beneficiaries-schema";
import { BeneficiaryFields, useRowSummaryItems, type Row } from "./row";
import { BusyButton } from "~/components/busy-button";

export interface BeneficiariesPageData {
  plainTitle: string;
  errorTitle: string;
  defaults: { beneficiaries: BeneficiaryFormRow[] };
  submissionKey: string;
}

/** With JavaScript, focus follows the list: a new row's heading, or the add button after a removal. */
function useListFocus(rows: Row[], hydrated: boolean) {
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
  return { listRef, addRef };
}

const loadSchema = () => import("~/lib/beneficiaries-schema").then((module) => module.beneficiariesSchema);

/** What the form says around its fields: the onboarding step's, or self-service's change (docs/decisions/0145). */
export interface BeneficiariesWording {
  intro: "beneficiaries.intro" | "beneficiary_change.intro";
  submit: "beneficiaries.submit" | "beneficiary_change.submit";
  saving: "beneficiaries.saving" | "beneficiary_change.saving";
}

const STEP_WORDING: BeneficiariesWording = { intro: "beneficiaries.intro", submit: "beneficiaries.submit", saving: "beneficiaries.saving" };

export function BeneficiariesForm({
  page,
  lastResult,
  wording = STEP_WORDING,
  back,
  headingLevel = 2,
}: {
  page: BeneficiariesPageData;
  lastResult: SubmissionResult<string[]> | undefined;
  wording?: BeneficiariesWording;
  /** Each person's heading: h2 under the step's h1, h3 under self-service's h2 (the layout's h1 above it). */
  headingLevel?: 2 | 3;
  /** The link beside the submit button (the step's Back link by default). */
  back?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const step = useStepForm<{ beneficiaries: BeneficiaryFormRow[] }, ParsedForm>({
    id: "beneficiaries",
    schema: useAfterHydration(loadSchema),
    lastResult,
    defaultValue: page.defaults,
  });
  const { form, fields, hydrated, saving } = step;
  const rows = fields.beneficiaries.getFieldList();

  const listError = fields.beneficiaries.errors?.[0];
  const firstShareId = rows[0]?.getFieldset().sharePercent.id;
  const summary = [
    ...useSummaryItems([], form.errors),
    ...(listError ? [{ fieldId: firstShareId, message: `${t("beneficiaries.summary.list")}: ${t(listError)}` }] : []),
    ...useRowSummaryItems(rows),
  ];
  const errors = useStepErrors(step, summary, page);
  const { listRef, addRef } = useListFocus(rows, hydrated);
  // Without JavaScript the server answers add and remove with the page: it starts where the press
  // went, as with JavaScript: the new row's heading, or the add button after a removal.
  const pressed = hydrated ? undefined : lastResult?.intent?.type;

  const shares = rows.map((row) => Number(row.getFieldset().sharePercent.value ?? ""));
  const total = sharesTotal(shares.map((share) => (Number.isFinite(share) ? share : 0)));

  return (
    <>
      <ErrorSummary {...errors} />
      <p className="lead">{t(wording.intro)}</p>
      {/* The people named learn of it from the customer and the notice (GDPR art. 14(5)(b), docs/decisions/0316). */}
      <p>
        <Trans t={t} i18nKey="beneficiaries.tell" components={{ notice: <DocumentLink href={`${PRIVACY_PATH}#${BENEFICIARIES_NOTICE_ID}`} /> }} />
      </p>
      <Form method="post" {...step.formProps}>
        <SubmissionKeyField value={page.submissionKey} />
        {/* Enter in a field submits with the form's first submit button, which would otherwise be
            a remove button: this one saves. Out of the tab order and hidden from assistive
            technology, where the real save button below serves. */}
        <BusyButton type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" busy={saving}>
          {t(wording.submit)}
        </BusyButton>
        <div className="beneficiaries" ref={listRef}>
          {rows.map((row, index) => (
            <BeneficiaryFields
              key={row.key}
              row={row}
              index={index}
              hydrated={hydrated}
              headingLevel={headingLevel}
              focus={pressed === "insert" && index === rows.length - 1}
              shareErrorId={listError ? fields.beneficiaries.errorId : undefined}
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
          <FieldError as="p" id={fields.beneficiaries.errorId} error={listError} />
          <p aria-live="polite">{t("beneficiaries.total", { total })}</p>
        </div>

        {rows.length < MAX_BENEFICIARIES ? (
          <p>
            <button
              ref={addRef}
              autoFocus={pressed === "remove"}
              {...form.insert.getButtonProps({ name: fields.beneficiaries.name, defaultValue: { ...NEW_BENEFICIARY } })}
              className="button button--secondary"
            >
              {t("beneficiaries.add")}
            </button>
          </p>
        ) : null}

        <div className="form-actions">
          {back ?? <BackLink step="beneficiaries" label={t("beneficiaries.back")} />}
          <BusyButton type="submit" className="button" busy={saving}>
            {saving ? t(wording.saving) : t(wording.submit)}
          </BusyButton>
        </div>
      </Form>
      <LeavePageGuard when={step.unsaved()} />
    </>
  );
}
