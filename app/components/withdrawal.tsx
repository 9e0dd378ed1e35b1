/**
 * Ending the policy (docs/decisions/0130): the withdraw-or-cancel form, the insurance tab's
 * section that leads to it (or says how the policy ended, and offers a new sign-up), and the
 * bills tab's credit notes. What is offered follows from the state (the onboarding table's
 * mayEndPolicy and maySignUpAgain), never from a special case here.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { IdCodeHint } from "~/components/digits";
import { ErrorSummary, useSummaryItems, useLabelledSummaryItems } from "~/components/form";
import { CheckboxField, RadioGroup, TextField } from "~/components/form-fields";
import { RequestFailureNotice, SubmissionKeyField, useAfterHydration } from "~/components/every-page";
import { useStepErrors, useStepForm } from "~/components/step-form";
import { formatDate, useMoney } from "~/components/money";
import { DEMO_METHODS } from "~/lib/sign-in-methods";
import { APPLICATION_EFFECTS, ENDING_DOCUMENT, WITHDRAW_PATH, WITHDRAWAL_HIDDEN, type EndingReason, type WithdrawalFormValues } from "~/lib/withdrawal-fields";
import { WithdrawalDoor } from "~/components/withdrawal-door";
import type { WithdrawalForm as ParsedForm } from "~/lib/withdrawal-schema";
import { BusyButton } from "~/components/busy-button";

type Ending = { kind: "withdrawal"; withdrawalUntil: string } | { kind: "cancellation"; endDate: string } | { kind: "application" };

export interface WithdrawalPageData {
  plainTitle: string;
  errorTitle: string;
  heading: string;
  reason: EndingReason;
  terms: { policyNumber: string; withdrawalUntil: string | null; ending: Ending; credited: number; invoices: number } | null;
  provider: "demo" | "dokobit";
  /** Back from the provider's page with nothing ended (docs/decisions/0132). */
  eidError: string | null;
  submissionKey: string;
  /** Where "back" goes, and its name: the insurance tab, or the confirmation before the start day. */
  back: { href: string; label: string };
}

const loadSchema = () => import("~/lib/withdrawal-schema").then((module) => module.withdrawalSchema);
// Dokobit asks for the personal code on its own page: the form holds the reason and the confirmation.
const loadEidSchema = () => import("~/lib/withdrawal-schema").then((module) => module.withdrawalEidSchema);

