/**
 * What the offer tells before signing (docs/decisions/0090): the contract's term and renewal,
 * and how the premium changes with age (this policy year and the next five).
 */
import { useTranslation } from "~/lib/i18n";
import { formatDate, type Language } from "~/lib/euro";
import type { AgeTableLine, ContractTerm } from "~/core/contract-term";
import { useOfferMoney } from "./money";

export function TermSection({ term }: { term: ContractTerm }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t("term.period"), t("term.period.value", { start: formatDate(term.startDate), end: formatDate(term.endDate) })],
    [t("term.renewal"), t("term.renewal.value", { date: formatDate(term.renewalDate) })],
    [t("term.premium"), t("term.premium.value")],
    [t("term.notice"), t("term.notice.value", { days: term.noticeDays, date: formatDate(term.noticeBy) })],
    [t("term.cancel"), t("term.cancel.value")],
    [t("term.withdrawal"), t("term.withdrawal.value", { days: term.withdrawalDays, date: formatDate(term.withdrawalUntil) })],
  ];
  return (
    <section className="section" aria-labelledby="offer-term">
      <h2 id="offer-term">{t("term.heading")}</h2>
      <dl className="term">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AgeTableSection({ rows, discountPercent, language }: { rows: AgeTableLine[]; discountPercent: number; language: Language }) {
  const { t } = useTranslation();
  const money = useOfferMoney(language);
  const cover = (row: AgeTableLine) =>
    !row.cover
      ? t("ageTable.ended")
      : row.cover.reduced
        ? t("ageTable.cover.reduced", { death: money(row.cover.sumInsuredForDeathCover * 100), disability: money(row.cover.sumInsuredForDisabilityCover * 100) })
        : t("ageTable.cover.same");
  return (
    <section className="section" aria-labelledby="offer-age-table">
      <h2 id="offer-age-table">{t("ageTable.heading")}</h2>
      <p className="note" id="offer-age-table-intro">
        {t("ageTable.intro", { percent: discountPercent })}
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="offer-age-table-caption">
        <table className="age-table" aria-describedby="offer-age-table-intro">
          <caption id="offer-age-table-caption">{t("ageTable.caption")}</caption>
          <thead>
            <tr>
              <th scope="col" className="numeric">
                {t("ageTable.year")}
              </th>
              <th scope="col">{t("ageTable.from")}</th>
              <th scope="col" className="numeric">
                {t("ageTable.age")}
              </th>
              <th scope="col">{t("ageTable.cover")}</th>
              <th scope="col" className="numeric">
                {t("ageTable.monthly")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.policyYear}>
                <th scope="row" className="numeric">
                  {row.policyYear}
                </th>
                <td>{formatDate(row.from)}</td>
                <td className="numeric">{row.age}</td>
                <td>{cover(row)}</td>
                <td className="numeric">{row.premiumTotal === null ? "—" : money(row.premiumTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
