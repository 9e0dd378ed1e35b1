/**
 * The package step (SPEC.md section 2 "Package"; issue 4): two sliders (each a native range
 * with a typed alternative), the health packages, and the monthly estimate. With JavaScript
 * the estimate follows every change after 300 ms (a fetcher); without it a "recalculate"
 * button renders the page again with the new price and the same choices. A save goes to
 * /questionnaire; SERVICE_REQ_CHANGE shows the age warning (a modal, or a notice without
 * JavaScript).
 */
import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, FieldError, useLabelledSummaryItems } from "~/components/form";
import { LeavePageGuard, Modal, SubmissionKeyField, useDocumentTitle } from "~/components/form-shell";
import { BackLink, StepPage } from "~/components/step-page";
import { requireAccess } from "~/http/guards.server";
import { formatCents, formatWholeEuro } from "~/lib/money";
import { COVERS, packageSchema, type PackageValues } from "~/lib/package-schema";
import { NUMERIC_MAX_LENGTH } from "~/lib/score-schema";
import { clampCovers, moveDisabilityCover, snapDeathCover, snapDisabilityCover } from "~/lib/sums";
import { packageAction, packagePage, type EstimateAnswer } from "./package.server";

/** SPEC.md section 9: the estimate is sent 300 ms after a change. */
export const ESTIMATE_DELAY_MS = 300;

export async function loader(args: LoaderFunctionArgs) {
  const signedIn = await requireAccess(args);
  return packagePage(args, signedIn);
}

export async function action(args: ActionFunctionArgs) {
  const signedIn = await requireAccess(args);
  return packageAction(args, signedIn);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

// The live estimate changes only the estimate on screen: nothing to reload.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "estimate" ? false : defaultShouldRevalidate;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Limits = NonNullable<LoaderData["limits"]>;
type Estimation = NonNullable<LoaderData["estimation"]>;

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export default function Package() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  if (!loaderData.limits || !loaderData.values) {
    return (
      <StepPage step="package" state={loaderData.state}>
        <p className="notice">{t("error.age_limit")}</p>
      </StepPage>
    );
  }
  const reply = actionData && "result" in actionData ? actionData : undefined;
  return (
    <StepPage step="package" state={loaderData.state}>
      <PackageForm
        // A new server answer (recalculate, errors) starts the form from what it carries.
        key={reply ? JSON.stringify(reply.values) + JSON.stringify(reply.result?.error ?? null) : "loaded"}
        loaderData={loaderData as LoaderData & { limits: Limits; values: PackageValues }}
        reply={reply}
      />
    </StepPage>
  );
}

type Reply = {
  result: Parameters<typeof useForm>[0]["lastResult"] | null;
  values: PackageValues | null;
  estimation: Estimation | null;
  formErrors: string[];
};