export function WithdrawalForm({ page, lastResult }: { page: WithdrawalPageData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  const step = useStepForm<WithdrawalFormValues, ParsedForm>({
    id: "withdrawal",
    hidden: WITHDRAWAL_HIDDEN,
    schema: useAfterHydration(page.provider === "dokobit" ? loadEidSchema : loadSchema),
    lastResult,
    defaultValue: { reason: page.reason, method: "smart-id" },
  });
  const { form, fields, saving } = step;
  const summary = [
    // The confirmation's message names what it asks ("Kinnita, et soovid lepingu lõpetada.").
    ...useSummaryItems([fields.confirm], form.errors),
    ...useLabelledSummaryItems([
      [fields.method, "login.method"],
      [fields.idCode, "login.idCode"],
      [fields.phone, "login.phone"],
    ]),
  ];
  const errors = useStepErrors(step, summary, page);
  const { terms } = page;

  if (!terms) {
    return (
      <>
        <h2>{page.heading}</h2>
        <p>{t("withdrawal.none")}</p>
        <p>
          <a href={page.back.href}>{page.back.label}</a>
        </p>
      </>
    );
  }
  const { ending } = terms;
  const kind = ending.kind;
  return (
    <>
      <h2>{page.heading}</h2>
      <ErrorSummary {...errors} />
      {page.eidError && !lastResult ? (
        <p className="notice notice--error" role="alert">
          {t(page.eidError)}
        </p>
      ) : null}
      {page.reason === "health-data" && kind !== "application" ? <p className="notice notice--warning">{t("withdrawal.health.explain")}</p> : null}
      <p className="lead">
        {ending.kind === "application"
          ? t("withdrawal.summary.application", { policy: terms.policyNumber })
          : ending.kind === "withdrawal"
            ? t("withdrawal.summary.withdrawal", { policy: terms.policyNumber, date: formatDate(ending.withdrawalUntil) })
            : t("withdrawal.summary.cancellation", { policy: terms.policyNumber, date: formatDate(terms.withdrawalUntil ?? ""), end: formatDate(ending.endDate) })}
      </p>
      <section aria-labelledby="effects-heading" className="panel">
        <h3 id="effects-heading">{t("withdrawal.effects.heading")}</h3>
        <ul>
          {ending.kind === "application" ? (
            APPLICATION_EFFECTS.map((key) => <li key={key}>{t(key)}</li>)
          ) : ending.kind === "withdrawal" ? (
            <>
              <li>{t("withdrawal.effect.withdrawal.ends")}</li>
              <li>{t("withdrawal.effect.withdrawal.invoices")}</li>
              <li>
                {terms.invoices > 0
                  ? t("withdrawal.effect.withdrawal.credit", { count: terms.invoices, amount: money(terms.credited) })
                  : t("withdrawal.effect.withdrawal.no_credit")}
              </li>
            </>
          ) : (
            <>
              <li>{t("withdrawal.effect.cancellation.ends", { date: formatDate(ending.endDate) })}</li>
              <li>{t("withdrawal.effect.cancellation.invoices")}</li>
            </>
          )}
          {/* Ending it for the consent's sake withdraws the consent: what that erases (docs/decisions/0337). */}
          {page.reason === "health-data" && kind !== "application" ? <li>{t(`withdrawal.effect.erased.${kind}`)}</li> : null}
          <li>{t("withdrawal.effect.again")}</li>
        </ul>
      </section>
      <Form method="post" {...step.formProps}>
        <SubmissionKeyField value={page.submissionKey} />
        <input type="hidden" name={fields.reason.name} value={page.reason} />
        <CheckboxField field={fields.confirm} label={t(`withdrawal.confirm.${kind}`, { policy: terms.policyNumber })} required />
        <fieldset className="fieldset" aria-describedby="eid-hint">
          <legend>{t("withdrawal.eid.legend")}</legend>
          <p id="eid-hint" className="field__hint">
            {t("withdrawal.eid.hint")}
          </p>
          {page.provider === "dokobit" ? (
            <p>{t("withdrawal.eid.hosted")}</p>
          ) : (
            <>
              <RadioGroup field={fields.method} legend={t("login.method")} options={DEMO_METHODS.map((m) => ({ value: m, label: t(`login.method.${m}`) }))} required />
              <TextField field={fields.idCode} label={t("login.idCode")} hint={<IdCodeHint />} inputMode="numeric" maxLength={11} autoComplete="off" required />
              <TextField field={fields.phone} label={t("login.phone")} hint={t("login.phone.hint")} type="tel" autoComplete="tel" />
              <p className="note">{t("login.demo_note")}</p>
            </>
          )}
        </fieldset>
        <div className="form-actions">
          <a href={page.back.href}>{page.back.label}</a>
          <BusyButton type="submit" className="button" busy={saving}>
            {t(`withdrawal.submit.${kind}`)}
          </BusyButton>
        </div>
      </Form>
      <RequestFailureNotice />
    </>
  );
}

/** The insurance tab's part: how to end the policy (and the health-data consent), or how it ended. */
export function PolicyEnding({
  state,
  endDate,
  withdrawalUntil,
  mayEnd,
  maySignUpAgain,
}: {
  state: string;
  endDate: string | null;
  /** The last day to withdraw, while it has not passed; null after it. */
  withdrawalUntil: string | null;
  mayEnd: boolean;
  maySignUpAgain: boolean;
}) {
  const { t } = useTranslation();
  if (maySignUpAgain) {
    const acknowledgement = t(state === "CANCELLED" ? "doc.ending.title.cancellation" : "doc.ending.title.withdrawal");
    return (
      <section aria-labelledby="ending-heading" className="panel">
        <h3 id="ending-heading">{t("withdrawal.section.heading")}</h3>
        <p className="notice">{state === "CANCELLED" ? t("withdrawal.ended.CANCELLED", { date: formatDate(endDate ?? "") }) : t("withdrawal.ended.WITHDRAWN")}</p>
        {/* The acknowledgement to keep (docs/decisions/0259): the PDF, and the same as a web page. */}
        <ul role="list" className="documents">
          <li>
            <a href={ENDING_DOCUMENT.pdf} download>
              {acknowledgement} {t("self_service.pdf")}
            </a>{" "}
            <a href={ENDING_DOCUMENT.page}>{t("doc.view.html", { document: acknowledgement })}</a>
          </li>
        </ul>
        <p>
          <a href="/account" className="button button--secondary">
            {t("withdrawal.again")}
          </a>
        </p>
      </section>
    );
  }
  if (!mayEnd) return null;
  return (
    <>
      <WithdrawalDoor withdrawalUntil={withdrawalUntil} level={3} />
      <section aria-labelledby="health-consent-heading" className="panel">
        <h3 id="health-consent-heading">{t("withdrawal.consent.heading")}</h3>
        <p>{t("withdrawal.consent.given")}</p>
        <p>
          <a href={`${WITHDRAW_PATH}?reason=health-data`}>{t("withdrawal.consent.withdraw")}</a>
        </p>
      </section>
    </>
  );
}

export interface CreditNoteRow {
  pid: string;
  date: string;
  invoicePid: string;
  sum: number;
}

/** The bills tab's credit notes: number (to its web page, the PDF beside it), date, invoice credited, amount. */
export function CreditNotes({ creditNotes }: { creditNotes: CreditNoteRow[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (creditNotes.length === 0) return null;
  return (
    <section aria-labelledby="credit-notes-heading" className="panel">
      <h3 id="credit-notes-heading">{t("withdrawal.credit_notes.heading")}</h3>
      <table className="stack-table bills">
        <caption className="visually-hidden">{t("withdrawal.credit_notes.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("withdrawal.credit_notes.pid")}</th>
            <th scope="col">{t("withdrawal.credit_notes.date")}</th>
            <th scope="col">{t("withdrawal.credit_notes.invoice")}</th>
            <th scope="col" className="numeric">
              {t("withdrawal.credit_notes.sum")}
            </th>
          </tr>
        </thead>
        <tbody>
          {creditNotes.map((note) => (
            <tr key={note.pid}>
              <th scope="row" data-label={t("withdrawal.credit_notes.pid")}>
                <a href={`/self-service/credit-notes/${encodeURIComponent(note.pid)}`}>{note.pid}</a>{" "}
                <a href={`/api/credit-notes/${encodeURIComponent(note.pid)}`} download>
                  {t("self_service.pdf")}
                </a>
              </th>
              <td data-label={t("withdrawal.credit_notes.date")}>{formatDate(note.date)}</td>
              <td data-label={t("withdrawal.credit_notes.invoice")}>{note.invoicePid}</td>
              <td data-label={t("withdrawal.credit_notes.sum")} className="numeric">
                {money(-note.sum)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A credited invoice in the bills list says so. */
export function CreditedMark({ creditNote }: { creditNote: { pid: string } | null | undefined }) {
  const { t } = useTranslation();
  if (!creditNote) return null;
  return (
    <>
      {" "}
      <span className="note">({t("withdrawal.bills.credited_by", { pid: creditNote.pid })})</span>
    </>
  );
}
