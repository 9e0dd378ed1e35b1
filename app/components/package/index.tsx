/**
 * The package step's form (SPEC.md section 2 "Package"; issue 4): two covers (each a native
 * range with a typed alternative), the health packages, and the monthly estimate beside them.
 * A save goes to the next step; in SERVICE_REQ_CHANGE the age warning shows first.
 */
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { Estimation } from "~/lib/pricing";
import { ErrorSummary, useLabelledSummaryItems } from "~/components/form";
import { LeavePageGuard, SubmissionKeyField, useAfterHydration } from "~/components/every-page";
import { useStepErrors, useStepForm } from "~/components/step-form";
import { BackLink } from "~/components/step-page";
import type { Language } from "~/lib/euro";
import { placePath } from "~/lib/onboarding";
import { COVERS, PRICING_FIELD, type FormLimits, type PackageValues } from "~/lib/package-fields";
import { CoverSlider, limitParams, useCovers, type CoverField } from "~/components/covers";
import { EstimateBreakdown, useLiveEstimate, type EstimateAnswer } from "~/components/estimate";
import { PreContractLinks } from "~/components/pre-contract-links";
import { ServicesField, type ServiceOption } from "~/components/services-field";
import { AgeWarningNotice, type AgeWarning } from "./warning";
import { BusyButton } from "~/components/busy-button";

export type { EstimateAnswer } from "~/components/estimate";

export interface PackagePageData {
  plainTitle: string;
  errorTitle: string;
  language: Language;
  limits: FormLimits;
  services: ServiceOption[];
  values: PackageValues;
  warning: AgeWarning | null;
  estimation: Estimation | null;
  /** The sealed pricing facts the page's estimates use. */
  pricing: string;
  submissionKey: string;
}

/** A reply of the action: the form as typed, and (after a recalculation) the values and their price. */
export interface PackageReply {
  result: SubmissionResult<string[]>;
  values: PackageValues | null;
  estimation: Estimation | null;
}

const loadSchemas = () => import("~/lib/package-schema");

export function PackageForm({ page, reply }: { page: PackagePageData; reply: PackageReply | undefined }) {
  const { t } = useTranslation();
  const { limits, services: catalogue, language } = page;
  const schemas = useAfterHydration(loadSchemas);
  const schema = useMemo(() => schemas?.packageSchema(limits, catalogue.map((s) => s.code)) ?? null, [schemas, limits, catalogue]);

  // After an error the typed fields keep what was typed; after a recalculation the new values.
  const keptTyped = !!reply && !reply.values;
  const typedValues = keptTyped ? (reply?.result.initialValue as Record<string, unknown> | null | undefined) : undefined;
  const start = reply?.values ?? page.values;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const covers = useCovers(start, limits, { death: text(typedValues?.[COVERS.death.field]), disability: text(typedValues?.[COVERS.disability.field]) }, true);
  const [services, setServices] = useState<string[]>(keptTyped ? ([] as string[]).concat((typedValues?.services as string[] | string | undefined) ?? []) : start.services);
  const [warningOpen, setWarningOpen] = useState(!!page.warning);

  const estimate = useLiveEstimate<Estimation>({
    key: "package-estimate",
    inputs: [covers.death, covers.disability, services.join(","), page.pricing].join("|"),
    initial: reply?.estimation ?? page.estimation,
    send(fetcher, seq) {
      const body = new FormData();
      body.set("intent", "estimate");
      body.set("seq", String(seq));
      body.set(PRICING_FIELD, page.pricing);
      body.set(COVERS.death.field, String(covers.death));
      body.set(COVERS.disability.field, String(covers.disability));
      for (const code of services) body.append("services", code);
      fetcher.submit(body, { method: "post", action: placePath("package") });
    },
    read: (data) => (data as Partial<EstimateAnswer>).estimate && { seq: (data as EstimateAnswer).estimate.seq, answer: (data as EstimateAnswer).estimate.estimation },
  });
  const step = useStepForm({ id: "package", schema, lastResult: reply?.result, shouldRevalidate: "onSubmit", onSend: estimate.beforeSave });
  const { form, fields, hydrated, saving } = step;

  const deathField = fields[COVERS.death.field] as FieldMetadata<string>;
  const disField = fields[COVERS.disability.field] as FieldMetadata<string>;
  const servicesField = fields.services as FieldMetadata<string[]>;
  const shown = (field: FieldMetadata<unknown>): CoverField => ({ id: field.id, errorId: field.errorId, error: field.errors?.[0] });
  const summary = [
    ...((form.errors as string[] | undefined) ?? []).map((key) => ({ message: t(key) })),
    ...useLabelledSummaryItems([
      [deathField, "package.death.legend", limitParams(limits.sumLimitsForDeathCover)],
      [disField, "package.disability.legend", limitParams(limits.sumLimitsForDisabilityCover)],
      [servicesField, "package.services.legend", {}],
    ]),
  ];
  const errors = useStepErrors(step, summary, page);

  // What the fields hold, not the settled amounts: an amount left outside the limits (decision 0394) is unsaved too.
  const dirty =
    covers.typedDeath !== `${page.values.sumInsuredForDeathCover}` ||
    covers.typedDisability !== `${page.values.sumInsuredForDisabilityCover}` ||
    [...services].sort().join() !== [...page.values.services].sort().join();

  return (
    <>
      <ErrorSummary {...errors} />
      <AgeWarningNotice
        warning={page.warning}
        hydrated={hydrated}
        open={warningOpen}
        onClose={() => {
          setWarningOpen(false);
          covers.clamp();
        }}
      />
      <p className="lead">{t("package.intro")}</p>
      <div className="package">
        <Form method="post" {...step.formProps} className="package__form">
          <SubmissionKeyField value={page.submissionKey} />
          <input type="hidden" name={PRICING_FIELD} value={page.pricing} />
          <CoverSlider cover="death" names={COVERS.death} field={shown(deathField)} range={limits.sumLimitsForDeathCover} value={covers.death} typed={covers.typedDeath} on={covers.deathInput} />
          <CoverSlider
            cover="disability"
            names={COVERS.disability}
            field={shown(disField)}
            range={limits.sumLimitsForDisabilityCover}
            value={covers.disability}
            typed={covers.typedDisability}
            on={covers.disabilityInput}
            notice={covers.lowered}
          />
          <ServicesField name="services" field={shown(servicesField)} catalogue={catalogue} chosen={services} onChange={setServices} language={language} />

          {!hydrated ? (
            <div className="package__recalculate">
              <p className="note">{t("package.estimate.nojs")}</p>
              <button type="submit" name="intent" value="recalculate" className="button button--secondary" formNoValidate>
                {t("package.recalculate")}
              </button>
            </div>
          ) : null}

          <div className="form-actions">
            <BackLink step="package" label={t("package.back")} />
            <BusyButton type="submit" name="intent" value="save" className="button" busy={saving}>
              {t("package.submit")}
            </BusyButton>
          </div>
        </Form>
        <EstimateBreakdown
          estimation={estimate.estimation}
          status={estimate.status}
          failure={estimate.failure}
          onRetry={estimate.retry}
          language={language}
          catalogue={catalogue}
          news={covers.lowered}
          // A recalculation answered without JavaScript: the new price is what was asked for, and
          // where focus lands (as the quote's, app/components/quote.tsx), not the page's top.
          focus={!hydrated && !!reply?.estimation}
        />
      </div>
      <PreContractLinks language={language} headingLevel={2} />
      <LeavePageGuard when={step.unsaved(dirty)} />
    </>
  );
}
