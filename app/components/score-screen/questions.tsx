/**
 * One native control per question kind (STYLE.md "Do" 6): fieldset/legend groups, radios for
 * yes/no and choices, checkboxes for multi-choice, a range input with a typed number beside
 * it for sliders (WCAG 2.5.7), text inputs for numbers. Numbers with an automatic source get
 * a manual/automatic radio pair; the manual input is only hidden once JavaScript runs.
 */
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Choice, FieldError, optionId, RequiredMark, requiredMarkId } from "~/components/form";
import { Slider } from "~/components/slider";
import { useHydrated } from "~/components/step-form";
import {
  activityCounts,
  answerOf,
  capSlider,
  formatNumber,
  offersSourceChoice,
  sliderBounds,
  type Answer,
  type ScoreQuestion,
  type ScreenAnswer,
} from "~/lib/score-model";
import {
  NUMERIC_MAX_LENGTH,
  normaliseNumericInput,
  parseNumeric,
  rangeField,
  sourceField,
  wasField,
  type NumericMode,
} from "~/lib/score-fields";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Fields = Record<string, FieldMetadata<any>>;

interface QuestionProps {
  question: ScoreQuestion;
  answers: Record<string, ScreenAnswer>;
  fields: Fields;
  integration: "activity" | "health" | null;
}

const errorParams = (q: ScoreQuestion) => ({ min: sliderBounds(q).min, max: sliderBounds(q).max });

function ErrorText({ id, error, question }: { id: string; error: string | undefined; question: ScoreQuestion }) {
  return <FieldError id={id} error={error} params={errorParams(question)} />;
}

const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(" ") || undefined;

/** The initial value conform holds for a field (after a server reply: what was submitted). */
const initial = (field: FieldMetadata<unknown> | undefined): string | undefined => {
  const value = field?.initialValue;
  return typeof value === "string" ? value : undefined;
};

const initialList = (field: FieldMetadata<unknown> | undefined): string[] => {
  const value = field?.initialValue;
  return Array.isArray(value) ? (value as string[]) : typeof value === "string" ? [value] : [];
};

