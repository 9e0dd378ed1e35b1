/**
 * The user page's consents (issue 22 item 4): the newsletter and, while a partner is attached,
 * the partner's; each with its answer and time, and one button that gives or withdraws it at
 * once (a plain form post through the one form mechanism). The score's consents (the activity
 * tracker, the health measurement: docs/decisions/0257) the same way, with a button only to
 * withdraw: the score gives them. The registration's health-data consent, before signing, the
 * same way (docs/decisions/0293): the account step gives it, and its text says what withdrawing
 * erases before the button is pressed; after a contract ended, also what it keeps
 * (docs/decisions/0303). The mailto note stays as the other way (SPEC.md section 2
 * "Account").
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Trans, useTranslation } from "~/i18n/react";
import { ErrorSummary, useSummaryItems } from "~/components/form";
import { RequestFailureNotice, SubmissionKeyField } from "~/components/every-page";
import { useStepErrors, useStepForm } from "~/components/step-form";
import { CONSENT_INTENT, HEALTH_DATA_CONSENT, isWithdrawnOnly, type ConsentRowData } from "~/lib/contact-fields";

interface Titles {
  plainTitle: string;
  errorTitle: string;
}

/** The reply belongs to the consent it was posted for. */
const repliedFor = (result: SubmissionResult<string[]> | undefined): unknown => (result?.initialValue as Record<string, unknown> | undefined)?.consent;

function ConsentItem({ row, result }: { row: ConsentRowData; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const params = { name: row.partner ?? "" };
  const name = t(`self_service.consents.${row.consent}.name`, params);
  // Nothing typed: what is posted is fixed, and the server's schema judges it. The button stays
  // enabled while it posts (disabling it would drop its focus): the submission key makes a
  // second press the first one's answer.
  const step = useStepForm<{ consent: string; given?: string }>({ id: `consent-${row.consent}`, schema: null, lastResult: result });
  const headingId = `consent-${row.consent}-heading`;
  const statusId = `consent-${row.consent}-status`;
  const erases = row.consent === HEALTH_DATA_CONSENT;
  const textId = `consent-${row.consent}-text`;
  // A score consent's button goes with the consent (only the score gives it again): focus,
  // left on <body>, stays in the card, on its new status (without JavaScript the page loads anew).
  const withdrawOnly = isWithdrawnOnly(row.consent);
  // Withdrawing the health-data consent erases the answers and sends the application back: the
  // button is described by what it does, not only by the answer.
  const describedBy = erases ? `${textId} ${statusId}` : statusId;
  const status = useRef<HTMLParagraphElement>(null);
  const wasGiven = useRef(row.given);
  useEffect(() => {
    if (withdrawOnly && wasGiven.current && !row.given && document.activeElement === document.body) status.current?.focus();
    wasGiven.current = row.given;
  }, [withdrawOnly, row.given]);
  return (
    <li className="card">
      <h4 id={headingId}>{name}</h4>
      <p id={erases ? textId : undefined}>{t(`self_service.consents.${row.consent}.text${row.ended ? `_${row.ended}` : ""}`, params)}</p>
      <p id={statusId} className="consent__status" ref={status} tabIndex={withdrawOnly ? -1 : undefined}>
        <strong>
          {row.date && row.time
            ? t(row.given ? "self_service.consents.given" : "self_service.consents.withdrawn", { date: row.date, time: row.time })
            : t("self_service.consents.not_given")}
        </strong>
      </p>
      {row.given || !withdrawOnly ? (
        <Form method="post" {...step.formProps}>
          <SubmissionKeyField value={row.submissionKey} />
          <input type="hidden" name="intent" value={CONSENT_INTENT} />
          <input type="hidden" name="consent" value={row.consent} />
          {row.given ? null : <input type="hidden" name="given" value="on" />}
          <button type="submit" className={row.given ? "button button--secondary" : "button"} aria-describedby={describedBy}>
            {t(row.given ? "self_service.consents.withdraw" : "self_service.consents.give", { name })}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export function ConsentsPanel(props: { consents: ConsentRowData[]; privacyEmail: string; result: SubmissionResult<string[]> | undefined; titles: Titles }) {
  const { t } = useTranslation();
  const { privacyEmail, result } = props;
  // One summary for the panel: a refused or failed change (the page's title says so too).
  const failed = result?.status === "error";
  const items = useSummaryItems([], failed ? Object.values(result.error ?? {}).flatMap((messages) => messages ?? []) : []);
  const errors = useStepErrors({ attempt: failed ? 1 : 0 }, items, props.titles);
  return (
    <section aria-labelledby="consents-heading" className="panel">
      <h3 id="consents-heading">{t("self_service.consents.heading")}</h3>
      <ErrorSummary items={errors.items} focusKey={result} />
      <p>{t("self_service.consents.intro")}</p>
      <ul role="list" className="cards">
        {props.consents.map((row) => (
          <ConsentItem key={row.consent} row={row} result={repliedFor(result) === row.consent ? result : undefined} />
        ))}
      </ul>
      {/* A post lost on the network: said here, the consent as it was (app/components/request-failure.tsx). */}
      <RequestFailureNotice />
      <p className="note">
        <Trans t={t} i18nKey="self_service.consents.revoke" values={{ email: privacyEmail }} components={{ mail: <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a> }} />
      </p>
    </section>
  );
}
