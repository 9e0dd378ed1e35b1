/**
 * The payment schedule as billed (docs/decisions/0165): the invoices issued and the payments
 * still to come this policy year, then how the next invoices are set (the health dividends of
 * each score period). Shown above the schedule as signed, which states the signing day's
 * dividends. One table each: on narrow screens each row stacks with its labels (CSS only).
 */
import { useTranslation } from "~/i18n/react";
import { formatDate, useMoney } from "~/components/money";
import { CreditedMark } from "~/components/withdrawal";
import type { BilledSchedule, EndedPolicy } from "~/lib/billing-schedule";

/** How the policy ended, when, and what was credited (a withdrawal) or when the cover ends (a cancellation, the age). */
function EndedNotice({ ended }: { ended: EndedPolicy }) {
  const { t } = useTranslation();
  const money = useMoney();
  // Not renewed for the age (docs/decisions/0282): its last policy year is over.
  if (ended.kind === "age") return <p className="notice">{t("billing_schedule.ended.age", { end: formatDate(ended.endDate) })}</p>;
  if (ended.kind === "withdrawal") {
    return (
      <p className="notice">
        {t("billing_schedule.ended.withdrawal", { date: formatDate(ended.on) })}{" "}
        {ended.credited > 0 ? t("billing_schedule.ended.credited", { amount: money(ended.credited) }) : t("billing_schedule.ended.nothing_credited")}
      </p>
    );
  }
  const end = formatDate(ended.endDate);
  return (
    <p className="notice">
      {ended.coverRuns ? t("billing_schedule.ended.cancellation", { date: formatDate(ended.on), end }) : t("billing_schedule.ended.cancellation_past", { date: formatDate(ended.on), end })}
    </p>
  );
}

export function BillingSchedule({ schedule }: { schedule: BilledSchedule }) {
  const { t } = useTranslation();
  const money = useMoney();
  const percent = (value: number) => t("billing_schedule.percent", { value });
  const { signed, periods, now, ended } = schedule;
  return (
    <section aria-labelledby="billing-heading" className="panel">
      <h2 id="billing-heading">{t("billing_schedule.heading")}</h2>
      {/* An ended policy says how and when it ended instead of promising payments (docs/decisions/0269). */}
      {ended ? <EndedNotice ended={ended} /> : null}
      {ended?.kind === "withdrawal" ? null : <p>{t("billing_schedule.intro", { percent: signed.discountPercent })}</p>}
      {schedule.lines.length === 0 ? (
        <p>{t(ended ? "billing_schedule.none_ended" : "billing_schedule.none")}</p>
      ) : (
        <table className="stack-table billing-schedule">
          <caption>{schedule.until ? t("billing_schedule.caption", { date: formatDate(schedule.until) }) : t("billing_schedule.caption_ended")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("billing_schedule.date")}</th>
              <th scope="col">{t("billing_schedule.discount")}</th>
              <th scope="col" className="numeric">
                {t("billing_schedule.sum")}
              </th>
              <th scope="col">{t("billing_schedule.invoice")}</th>
            </tr>
          </thead>
          <tbody>
            {schedule.lines.map((line) => (
              <tr key={line.date} data-line={line.invoice ? "issued" : "upcoming"}>
                <th scope="row" data-label={t("billing_schedule.date")}>
                  {formatDate(line.date)}
                </th>
                <td data-label={t("billing_schedule.discount")}>{percent(line.discountPercent)}</td>
                <td data-label={t("billing_schedule.sum")} className="numeric">
                  {money(line.sum)}
                </td>
                <td data-label={t("billing_schedule.invoice")}>
                  {line.invoice ? (
                    <span>
                      <a href={`/self-service/bills/${encodeURIComponent(line.invoice.pid)}`}>{line.invoice.pid}</a>
                      <CreditedMark creditNote={line.invoice.creditNote} />
                    </span>
                  ) : (
                    t("billing_schedule.upcoming")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t(now ? "billing_schedule.how.heading" : "billing_schedule.how.heading_ended")}</h3>
      <p>{t("billing_schedule.how.rule")}</p>
      {now ? (
        <p>
          {now.periodStart === null
            ? t("billing_schedule.how.now.signed", { percent: now.discountPercent })
            : t("billing_schedule.how.now.period", { percent: now.discountPercent, date: formatDate(now.periodStart) })}
        </p>
      ) : null}
      {ended ? null : (
        <p>
          {t("billing_schedule.how.change")} <a href="/self-service/score">{t("billing_schedule.how.score_link")}</a>
        </p>
      )}
      <table className="stack-table billing-periods">
        <caption>{t("billing_schedule.periods.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("billing_schedule.periods.period")}</th>
            <th scope="col">{t("billing_schedule.periods.score")}</th>
            <th scope="col">{t("billing_schedule.discount")}</th>
            <th scope="col">{t("billing_schedule.periods.first")}</th>
          </tr>
        </thead>
        <tbody>
          {[
            { key: "signed", period: t("billing_schedule.periods.signed"), score: signed.score, discountPercent: signed.discountPercent, firstInvoice: signed.firstInvoice },
            ...periods.map((p) => ({ key: p.periodStart, period: t("billing_schedule.periods.from", { date: formatDate(p.periodStart) }), ...p })),
          ].map((row) => (
            <tr key={row.key}>
              <th scope="row" data-label={t("billing_schedule.periods.period")}>
                {row.period}
              </th>
              <td data-label={t("billing_schedule.periods.score")}>{row.score ?? "–"}</td>
              <td data-label={t("billing_schedule.discount")}>{percent(row.discountPercent)}</td>
              <td data-label={t("billing_schedule.periods.first")}>{row.firstInvoice ? formatDate(row.firstInvoice) : t("billing_schedule.periods.none")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
