/**
 * The wellness score screen, shared by onboarding (/score) and self-service
 * (/self-service/score/{id}): the route passes its loader data, where back and save go, and
 * its own path. A plain HTML form first (SPEC.md section 2 "Score"):
 *
 * - the server's `enabled=false` disables every field (one disabled fieldset);
 * - saving with questions unanswered asks for confirmation first: with JavaScript in a
 *   modal; without it the action answers with a confirmation state (the same note, back and
 *   forward buttons) and the form re-rendered with every answer kept;
 * - the submission key makes a double submit one save; the leave-page guard asks before
 *   leaving a changed form.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ErrorSummary, type SummaryItem } from "~/components/form";
import { ConfirmBeforeSave, LeavePageGuard, SubmissionKeyField, useAfterHydration, useRequestFailure } from "~/components/every-page";
import { useStepErrors, useStepForm } from "~/components/step-form";
import { answerOf, countAnswered, formatNumber, leafQuestions, offersSourceChoice, sliderBounds, type Answer, type ScoreGroup, type ScoreScreenView, type ScreenAnswer } from "~/lib/score-model";
import { rangeField, sliderStart, sourceField, typedAnswers, wasField, type ParsedScoreForm } from "~/lib/score-fields";
import { screenGroups } from "~/lib/score-definition";
import { ACTIVITY_CONNECT_FORM, ActivityConnection, HealthMeasurement } from "./integrations";
import { Question, type Fields } from "./questions";
import { BusyButton } from "~/components/busy-button";

const SCORE_FORM_ID = "score";

export interface ScoreScreenProps {
  view: ScoreScreenView;
  submissionKey: string;
  /** The action's conform reply, and its confirmation state when answers were missing. */
  lastResult?: SubmissionResult<string[]> | null;
  confirm?: { answered: number; total: number } | null;
  backTo: string;
  /** This screen's path: the integration pages come back here without JavaScript. */
  returnTo: string;
  /** Translation key of the save button. */
  saveLabel?: string;
  /** The page title without and with the "Error: " prefix. */
  titles: { plainTitle: string; errorTitle: string };
}

/** The form's starting values from the saved answers, as the inputs hold them. */
function formDefaults(groups: ScoreGroup[], answers: Record<string, ScreenAnswer>, lang: string) {
  const out: Record<string, string | string[] | undefined> = {};
  for (const q of leafQuestions(groups)) {
    const { value, manual } = answerOf(answers, q.code);
    const text = typeof value === "number" ? formatNumber(value, lang) : "";
    switch (q.type) {
      case "boolean":
        out[q.code] = value === true ? "yes" : value === false ? "no" : undefined;
        break;
      case "choice":
        out[q.code] = typeof value === "string" ? value : undefined;
        break;
      case "multi-choice":
        out[q.code] = Array.isArray(value) ? value : [];
        break;
      case "slider":
        out[q.code] = text;
        out[rangeField(q.code)] = String(typeof value === "number" ? value : sliderStart(q));
        out[wasField(q.code)] = text;
        break;
      default:
        out[q.code] = text;
    }
    if (offersSourceChoice(q)) out[sourceField(q.code)] = manual ? "manual" : "auto";
  }
  return out;
}

/** The answered count for what the form holds now, with the server's automatic values. */
function countSubmitted(groups: ScoreGroup[], answers: Record<string, ScreenAnswer>, given: Partial<Record<string, { value: Answer["value"] }>>) {
  const merged: Record<string, Pick<Answer, "value" | "autoValue">> = {};
  for (const q of leafQuestions(groups)) {
    const server = answerOf(answers, q.code);
    merged[q.code] = { value: q.readonly ? server.value : (given[q.code]?.value ?? null), autoValue: server.autoValue };
  }
  return countAnswered(groups, merged);
}

const loadSchemas = () => import("~/lib/score-schema");

