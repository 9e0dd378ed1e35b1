/**
 * The health questionnaire (SPEC.md section 2 "Questionnaire"; issue 4). A plain HTML form:
 * without JavaScript every sub-question is shown under its question (answered only after a
 * yes) and the set is decided on submit; JavaScript reveals sub-questions on a yes and
 * rechecks the set 500 ms after height or weight change.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ErrorSummary, FieldError, type SummaryItem } from "~/components/form";
import { LeavePageGuard, Modal, SubmissionKeyField, useDocumentTitle } from "~/components/form-shell";
import { StepPage } from "~/components/step-page";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { requireAccess } from "~/http/guards.server";
import { questionnaireSchema } from "~/lib/questionnaire-schema";
import { extraKey, infoKey, QUESTION_SETS, QUESTIONNAIRE_TYPES, subKey, SUB_TEXT_MAX, titleKey, type HealthQuestion, type QuestionnaireType } from "~/lib/questionnaire-sets";
import { NUMERIC_MAX_LENGTH, normaliseNumericInput, parseNumeric } from "~/lib/score-schema";
import { questionnaireAction, questionnairePage } from "./questionnaire.server";

/** SPEC.md section 9: the body-mass recheck runs 500 ms after a change, from 100 cm and 10 kg. */
const RECHECK_DELAY_MS = 500;
const HEIGHT_THRESHOLD = 100;
const WEIGHT_THRESHOLD = 10;
const BACK = "/package";
/** Fields that are not the customer's input (never make the form dirty). */
const NOT_INPUT = new Set<string>([SUBMISSION_KEY_FIELD, "type"]);

export async function loader(args: LoaderFunctionArgs) {
  const signedIn = await requireAccess(args);
  return questionnairePage(args, signedIn);
}