function PackageForm({ loaderData, reply }: { loaderData: LoaderData & { limits: Limits; values: PackageValues }; reply: Reply | undefined }) {
  const { t } = useTranslation();
  const { limits, services: catalogue, language } = loaderData;
  const deathLimits = limits.sumLimitsForDeathCover;
  const disLimits = limits.sumLimitsForDisabilityCover;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const schema = useMemo(() => packageSchema(limits, catalogue.map((s) => s.code)), [limits, catalogue]);

  const typedValues = (reply?.result as { initialValue?: Record<string, unknown> } | null | undefined)?.initialValue;
  const start: PackageValues = reply?.values ?? loaderData.values;
  const [death, setDeath] = useState(start.sumInsuredForDeathCover);
  const [disability, setDisability] = useState(start.sumInsuredForDisabilityCover);
  // What the customer typed stays in the typed field after an error (nothing typed is lost).
  const [typedDeath, setTypedDeath] = useState(reply && !reply.values && typeof typedValues?.sumInsuredForDeathCover === "string" ? typedValues.sumInsuredForDeathCover : String(start.sumInsuredForDeathCover));
  const [typedDisability, setTypedDisability] = useState(
    reply && !reply.values && typeof typedValues?.sumInsuredForDisabilityCover === "string" ? typedValues.sumInsuredForDisabilityCover : String(start.sumInsuredForDisabilityCover),
  );
  const [services, setServices] = useState<string[]>(
    reply && !reply.values ? ([] as string[]).concat((typedValues?.services as string[] | string | undefined) ?? []) : start.services,
  );

  const [form, fields] = useForm({
    id: "package",
    lastResult: reply?.result ?? undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  // ── The age warning ────────────────────────────────────────────────────────────────────
  const [warningOpen, setWarningOpen] = useState(Boolean(loaderData.warning));
  const closeWarning = () => {
    setWarningOpen(false);
    const clamped = clampCovers({ sumInsuredForDeathCover: death, sumInsuredForDisabilityCover: disability }, limits);
    setDeath(clamped.sumInsuredForDeathCover);
    setTypedDeath(String(clamped.sumInsuredForDeathCover));
    setDisability(clamped.sumInsuredForDisabilityCover);
    setTypedDisability(String(clamped.sumInsuredForDisabilityCover));
  };

  // ── Slider coupling ────────────────────────────────────────────────────────────────────
  const applyDeath = (value: number) => {
    const next = snapDeathCover(value, deathLimits);
    setDeath(next);
    setTypedDeath(String(next));
    // Moving life cover below disability pulls disability down.
    const pulled = snapDisabilityCover(disability, disLimits, next);
    if (pulled !== disability) {
      setDisability(pulled);
      setTypedDisability(String(pulled));
    }
  };
  const applyDisability = (value: number) => {
    const next = snapDisabilityCover(value, disLimits, death);
    setDisability(next);
    setTypedDisability(String(next));
  };
  const typedNumber = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);

  // ── The live estimate ──────────────────────────────────────────────────────────────────
  const fetcher = useFetcher<EstimateAnswer>({ key: "package-estimate" });
  const [estimation, setEstimation] = useState<Estimation | null>(reply?.estimation ?? loaderData.estimation);
  const [estimateStatus, setEstimateStatus] = useState<"idle" | "updating" | "failed">("idle");
  const seq = useRef(0);
  const shown = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const first = useRef(true);
  // Set once the form is being saved: no estimate may start then (see onSubmit below).
  const leaving = useRef(false);
  const deferredSave = useRef<HTMLElement | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitEstimate = fetcher.submit;
  const servicesKey = services.join(",");
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    clearTimeout(timer.current);
    if (leaving.current) return;
    setEstimateStatus("updating");
    timer.current = setTimeout(() => {
      seq.current += 1;
      const body = new FormData();
      body.set("intent", "estimate");
      body.set("seq", String(seq.current));
      body.set(COVERS.death.field, String(death));
      body.set(COVERS.disability.field, String(disability));
      for (const code of servicesKey ? servicesKey.split(",") : []) body.append("services", code);
      submitEstimate(body, { method: "post", action: "/package" });
    }, ESTIMATE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [death, disability, servicesKey, submitEstimate]);
  // A save clicked while an estimate was on its way goes once that answer is in.
  useEffect(() => {
    if (fetcher.state !== "idle" || !deferredSave.current) return;
    const submitter = deferredSave.current;
    deferredSave.current = null;
    formRef.current?.requestSubmit(submitter as HTMLButtonElement);
  }, [fetcher.state]);
  useEffect(() => {
    const answer = fetcher.data?.estimate;
    if (!answer || fetcher.state !== "idle") return;
    // Stale answers never overwrite newer ones.
    if (answer.seq < shown.current) return;
    shown.current = answer.seq;
    if (answer.estimation) {
      setEstimation(answer.estimation);
      if (answer.seq === seq.current) setEstimateStatus("idle");
    } else if (answer.seq === seq.current) setEstimateStatus("failed");
  }, [fetcher.data, fetcher.state]);

  // ── Errors ─────────────────────────────────────────────────────────────────────────────
  const params = {
    min: formatWholeEuro(deathLimits.min),
    max: formatWholeEuro(deathLimits.max),
    step: formatWholeEuro(deathLimits.step),
  };
  const disParams = { min: formatWholeEuro(disLimits.min), max: formatWholeEuro(disLimits.max), step: formatWholeEuro(disLimits.step) };
  const deathField = fields[COVERS.death.field] as FieldMetadata<string>;
  const disField = fields[COVERS.disability.field] as FieldMetadata<string>;
  const servicesField = fields.services as FieldMetadata<string[]>;
  const summary = [
    ...[...((form.errors as string[] | undefined) ?? []), ...(reply?.formErrors ?? [])].map((key) => ({ message: t(key) })),
    ...useLabelledSummaryItems([
      [deathField, "package.death.legend", params],
      [disField, "package.disability.legend", disParams],
      [servicesField, "package.services.legend", {}],
    ]),
  ];
  const showErrors = summary.length > 0;
  useDocumentTitle(showErrors ? loaderData.errorTitle : loaderData.plainTitle);

  const dirty =
    death !== loaderData.values.sumInsuredForDeathCover ||
    disability !== loaderData.values.sumInsuredForDisabilityCover ||
    [...services].sort().join() !== [...loaderData.values.services].sort().join();
  const formProps = getFormProps(form);
  const euro = (value: number) => t("package.amount", { amount: formatWholeEuro(value) });

  return (
    <>
      {showErrors ? <ErrorSummary items={summary} focusKey={reply} /> : null}
      {loaderData.warning && !hydrated ? (
        <div className="notice notice--warning" role="status">
          <p>{t("warn.age_service_req")}</p>
          <WarningValues warning={loaderData.warning} />
          <p>{t("package.warn.nojs")}</p>
        </div>
      ) : null}
      {loaderData.warning ? (
        <Modal
          open={hydrated && warningOpen}
          onClose={closeWarning}
          heading={t("package.warn.heading")}
          actions={
            <button type="button" className="button" data-autofocus onClick={closeWarning}>
              {t("package.warn.close")}
            </button>
          }
        >
          <p>{t("warn.age_service_req")}</p>
          <WarningValues warning={loaderData.warning} />
        </Modal>
      ) : null}

      <p className="lead">{t("package.intro")}</p>
      <div className="package">
        <Form
          method="post"
          {...formProps}
          ref={formRef}
          className="package__form"
          onSubmit={(event) => {
            formProps.onSubmit(event);
            if (event.defaultPrevented) return;
            // With lazy route discovery an estimate answering during the navigation to the
            // next step breaks the router: settle the estimate first, then navigate.
            clearTimeout(timer.current);
            leaving.current = true;
            if (fetcher.state !== "idle") {
              event.preventDefault();
              deferredSave.current = (event.nativeEvent as SubmitEvent).submitter;
            }
          }}
        >
          <SubmissionKeyField value={loaderData.submissionKey} />
          <CoverSlider
            cover="death"
            field={deathField}
            legend={t("package.death.legend")}
            hint={t("package.death.hint", params)}
            rangeLabel={t("package.death.range")}
            typedLabel={t("package.death.typed")}
            min={deathLimits.min}
            max={deathLimits.max}
            step={deathLimits.step}
            value={death}
            typed={typedDeath}
            errorParams={params}
            valueText={euro(death)}
            onRange={(v) => applyDeath(v)}
            onTyped={(text) => {
              setTypedDeath(text);
              const n = typedNumber(text);
              if (n !== null && n >= deathLimits.min && n <= deathLimits.max) {
                const next = snapDeathCover(n, deathLimits);
                setDeath(next);
                const pulled = snapDisabilityCover(disability, disLimits, next);
                if (pulled !== disability) {
                  setDisability(pulled);
                  setTypedDisability(String(pulled));
                }
              }
            }}
            onCommit={() => applyDeath(typedNumber(typedDeath) ?? death)}
          />
          <CoverSlider
            cover="disability"
            field={disField}
            legend={t("package.disability.legend")}
            hint={t("package.disability.hint", disParams)}
            rangeLabel={t("package.disability.range")}
            typedLabel={t("package.disability.typed")}
            min={0}
            max={disLimits.max}
            step={disLimits.step}
            value={disability}
            typed={typedDisability}
            errorParams={disParams}
            valueText={euro(disability)}
            onRange={(v) => {
              const next = moveDisabilityCover(v, disability, disLimits, death);
              setDisability(next);
              setTypedDisability(String(next));
            }}
            onTyped={(text) => {
              setTypedDisability(text);
              const n = typedNumber(text);
              if (n !== null && n <= disLimits.max) setDisability(snapDisabilityCover(n, disLimits, death));
            }}
            onCommit={() => applyDisability(typedNumber(typedDisability) ?? disability)}
          />

          <fieldset className={`group${servicesField.errors?.length ? " field--error" : ""}`} aria-describedby="services-hint">
            <legend className="group__legend">{t("package.services.legend")}</legend>
            <span id="services-hint" className="field__hint">
              {t("package.services.hint")}
            </span>
            {servicesField.errors?.length ? (
              <span id={servicesField.errorId} className="field__error">
                {t(servicesField.errors[0])}
              </span>
            ) : null}
            <div className="checkboxes" id={servicesField.id} tabIndex={-1}>
              {catalogue.map((service) => {
                const id = `service-${service.code}`;
                return (
                  <div className="checkbox__item package__service" key={service.code}>
                    <input
                      type="checkbox"
                      id={id}
                      name="services"
                      value={service.code}
                      checked={services.includes(service.code)}
                      aria-describedby={`${id}-description`}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        setServices((current) => (checked ? [...current, service.code] : current.filter((c) => c !== service.code)));
                      }}
                    />
                    <label htmlFor={id}>
                      {service.name} <span className="package__price">({t("package.service.price", { price: formatCents(service.monthlyPriceCents, language) })})</span>
                    </label>
                    <span id={`${id}-description`} className="field__hint checkbox__hint">
                      {service.description}
                    </span>
                  </div>
                );
              })}
            </div>
          </fieldset>

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
            <button type="submit" name="intent" value="save" className="button" disabled={saving}>
              {t("package.submit")}
            </button>
          </div>
        </Form>
        <EstimateBreakdown estimation={estimation} status={estimateStatus} language={language} catalogue={catalogue} />
      </div>
      <LeavePageGuard when={hydrated && dirty && navigation.state === "idle"} />
    </>
  );
}