export function Question({ question, answers, fields, integration }: QuestionProps) {
  const { t } = useTranslation();
  const q = question;
  const field = fields[q.code];
  const title = t(`score.question.${q.code}`);
  const hintKey = `score.question.${q.code}.hint`;
  const hint = t(hintKey) === hintKey ? null : t(hintKey);
  const error = q.readonly ? undefined : field.errors?.[0];
  const disabled = q.readonly || undefined;

  if (q.type === "group") {
    return (
      <fieldset className="score-question score-question--group">
        <legend>{title}</legend>
        {hint ? <p className="field__hint">{hint}</p> : null}
        {q.questions.map((nested) => (
          <Question key={nested.code} question={nested} answers={answers} fields={fields} integration={integration} />
        ))}
      </fieldset>
    );
  }

  if (q.type === "boolean" || q.type === "choice" || q.type === "multi-choice") {
    const multi = q.type === "multi-choice";
    const options = q.type === "boolean" ? ["yes", "no"] : q.options;
    const label = (option: string) => t(q.type === "boolean" ? `score.option.${option}` : `score.option.${q.code}.${option}`);
    const checked = multi ? initialList(field) : [initial(field)];
    return (
      <QuestionSet question={q} field={field} title={title} hint={hint} error={error} required={q.mandatory}>
        <div className={multi ? "checkboxes" : "radios"}>
          {options.map((option, index) => (
            <Choice
              type={multi ? "checkbox" : "radio"}
              key={`${field.key}-${option}`}
              id={optionId(field.id, index, option)}
              label={label(option)}
              name={q.code}
              value={option}
              defaultChecked={checked.includes(option)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
            />
          ))}
        </div>
      </QuestionSet>
    );
  }

  const answer = answerOf(answers, q.code);
  if ((q.type === "integer" || q.type === "decimal") && !offersSourceChoice(q)) {
    // One input: its label is the question (no fieldset of one).
    return (
      <div className={`field score-question${error ? " field--error" : ""}`}>
        <NumberControl question={q} field={field} label={title} hint={hint} error={error} disabled={disabled} visuallyHiddenLabel={false} />
      </div>
    );
  }
  const control =
    q.type === "slider" ? (
      <SliderControl question={q} fields={fields} title={title} error={error} disabled={disabled} />
    ) : (
      <NumberControl question={q} field={field} label={title} error={error} disabled={disabled} visuallyHiddenLabel={offersSourceChoice(q)} />
    );

  return (
    <QuestionSet question={q} field={field} title={title} hint={hint} error={error}>
      {offersSourceChoice(q) ? (
        <SourceChoice question={q} answer={answer} field={fields[sourceField(q.code)]} integration={integration}>
          {control}
        </SourceChoice>
      ) : (
        control
      )}
    </QuestionSet>
  );
}

/**
 * A question answered in a group of controls: the fieldset, its legend (the title, and the
 * required mark when asked), the hint and the error, each tied to the group by aria-describedby.
 */
function QuestionSet(props: {
  question: ScoreQuestion;
  field: FieldMetadata<unknown>;
  title: string;
  hint: string | null;
  error: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  const { question: q, field, hint, error, required } = props;
  const hintId = `${field.id}-hint`;
  return (
    <fieldset
      className={`field score-question${error ? " field--error" : ""}`}
      aria-describedby={describedBy(required && requiredMarkId(field.id), hint && hintId, error && field.errorId)}
    >
      <legend>
        {props.title}
        <RequiredMark required={required} id={requiredMarkId(field.id)} />
      </legend>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <ErrorText id={field.errorId} error={error} question={q} />
      {props.children}
    </fieldset>
  );
}

function NumberControl(props: {
  question: ScoreQuestion;
  field: FieldMetadata<unknown>;
  label: string;
  /** Shown with the label when the input stands alone. */
  hint?: string | null;
  error: string | undefined;
  disabled: true | undefined;
  visuallyHiddenLabel: boolean;
}) {
  const { t } = useTranslation();
  const { question: q, field, error } = props;
  const mode: NumericMode = q.type === "decimal" ? "decimal" : "integer";
  const boundsId = `${field.id}-bounds`;
  const hintId = `${field.id}-hint`;
  return (
    <div className="score-number">
      <label htmlFor={field.id} className={props.visuallyHiddenLabel ? "visually-hidden" : undefined}>
        {props.visuallyHiddenLabel ? t("score.source.manual_value", { question: props.label }) : props.label}
      </label>
      {props.hint ? (
        <span id={hintId} className="field__hint">
          {props.hint}
        </span>
      ) : null}
      {q.min !== undefined && q.max !== undefined ? (
        <span id={boundsId} className="field__hint">
          {t("score.number.bounds", { min: q.min, max: q.max })}
        </span>
      ) : null}
      {props.hint !== undefined ? <ErrorText id={field.errorId} error={error} question={q} /> : null}
      <input
        type="text"
        id={field.id}
        name={q.code}
        key={field.key}
        defaultValue={initial(field)}
        inputMode={mode === "decimal" ? "decimal" : "numeric"}
        maxLength={NUMERIC_MAX_LENGTH}
        autoComplete="off"
        className="input--number"
        disabled={props.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props.hint && hintId, q.min !== undefined && boundsId, error && field.errorId)}
        onInput={(event) => {
          const input = event.currentTarget;
          const next = normaliseNumericInput(input.value, mode);
          if (next !== input.value) input.value = next;
        }}
      />
    </div>
  );
}

function SliderControl(props: { question: ScoreQuestion; fields: Fields; title: string; error: string | undefined; disabled: true | undefined }) {
  const { question: q, fields } = props;
  const field = fields[q.code];
  // Remount (and so reset both inputs) when conform resets the field.
  return <SliderInputs key={field.key ?? "slider"} {...props} field={field} range={fields[rangeField(q.code)]} was={fields[wasField(q.code)]} />;
}

function SliderInputs(props: {
  question: ScoreQuestion;
  field: FieldMetadata<unknown>;
  range: FieldMetadata<unknown>;
  was: FieldMetadata<unknown>;
  title: string;
  error: string | undefined;
  disabled: true | undefined;
}) {
  const { t } = useTranslation();
  const { question: q, field, error } = props;
  const { min, max, step } = sliderBounds(q);
  const [typed, setTyped] = useState(initial(field) ?? "");
  const [position, setPosition] = useState(initial(props.range) ?? String(min));
  const was = initial(props.was) ?? "";
  const boundsId = `${field.id}-bounds`;
  const valueKey = `score.question.${q.code}.valuetext`;
  // A counted value ("1 day a week", "5 дней в неделю") takes its language's plural form.
  const valueText = (value: string) => (t(valueKey) === valueKey ? value : t(valueKey, { value }));
  const mode = Number.isInteger(step) ? "integer" : "decimal";
  return (
    <div className="slider">
      <span id={boundsId} className="field__hint">
        {t("score.slider.bounds", { min, max })}
      </span>
      <Slider
        names={{ typed: q.code, range: rangeField(q.code), was: wasField(q.code) }}
        typedId={field.id}
        rangeId={`${field.id}-range`}
        min={min}
        max={max}
        step={step}
        value={position}
        typed={typed}
        was={was}
        rangeLabel={t("score.slider.range", { question: props.title })}
        typedLabel={t("score.slider.typed", { question: props.title })}
        typedPlacement="inline"
        valueText={typed === "" ? t("score.slider.unanswered", { value: valueText(position) }) : valueText(position)}
        rangeDescribedBy={boundsId}
        typedDescribedBy={describedBy(boundsId, error && field.errorId)}
        invalid={Boolean(error)}
        disabled={props.disabled}
        typedClassName="input--number slider__typed"
        onRange={(value) => {
          setPosition(value);
          setTyped(value);
        }}
        onTyped={(text) => {
          const next = normaliseNumericInput(text, mode);
          setTyped(next);
          const parsed = parseNumeric(next, mode);
          if ("value" in parsed && parsed.value >= min) setPosition(String(capSlider(parsed.value, q)));
        }}
      />
    </div>
  );
}

function SourceChoice(props: { question: ScoreQuestion; answer: Answer; field: FieldMetadata<unknown>; integration: "activity" | "health" | null; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { question: q, answer, field } = props;
  const hydrated = useHydrated();
  const initialSource = !answer.autoEnabled ? "manual" : (initial(field) ?? (answer.manual ? "manual" : "auto"));
  const [source, setSource] = useState(initialSource);
  // New automatic data (a measurement, a connected tracker): switch to it; gone: back to manual.
  const seen = useRef(`${answer.autoEnabled}:${answer.autoValue}`);
  useEffect(() => {
    const now = `${answer.autoEnabled}:${answer.autoValue}`;
    if (seen.current === now) return;
    seen.current = now;
    setSource(answer.autoEnabled ? "auto" : "manual");
  }, [answer.autoEnabled, answer.autoValue]);

  const noteId = `${field.id}-note`;
  const integration = q.auto?.integration ?? props.integration;
  // The counted phrases ("the last 30 days", "21 день") in the page language's plural forms.
  const counted = activityCounts(t, answer.autoPeriod, answer.autoDays, answer.autoPeriodLimit);
  let note: string | null = null;
  if (!answer.autoEnabled) {
    if (integration === "activity") {
      note = answer.autoDays !== null ? t("score.auto.activity_note", counted) : t("score.auto.activity_missing", counted);
    } else {
      note = t("score.auto.health_missing");
    }
  }
  const detail =
    answer.autoEnabled && integration === "activity"
      ? ` (${t("score.auto.activity_detail", counted)})`
      : "";
  const autoLabel =
    answer.autoEnabled && answer.autoValue !== null
      ? t("score.source.auto", { value: formatNumber(answer.autoValue, i18n.language) }) + detail
      : t("score.source.auto_unavailable");
  const name = sourceField(q.code);
  if (!answer.autoEnabled) {
    // No automatic value to choose: no radio pair with one usable option (a Tab stop that
    // chooses nothing, issue 24), only what would make one usable. The tracker connected or a
    // measurement taken (with JavaScript, on this page), the pair appears.
    return (
      <>
        <input type="hidden" name={name} value="manual" />
        {note ? (
          <p id={noteId} className="note score-source__note score-source__note--alone">
            {note}
          </p>
        ) : null}
        {props.children}
      </>
    );
  }
  return (
    <>
      <fieldset className="score-source">
        <legend className="visually-hidden">{t("score.source.legend", { question: t(`score.question.${q.code}`) })}</legend>
        <div className="radios">
          {(["manual", "auto"] as const).map((value) => (
            <Choice
              type="radio"
              key={value}
              id={`${field.id}-${value}`}
              label={value === "manual" ? t("score.source.manual") : autoLabel}
              name={name}
              value={value}
              checked={source === value}
              disabled={value === "auto" && !answer.autoEnabled}
              aria-describedby={value === "auto" && note ? noteId : undefined}
              onChange={() => setSource(value)}
            />
          ))}
        </div>
        {note ? (
          <p id={noteId} className="note score-source__note">
            {note}
          </p>
        ) : null}
      </fieldset>
      {/* Without JavaScript the manual input is always there (a conditional reveal shown). */}
      <div hidden={hydrated && source === "auto"}>{props.children}</div>
    </>
  );
}