export async function action(args: ActionFunctionArgs) {
  const signedIn = await requireAccess(args);
  return questionnaireAction(args, signedIn);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The value at a dotted field name inside conform's nested initial value. */
function valueAt(source: unknown, name: string): string {
  let node: unknown = source;
  for (const part of name.split(".")) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : "";
}

/** An element id for a dotted field name. */
const idOf = (name: string) => `q-${name.replace(/\./g, "-")}`;

const isType = (value: unknown): value is QuestionnaireType => (QUESTIONNAIRE_TYPES as readonly unknown[]).includes(value);

/** The schema the browser validates with: the set shown, or a block while no set can be answered. */
function clientSchema(type: QuestionnaireType, body: { height: number; weight: number } | null) {
  if (type === "UNAVAILABLE") return z.unknown().superRefine((_value, ctx) => ctx.addIssue({ code: "custom", message: "error.bmi_limit" }));
  return questionnaireSchema(type, { body });
}

export default function Questionnaire() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const values = actionData?.result.initialValue ?? loaderData.defaults;

  const [type, setType] = useState<QuestionnaireType>(actionData?.type ?? loaderData.type);
  useEffect(() => {
    if (actionData?.type) setType(actionData.type);
  }, [actionData]);
  const [checking, setChecking] = useState(false);
  const [unknownType, setUnknownType] = useState(false);

  const [form] = useForm({
    id: "questionnaire",
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clientSchema(type, loaderData.body) }),
    shouldDirtyConsider: (name) => !NOT_INPUT.has(name),
  });
  const fieldErrors = Object.fromEntries(Object.entries(form.allErrors).filter(([name]) => name !== "" && name !== form.id));
  const errorOf = (name: string) => fieldErrors[name]?.[0];

  // The yes/no answers, so a yes reveals its sub-questions (with JavaScript).
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const answerOf = (question: string) => answers[question] ?? valueAt(values, `content.${question}`);

  // The error summary appears after a submit attempt and takes focus once per attempt.
  const [attempt, setAttempt] = useState(actionData?.result.status === "error" ? 1 : 0);
  const seenReply = useRef(actionData);
  useEffect(() => {
    if (actionData && actionData !== seenReply.current) {
      seenReply.current = actionData;
      setAttempt((n) => n + 1);
    }
  }, [actionData]);

  const questions: readonly HealthQuestion[] = type === "UNAVAILABLE" ? [] : QUESTION_SETS[type];
  const labelOf = (name: string): string => {
    if (name === "height") return t("questionnaire.height");
    if (name === "weight") return t("questionnaire.weight");
    const [, question, sub] = name.split(".");
    if (sub) return `${t(titleKey(question.replace(/Extra$/, "")))} – ${t(subKey(sub))}`;
    return t(titleKey(question ?? name));
  };
  const summary: SummaryItem[] = [
    ...(form.errors ?? []).filter((key) => key !== "error.bmi_limit").map((key) => ({ message: t(key) })),
    ...Object.entries(fieldErrors).map(([name, errors]) => ({ fieldId: idOf(name), message: `${labelOf(name)}: ${t(errors[0])}` })),
  ];
  const bmiBlocked = type === "UNAVAILABLE";
  const showErrors = attempt > 0 && (summary.length > 0 || bmiBlocked);
  useDocumentTitle(showErrors ? loaderData.errorTitle : loaderData.plainTitle);

  // The body-mass recheck (with JavaScript): the latest height and weight win.
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inflight = useRef<AbortController>();
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );
  const recheck = (formElement: HTMLFormElement | null) => {
    clearTimeout(timer.current);
    if (!formElement) return;
    const data = new FormData(formElement);
    const height = parseNumeric(String(data.get("height") ?? ""), "decimal");
    const weight = parseNumeric(String(data.get("weight") ?? ""), "decimal");
    if (!("value" in height) || !("value" in weight) || height.value < HEIGHT_THRESHOLD || weight.value < WEIGHT_THRESHOLD) {
      // Without a usable height and weight, age and cover alone decide (the page's own set).
      inflight.current?.abort();
      setChecking(false);
      setUnknownType(false);
      setType(loaderData.type);
      return;
    }
    timer.current = setTimeout(async () => {
      inflight.current?.abort();
      const controller = new AbortController();
      inflight.current = controller;
      setChecking(true);
      try {
        const query = new URLSearchParams({ h: String(height.value), w: String(weight.value) });
        const response = await fetch(`/api/onboarding/questionnaire/required-type?${query}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        if (!response.ok) return; // A refused check (a range error): the save shows the field error.
        const body: unknown = await response.json();
        const next = (body as { type?: unknown })?.type;
        // SPEC.md section 8: an unknown type from the server is an error, and blocks forward.
        if (!isType(next)) {
          setUnknownType(true);
          return;
        }
        setUnknownType(false);
        setType(next);
      } catch (error) {
        if ((error as Error)?.name !== "AbortError") setUnknownType(true);
      } finally {
        if (inflight.current === controller) setChecking(false);
      }
    }, RECHECK_DELAY_MS);
  };

  const [reqChangeOpen, setReqChangeOpen] = useState(loaderData.reqChange);
  const formProps = getFormProps(form);
  const blocked = hydrated && (bmiBlocked || unknownType || checking);

  const numberInput = (name: "height" | "weight", autoComplete?: string) => {
    const error = errorOf(name);
    const id = idOf(name);
    const hintId = `${id}-hint`;
    return (
      <div className={`field field--short${error ? " field--error" : ""}`}>
        <label htmlFor={id}>{t(`questionnaire.${name}`)}</label>
        <span id={hintId} className="field__hint">
          {t(`questionnaire.${name}.hint`)}
        </span>
        <FieldError id={`${id}-error`} error={error} />
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete={autoComplete}
          maxLength={NUMERIC_MAX_LENGTH}
          defaultValue={valueAt(values, name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? `${id}-error` : null].filter(Boolean).join(" ")}
          onInput={(event) => {
            const input = event.currentTarget;
            const next = normaliseNumericInput(input.value, "decimal");
            if (next !== input.value) input.value = next;
            recheck(input.form);
          }}
        />
      </div>
    );
  };

  return (
    <StepPage step="/questionnaire" heading="heading.questionnaire" state={loaderData.state}>
      {showErrors && summary.length > 0 ? <ErrorSummary items={summary} focusKey={attempt} /> : null}
      {loaderData.reqChange && !hydrated ? (
        <div className="notice" role="status">
          <p>{t("warn.age_questionnaire_req")}</p>
        </div>
      ) : null}
      <p>{t("questionnaire.intro")}</p>

      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (submitter?.getAttribute("name") === "__intent__") return;
          if (event.defaultPrevented) setAttempt((n) => n + 1);
        }}
      >
        <SubmissionKeyField value={loaderData.submissionKey} />
        <input type="hidden" name="type" value={type} />

        <fieldset className="group">
          <legend className="group__legend">{t("questionnaire.body.heading")}</legend>
          {loaderData.body ? (
            <>
              <dl className="facts">
                <div>
                  <dt>{t("questionnaire.height")}</dt>
                  <dd>{loaderData.body.heightText}</dd>
                </div>
                <div>
                  <dt>{t("questionnaire.weight")}</dt>
                  <dd>{loaderData.body.weightText}</dd>
                </div>
                <div>
                  <dt>{t("questionnaire.bmi")}</dt>
                  <dd>{loaderData.body.bmiText}</dd>
                </div>
              </dl>
              <p className="field__hint">{t("questionnaire.body.submitted")}</p>
            </>
          ) : (
            <div className="questionnaire__body">
              {numberInput("height", "off")}
              {numberInput("weight", "off")}
            </div>
          )}
          <div className="questionnaire__status" aria-live="polite">
            {bmiBlocked ? (
              <p className="questionnaire__limit" id="bmi-limit">
                {t("error.bmi_limit")}
              </p>
            ) : unknownType ? (
              <p className="questionnaire__limit">{t("error.unknown_type")}</p>
            ) : checking ? (
              <p>{t("questionnaire.checking")}</p>
            ) : (
              <p>{t(`questionnaire.set.${type}`)}</p>
            )}
          </div>
        </fieldset>

        {questions.map((question) => {
          const name = `content.${question.code}`;
          const error = errorOf(name);
          const id = idOf(name);
          const answer = answerOf(question.code);
          const revealed = !hydrated || answer === "yes";
          const subsId = `${id}-subs`;
          return (
            <fieldset
              key={`${type}-${question.code}`}
              className={`group question${error ? " field--error" : ""}`}
              aria-describedby={[`${id}-info`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
            >
              <legend className="question__title">{t(titleKey(question.code))}</legend>
              <p id={`${id}-info`} className="field__hint">
                {t(infoKey(question.code))}
              </p>
              <FieldError id={`${id}-error`} error={error} />
              <div className="radios radios--inline">
                {(["yes", "no"] as const).map((option) => (
                  <div className="radio" key={option}>
                    <input
                      type="radio"
                      id={option === "yes" ? id : `${id}-no`}
                      name={name}
                      value={option}
                      defaultChecked={answer === option}
                      onChange={() => setAnswers((current) => ({ ...current, [question.code]: option }))}
                    />
                    <label htmlFor={option === "yes" ? id : `${id}-no`}>{t(`questionnaire.${option}`)}</label>
                  </div>
                ))}
              </div>
              {question.subs.length ? (
                // Hidden rather than removed after a "no", so nothing typed is lost; the save drops it.
                <div className="question__subs" id={subsId} hidden={!revealed}>
                  {!hydrated ? <p className="field__hint">{t("questionnaire.subs.nojs")}</p> : null}
                  {question.subs.map((sub) => {
                    const subName = `content.${extraKey(question.code)}.${sub.code}`;
                    const subId = idOf(subName);
                    const subError = errorOf(subName);
                    const common = {
                      id: subId,
                      name: subName,
                      defaultValue: valueAt(values, subName),
                      "aria-invalid": subError ? true : undefined,
                      "aria-describedby": subError ? `${subId}-error` : undefined,
                    };
                    return (
                      <div className={`field${subError ? " field--error" : ""}`} key={sub.code}>
                        <label htmlFor={subId}>{t(subKey(sub.code))}</label>
                        <FieldError id={`${subId}-error`} error={subError} />
                        {sub.kind === "integer" ? (
                          <input
                            {...common}
                            type="text"
                            inputMode="numeric"
                            maxLength={NUMERIC_MAX_LENGTH}
                            className="input--short"
                            onInput={(event) => {
                              const input = event.currentTarget;
                              const next = normaliseNumericInput(input.value, "integer");
                              if (next !== input.value) input.value = next;
                            }}
                          />
                        ) : (
                          <textarea {...common} rows={3} maxLength={SUB_TEXT_MAX} />
                        )}
                      </div>
                    );
                  })}
                </div>
              ) : null}
            </fieldset>
          );
        })}

        <div className="form-actions">
          <Link to={BACK} className="button button--secondary">
            {t("questionnaire.back")}
          </Link>
          <button type="submit" className="button" disabled={saving || blocked} aria-describedby={bmiBlocked ? "bmi-limit" : undefined}>
            {t("questionnaire.submit")}
          </button>
        </div>
      </Form>

      <Modal
        open={hydrated && reqChangeOpen}
        onClose={() => setReqChangeOpen(false)}
        heading={t("questionnaire.req_change.heading")}
        actions={
          <button type="button" className="button" data-autofocus onClick={() => setReqChangeOpen(false)}>
            {t("questionnaire.req_change.close")}
          </button>
        }
      >
        <p>{t("warn.age_questionnaire_req")}</p>
      </Modal>
      <LeavePageGuard when={hydrated && Boolean(form.dirty) && navigation.state === "idle"} />
    </StepPage>
  );
}