function WarningValues({ warning }: { warning: { from: { death: number; disability: number }; to: { death: number; disability: number } } }) {
  const { t } = useTranslation();
  return (
    <ul>
      {warning.from.death !== warning.to.death ? (
        <li>{t("package.warn.death", { from: formatWholeEuro(warning.from.death), to: formatWholeEuro(warning.to.death) })}</li>
      ) : null}
      {warning.from.disability !== warning.to.disability ? (
        <li>{t("package.warn.disability", { from: formatWholeEuro(warning.from.disability), to: formatWholeEuro(warning.to.disability) })}</li>
      ) : null}
    </ul>
  );
}

function CoverSlider(props: {
  cover: "death" | "disability";
  field: FieldMetadata<string>;
  legend: string;
  hint: string;
  rangeLabel: string;
  typedLabel: string;
  min: number;
  max: number;
  step: number;
  value: number;
  typed: string;
  errorParams: Record<string, string>;
  valueText: string;
  onRange: (value: number) => void;
  onTyped: (text: string) => void;
  onCommit: () => void;
}) {
  const { t } = useTranslation();
  const names = COVERS[props.cover];
  const error = props.field.errors?.[0];
  const hintId = `${props.cover}-hint`;
  const rangeId = `${props.cover}-range`;
  const amountId = `${props.cover}-amount`;
  const describedBy = [hintId, error ? props.field.errorId : null].filter(Boolean).join(" ");
  return (
    <fieldset className={`field slider package__cover${error ? " field--error" : ""}`}>
      <legend>{props.legend}</legend>
      <span id={hintId} className="field__hint">
        {props.hint}
      </span>
      <FieldError id={props.field.errorId} error={error} params={props.errorParams} />
      <output htmlFor={rangeId} id={amountId} className="package__amount">
        {props.valueText}
      </output>
      <div className="slider__row">
        <label htmlFor={rangeId} className="visually-hidden">
          {props.rangeLabel}
        </label>
        <span className="slider__end" aria-hidden="true">
          {formatWholeEuro(props.min)}
        </span>
        <input
          type="range"
          id={rangeId}
          name={names.range}
          min={props.min}
          max={props.max}
          step={props.step}
          value={props.value}
          aria-valuetext={props.valueText}
          aria-describedby={hintId}
          onChange={(event) => props.onRange(Number(event.currentTarget.value))}
        />
        <span className="slider__end" aria-hidden="true">
          {formatWholeEuro(props.max)}
        </span>
      </div>
      <div className="package__typed">
        <label htmlFor={props.field.id}>{props.typedLabel}</label>
        <input
          type="text"
          id={props.field.id}
          name={names.field}
          value={props.typed}
          inputMode="numeric"
          maxLength={NUMERIC_MAX_LENGTH}
          autoComplete="off"
          className="input--number"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => props.onTyped(event.currentTarget.value.replace(/\D/g, "").replace(/^0+(?=\d)/, ""))}
          onBlur={props.onCommit}
          onKeyDown={(event) => {
            // Enter settles the typed amount instead of saving the form.
            if (event.key === "Enter") {
              event.preventDefault();
              props.onCommit();
            }
          }}
        />
      </div>
      <input type="hidden" name={names.was} value={String(props.value)} />
    </fieldset>
  );
}

