/**
 * The questionnaire step's form (SPEC.md section 2 "Questionnaire"): height and weight (or
 * their facts once submitted), then the questions of the set required now. Without
 * JavaScript the set is decided on submit; with it the set follows height and weight.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ErrorSummary, type SummaryItem } from "~/components/form";
import { LeavePageGuard, Modal, SubmissionKeyField, useAfterHydration } from "~/components/every-page";
import { useStepErrors, useStepForm } from "~/components/step-form";
import { BackLink } from "~/components/step-page";
import { extraKey, QUESTION_SETS, subKey, titleKey, type HealthQuestion, type QuestionnaireType } from "~/lib/questionnaire-sets";
import { BodyFigures, useRequiredType, type BodyFacts } from "./body";
import { idOf, valueAt } from "./fields";
import { QuestionField } from "./question";
import { BusyButton } from "~/components/busy-button";

export interface QuestionnairePageData {
  plainTitle: string;
  errorTitle: string;
  type: QuestionnaireType;
  body: (BodyFacts & { height: number; weight: number }) | null;
  defaults: { height?: string; weight?: string; content: Record<string, string | Record<string, string>> };
  reqChange: boolean;
  submissionKey: string;
}

/** A field that is not the customer's input (never makes the form dirty). */
const NOT_INPUT = ["type"];

const loadSchemas = () => import("~/lib/questionnaire-schema");

export function QuestionnaireForm({ page, reply }: { page: QuestionnairePageData; reply: { result: SubmissionResult<string[]>; type: QuestionnaireType | null } | undefined }) {
  const { t } = useTranslation();
  const values = reply?.result.initialValue ?? page.defaults;
  const set = useRequiredType(page.type, reply?.type);
  const { type } = set;
  const schemas = useAfterHydration(loadSchemas);
  const step = useStepForm({
    id: "questionnaire",
    schema: useMemo(() => schemas?.clientQuestionnaireSchema(type, page.body) ?? null, [schemas, type, page.body]),
    lastResult: reply?.result,
    defaultValue: page.defaults,
    notInput: NOT_INPUT,
  });
  const { form, hydrated, saving } = step;
  const fieldErrors = Object.fromEntries(Object.entries(form.allErrors).filter(([name]) => name !== "" && name !== form.id));
  const errorOf = (name: string) => fieldErrors[name]?.[0];

  // The yes/no answers, so a yes reveals its sub-questions (with JavaScript).
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const answerOf = (question: string) => answers[question] ?? valueAt(values, `content.${question}`);

  const questions: readonly HealthQuestion[] = type === "UNAVAILABLE" ? [] : QUESTION_SETS[type];
  const labelOf = (name: string): string => {
    if (name === "height") return t("questionnaire.height");
    if (name === "weight") return t("questionnaire.weight");
    const [, question, sub] = name.split(".");
    if (sub) return `${t(titleKey(question.replace(/Extra$/, "")))} – ${t(subKey(sub))}`;
    return t(titleKey(question ?? name));
  };
  // The summary lists the fields in the page's order: the server's errors come in its schema's.
  const order = ["height", "weight", ...questions.flatMap((q) => [`content.${q.code}`, ...q.subs.map((sub) => `content.${extraKey(q.code)}.${sub.code}`)])];
  const rank = (name: string) => {
    const at = order.indexOf(name);
    return at === -1 ? order.length : at;
  };
  const summary: SummaryItem[] = [
    // The body-mass limit shows by the figures instead.
    ...(form.errors ?? []).filter((key) => key !== "error.bmi_limit").map((key) => ({ message: t(key) })),
    ...Object.entries(fieldErrors)
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([name, errors]) => ({ fieldId: idOf(name), message: `${labelOf(name)}: ${t(errors[0])}` })),
  ];
  const bmiBlocked = type === "UNAVAILABLE";
  const errors = useStepErrors(step, summary, page, bmiBlocked);
  const [reqChangeOpen, setReqChangeOpen] = useState(page.reqChange);

  // The set can change under the customer's focus: the recheck answers half a second after the
  // last key, when a keyboard customer may already be on a question, and the question goes
  // with the set (focus to the page's body). The new set's first question has focus then, or,
  // when the figures leave no set (the body-mass limit), the weight to correct.
  const lastFocus = useRef<{ element: HTMLElement; form: HTMLFormElement } | null>(null);
  useEffect(() => {
    const last = lastFocus.current;
    if (!last || last.element.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    (last.form.querySelector<HTMLElement>('input[name^="content."]') ?? last.form.querySelector<HTMLElement>('input[name="weight"]'))?.focus();
  }, [type]);
  const blocked = hydrated && (bmiBlocked || set.unknownType || set.checking);

  return (
    <>
      <ErrorSummary {...errors} />
      {page.reqChange && !hydrated ? (
        <div className="notice" role="status">
          <p>{t("warn.age_questionnaire_req")}</p>
        </div>
      ) : null}
      <p>{t("questionnaire.intro")}</p>

      <Form method="post" {...step.formProps} onFocus={(event) => (lastFocus.current = { element: event.target, form: event.currentTarget })}>
        <SubmissionKeyField value={page.submissionKey} />
        <input type="hidden" name="type" value={type} />
        <BodyFigures body={page.body} values={values} errorOf={errorOf} set={set} answered={!hydrated && Boolean(reply)} />
        {questions.map((question) => (
          <QuestionField
            key={`${type}-${question.code}`}
            question={question}
            answer={answerOf(question.code)}
            onAnswer={(answer) => setAnswers((current) => ({ ...current, [question.code]: answer }))}
            values={values}
            errorOf={errorOf}
            hydrated={hydrated}
          />
        ))}
        <div className="form-actions">
          <BackLink step="questionnaire" label={t("questionnaire.back")} />
          <BusyButton type="submit" className="button" busy={saving || blocked} aria-describedby={bmiBlocked ? "bmi-limit" : undefined}>
            {t("questionnaire.submit")}
          </BusyButton>
        </div>
      </Form>

      <Modal
        open={hydrated && reqChangeOpen}
        onClose={() => setReqChangeOpen(false)}
        heading={t("questionnaire.req_change.heading")}
        closeLabel={t("questionnaire.req_change.close")}
      >
        <p>{t("warn.age_questionnaire_req")}</p>
      </Modal>
      <LeavePageGuard when={step.unsaved()} />
    </>
  );
}
