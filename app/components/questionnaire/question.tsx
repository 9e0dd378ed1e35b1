/**
 * One health question (SPEC.md section 2 "Questionnaire"): yes/no; a yes reveals its
 * sub-questions with JavaScript. Without JavaScript they are all shown (answered only after a
 * yes); after a "no" they are hidden rather than removed, so nothing typed is lost.
 */
import { useTranslation } from "~/i18n/react";
import { Choice, FieldError, FieldLabel, optionId, RequiredMark, requiredMarkId } from "~/components/form";
import { extraKey, infoKey, subKey, SUB_TEXT_MAX, titleKey, type HealthQuestion } from "~/lib/questionnaire-sets";
import { NUMERIC_MAX_LENGTH, normaliseNumericInput } from "~/lib/score-fields";
import { useWrittenBeforeHydration } from "~/lib/written-before-hydration";
import { idOf, valueAt } from "./fields";

export function QuestionField(props: {
  question: HealthQuestion;
  answer: string;
  onAnswer: (answer: "yes" | "no") => void;
  values: unknown;
  errorOf: (name: string) => string | undefined;
  hydrated: boolean;
}) {
  const { t } = useTranslation();
  // Its sub-answers' text areas: what was written before hydration stays (docs/decisions/0330).
  useWrittenBeforeHydration();
  const { question, answer, errorOf, hydrated } = props;
  const name = `content.${question.code}`;
  const error = errorOf(name);
  const id = idOf(name);
  const revealed = !hydrated || answer === "yes";
  return (
    <fieldset className={`group question${error ? " field--error" : ""}`} aria-describedby={[requiredMarkId(id), `${id}-info`, error ? `${id}-error` : null].filter(Boolean).join(" ")}>
      <legend className="question__title">
        {t(titleKey(question.code))}
        <RequiredMark required id={requiredMarkId(id)} />
      </legend>
      <p id={`${id}-info`} className="field__hint">
        {t(infoKey(question.code))}
      </p>
      <FieldError id={`${id}-error`} error={error} />
      <div className="radios radios--inline">
        {(["yes", "no"] as const).map((option, index) => (
          <Choice
            type="radio"
            key={option}
            id={optionId(id, index, option)}
            label={t(`questionnaire.${option}`)}
            name={name}
            value={option}
            defaultChecked={answer === option}
            aria-invalid={error ? true : undefined}
            onChange={() => props.onAnswer(option)}
          />
        ))}
      </div>
      {question.subs.length ? (
        <div className="question__subs" id={`${id}-subs`} hidden={!revealed}>
          {!hydrated ? <p className="field__hint">{t("questionnaire.subs.nojs")}</p> : null}
          {question.subs.map((sub) => {
            const subName = `content.${extraKey(question.code)}.${sub.code}`;
            const subId = idOf(subName);
            const subError = errorOf(subName);
            const common = {
              id: subId,
              name: subName,
              defaultValue: valueAt(props.values, subName),
              // Asked only after a "yes" (without JavaScript every sub-question shows, none required).
              required: hydrated,
              "aria-invalid": subError ? true : undefined,
              "aria-describedby": subError ? `${subId}-error` : undefined,
            };
            return (
              <div className={`field${subError ? " field--error" : ""}`} key={sub.code}>
                <FieldLabel htmlFor={subId} required={hydrated}>
                  {t(subKey(sub.code))}
                </FieldLabel>
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
}
