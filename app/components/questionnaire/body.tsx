/**
 * Height and weight (SPEC.md section 2 "Questionnaire"): inputs until the body-mass figures
 * are submitted, read-only facts afterwards; with JavaScript the set is checked again 500 ms
 * after a change (GET /api/onboarding/questionnaire/required-type), the latest figures winning.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { FieldError, FieldLabel } from "~/components/form";
import { QUESTIONNAIRE_TYPES, type QuestionnaireType } from "~/lib/questionnaire-sets";
import { NUMERIC_MAX_LENGTH, normaliseNumericInput, parseNumeric } from "~/lib/score-fields";
import { idOf, valueAt } from "./fields";

/** SPEC.md section 9: the body-mass recheck runs 500 ms after a change, from 100 cm and 10 kg. */
const RECHECK_DELAY_MS = 500;
const HEIGHT_THRESHOLD = 100;
const WEIGHT_THRESHOLD = 10;

const isType = (value: unknown): value is QuestionnaireType => (QUESTIONNAIRE_TYPES as readonly unknown[]).includes(value);

/** The set on screen: the page's or the server's reply's, then the recheck's while the customer types. */
export function useRequiredType(pageType: QuestionnaireType, replyType: QuestionnaireType | null | undefined) {
  const [type, setType] = useState<QuestionnaireType>(replyType ?? pageType);
  useEffect(() => {
    if (replyType) setType(replyType);
  }, [replyType]);
  const [checking, setChecking] = useState(false);
  const [unknownType, setUnknownType] = useState(false);
  // The check got no answer (the network, or a 5xx on the way): said, and not blocking the save,
  // which decides the set again (docs/decisions/0008); asked again once the browser is back online.
  const [failed, setFailed] = useState<{ offline: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inflight = useRef<AbortController>();
  const lastForm = useRef<HTMLFormElement | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );
  // No answer: an earlier check's "unknown" or "outside the limits" no longer holds for these
  // figures, and must not block the save, which decides the set itself.
  const noAnswer = (offline: boolean) => {
    setUnknownType(false);
    setType((shown) => (shown === "UNAVAILABLE" ? pageType : shown));
    setFailed({ offline });
  };
  const recheck = (formElement: HTMLFormElement | null) => {
    clearTimeout(timer.current);
    if (!formElement) return;
    lastForm.current = formElement;
    setFailed(null);
    const data = new FormData(formElement);
    const height = parseNumeric(String(data.get("height") ?? ""), "decimal");
    const weight = parseNumeric(String(data.get("weight") ?? ""), "decimal");
    if (!("value" in height) || !("value" in weight) || height.value < HEIGHT_THRESHOLD || weight.value < WEIGHT_THRESHOLD) {
      // Without a usable height and weight, age and cover alone decide (the page's own set).
      inflight.current?.abort();
      setChecking(false);
      setUnknownType(false);
      setType(pageType);
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
        if (response.status >= 500) return noAnswer(false);
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
        if ((error as Error)?.name !== "AbortError") noAnswer(navigator.onLine === false);
      } finally {
        if (inflight.current === controller) setChecking(false);
      }
    }, RECHECK_DELAY_MS);
  };
  useEffect(() => {
    if (!failed) return;
    const again = () => recheck(lastForm.current);
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
    // recheck reads refs and the page's set only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);
  return { type, checking, unknownType, failed, recheck };
}

export interface BodyFacts {
  heightText: string;
  weightText: string;
  bmiText: string;
}

export function BodyFigures(props: {
  body: BodyFacts | null;
  values: unknown;
  errorOf: (name: string) => string | undefined;
  set: ReturnType<typeof useRequiredType>;
  /**
   * The page answers a post without JavaScript: the body-mass limit it refused is where focus
   * lands (it has no error summary: the limit shows by the figures), not the page's top.
   */
  answered?: boolean;
}) {
  const { t } = useTranslation();
  const { body, set } = props;
  const numberInput = (name: "height" | "weight") => {
    const error = props.errorOf(name);
    const id = idOf(name);
    const hintId = `${id}-hint`;
    return (
      <div className={`field field--short${error ? " field--error" : ""}`}>
        <FieldLabel htmlFor={id} required>
          {t(`questionnaire.${name}`)}
        </FieldLabel>
        <span id={hintId} className="field__hint">
          {t(`questionnaire.${name}.hint`)}
        </span>
        <FieldError id={`${id}-error`} error={error} />
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={NUMERIC_MAX_LENGTH}
          required
          defaultValue={valueAt(props.values, name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? `${id}-error` : null].filter(Boolean).join(" ")}
          onInput={(event) => {
            const input = event.currentTarget;
            const next = normaliseNumericInput(input.value, "decimal");
            if (next !== input.value) input.value = next;
            set.recheck(input.form);
          }}
        />
      </div>
    );
  };
  // The set's status follows the group, not inside it: a live region in the fieldset was heard
  // as part of "Pikkus ja kaal" each time a listener entered it.
  return (
    <>
      <fieldset className="group">
        <legend className="group__legend">{t("questionnaire.body.heading")}</legend>
        {body ? (
          <>
            <dl className="facts">
              <div>
                <dt>{t("questionnaire.height")}</dt>
                <dd>{body.heightText}</dd>
              </div>
              <div>
                <dt>{t("questionnaire.weight")}</dt>
                <dd>{body.weightText}</dd>
              </div>
              <div>
                <dt>{t("questionnaire.bmi")}</dt>
                <dd>{body.bmiText}</dd>
              </div>
            </dl>
            <p className="field__hint">{t("questionnaire.body.submitted")}</p>
          </>
        ) : (
          <div className="questionnaire__body">
            {numberInput("height")}
            {numberInput("weight")}
          </div>
        )}
      </fieldset>
      <div className="questionnaire__status" aria-live="polite">
        {set.type === "UNAVAILABLE" ? (
          <p className="questionnaire__limit" id="bmi-limit" tabIndex={props.answered ? -1 : undefined} autoFocus={props.answered}>
            {t("error.bmi_limit")}
          </p>
        ) : set.unknownType ? (
          <p className="questionnaire__limit">{t("error.unknown_type")}</p>
        ) : set.checking ? (
          <p>{t("questionnaire.checking")}</p>
        ) : set.failed ? (
          <p className="questionnaire__limit">
            {t("questionnaire.check_failed")} {set.failed.offline ? t("error.offline") : null}
          </p>
        ) : (
          <p>{t(`questionnaire.set.${set.type}`)}</p>
        )}
      </div>
    </>
  );
}