function EstimateBreakdown({
  estimation,
  status,
  language,
  catalogue,
}: {
  estimation: Estimation | null;
  status: "idle" | "updating" | "failed";
  language: string;
  catalogue: Array<{ code: string; name: string }>;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => t("package.estimate.money", { amount: formatCents(cents, language) });
  const nameOf = (code: string) => catalogue.find((s) => s.code === code)?.name ?? code;
  return (
    <section className="estimate" aria-labelledby="estimate-heading" aria-busy={status === "updating"}>
      <h2 id="estimate-heading">{t("package.estimate.heading")}</h2>
      {estimation ? (
        <>
          <dl className="estimate__lines">
            <div>
              <dt>{t("package.estimate.death")}</dt>
              <dd data-line="death">{money(estimation.premiumForDeathCover)}</dd>
            </div>
            <div>
              <dt>{t("package.estimate.disability")}</dt>
              <dd data-line="disability">{money(estimation.premiumForDisabilityCover)}</dd>
            </div>
            {estimation.services.map((s) => (
              <div key={s.serviceCode}>
                <dt>{nameOf(s.serviceCode)}</dt>
                <dd data-line={`service-${s.serviceCode}`}>{money(s.premium)}</dd>
              </div>
            ))}
            <div>
              <dt>{t("package.estimate.membershipFee")}</dt>
              <dd data-line="membershipFee">{money(estimation.membershipFee)}</dd>
            </div>
            {estimation.wellnessDiscount > 0 ? (
              <div>
                <dt>{t("package.estimate.discount", { percent: estimation.wellnessDiscountPercent })}</dt>
                <dd data-line="discount">{money(-estimation.wellnessDiscount)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="estimate__total" role="status">
            <span>{t("package.estimate.total")}</span> <strong data-line="total">{money(estimation.premiumTotal)}</strong>
          </p>
          <p className="note">
            {estimation.wellnessScore === null ? t("package.estimate.no_score") : t("package.estimate.score", { score: estimation.wellnessScore })}
          </p>
        </>
      ) : null}
      <p className="note" aria-live="polite">
        {status === "updating" ? t("package.estimate.updating") : status === "failed" ? t("package.estimate.failed") : ""}
      </p>
    </section>
  );
}