export function ScoreScreen({ view, submissionKey, lastResult, confirm, backTo, returnTo, saveLabel = "score.save", titles }: ScoreScreenProps) {
  const { t, i18n } = useTranslation();
  const schemas = useAfterHydration(loadSchemas);
  const groups = useMemo(() => screenGroups(view.questionnaire), [view.questionnaire]);
  const schema = useMemo(() => schemas?.scoreFormSchema(groups) ?? null, [schemas, groups]);
  const [askToConfirm, setAskToConfirm] = useState<{ answered: number; total: number } | null>(null);
  const step = useStepForm<ReturnType<typeof formDefaults>, ParsedScoreForm>({
    id: SCORE_FORM_ID,
    schema,
    lastResult,
    defaultValue: formDefaults(groups, view.answers, i18n.language),
    notInput: (name) => name === "intent" || name.endsWith("__was"),
    onSubmit(event, { submission }) {
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      const intent = submitter?.name === "intent" ? submitter.value : "save";
      if (intent !== "save" || submission?.status !== "success") return;
      const count = countSubmitted(groups, view.answers, submission.value.answers);
      if (count.answered < count.total) {
        event.preventDefault();
        setAskToConfirm(count);
      }
    },
  });
  const { form, fields, saving } = step;
  const typedFields = fields as unknown as Fields;

  // A save that got as far as the server closes the modal; so does one that failed on the way.
  const failure = useRequestFailure();
  useEffect(() => {
    if (saving) return;
    if (lastResult || failure) setAskToConfirm(null);
  }, [lastResult, saving, failure]);

  const summary: SummaryItem[] = [
    ...(form.errors ?? []).map((key) => ({ message: t(key) })),
    ...leafQuestions(groups)
      .filter((q) => !q.readonly && typedFields[q.code]?.errors?.length)
      .map((q) => ({
        fieldId: typedFields[q.code].id,
        message: `${t(`score.question.${q.code}`)} – ${t(typedFields[q.code].errors![0], sliderBounds(q))}`,
      })),
  ];
  const errors = useStepErrors(step, summary, titles);

  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirm) confirmRef.current?.focus();
  }, [confirm]);

  // The answers as given (once JavaScript runs; the server's count of the saved ones before).
  const answered = step.hydrated ? countSubmitted(groups, view.answers, typedAnswers(groups, (form.value ?? {}) as Record<string, unknown>)).answered : view.answered;
  const progress = t("score.progress", { answered, total: view.total });

  return (
    <>
      <p className="lead">{t("score.intro")}</p>
      {view.score !== null ? <p>{t("score.saved_score", { count: view.score, discount: view.discountPercent ?? 0 })}</p> : null}
      <Form method="post" {...step.formProps}>
        <SubmissionKeyField value={submissionKey} />
        <ErrorSummary {...errors} />
        {confirm ? (
          <div className="confirm-panel" role="region" aria-labelledby="score-confirm-title" tabIndex={-1} ref={confirmRef} autoFocus>
            <h2 id="score-confirm-title">{t("score.confirm.title")}</h2>
            <p>{t("self-service.score.confirmation")}</p>
            <p>{t("score.confirm.count", confirm)}</p>
            <div className="form-actions">
              <button type="submit" name="intent" value="edit" className="button button--secondary">
                {t("score.confirm.back")}
              </button>
              <BusyButton type="submit" name="intent" value="confirm" className="button" busy={saving}>
                {t("score.confirm.forward")}
              </BusyButton>
            </div>
          </div>
        ) : null}
        {confirm ? null : <p className="note">{progress}</p>}
        {view.enabled ? null : <p className="note">{t("score.disabled_note")}</p>}
        <fieldset className="score-fields" disabled={!view.enabled}>
          <legend className="visually-hidden">{t("heading.score")}</legend>
          {groups.map((group) => (
            <fieldset className="score-group" key={group.code}>
              <legend>
                <h2>{t(`score.group.${group.code}`)}</h2>
              </legend>
              {group.integrationCode === "activity" ? (
                <ActivityConnection enabled={view.enabled} activity={view.activity} returnTo={returnTo} />
              ) : group.integrationCode === "health" ? (
                <HealthMeasurement enabled={view.enabled} measuredAt={view.health.measuredAt} returnTo={returnTo} />
              ) : null}
              {group.questions.map((question) => (
                <Question key={question.code} question={question} answers={view.answers} fields={typedFields} integration={group.integrationCode} />
              ))}
            </fieldset>
          ))}
        </fieldset>
        <div className="form-actions">
          <Link to={backTo} className="button button--secondary">
            {t("score.back")}
          </Link>
          <BusyButton type="submit" name="intent" value="save" className="button" disabled={!view.enabled} busy={saving}>
            {saving ? t("score.saving") : t(saveLabel)}
          </BusyButton>
        </div>
      </Form>
      {/* The tracker's consent request starts here without JavaScript (the button above submits it). */}
      <form id={ACTIVITY_CONNECT_FORM} method="post" action="/activity/consent" hidden>
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="returnTo" value={returnTo} />
      </form>
      <ConfirmBeforeSave
        open={askToConfirm !== null}
        heading={t("score.confirm.title")}
        backLabel={t("score.confirm.back")}
        forwardLabel={t("score.confirm.forward")}
        onBack={() => setAskToConfirm(null)}
        saving={saving}
        form={form.id}
        name="intent"
        value="confirm"
      >
        <p>{t("self-service.score.confirmation")}</p>
        {askToConfirm ? <p>{t("score.confirm.count", askToConfirm)}</p> : null}
      </ConfirmBeforeSave>
      {/* A disabled form submits nothing, which conform counts as a change: only an editable one can be left unsaved. */}
      <LeavePageGuard when={view.enabled && step.unsaved()} />
    </>
  );
}
