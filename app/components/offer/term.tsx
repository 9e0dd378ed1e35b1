/**
 * What the offer tells before signing (docs/decisions/0090): the contract's term and renewal,
 * and how the premium changes with age (this policy year and the next five). Cancelling and
 * the rest are in the pre-contract information and the policy (the page stays within 6 KB).
 */
import { useTranslation } from "~/i18n/react";
import { formatDate, formatMoney, formatWholeMoney, type Language } from "~/lib/euro";
import { renewalTerm, withdrawalTerm, type AgeTableLine, type PageTerm } from "~/lib/contract-term";

export function TermSection({ term }: { term: PageTerm }) {
  const { t } = useTranslation();
  const withdrawal = withdrawalTerm(term);
  // None for a customer 65 on the first anniversary (docs/decisions/0282).
  const renewal = renewalTerm(term);
  const rows: Array<[string, string] | null> = [
    [t("term.period"), t("term.period.value", { start: formatDate(term.startDate), end: formatDate(term.endDate) })],
    [t("term.renewal"), t(renewal.key, renewal.values)],
    [t("term.premium"), t("term.premium.value")],
    // No renewal, nothing to tell before it.
    renewal.key === "term.renewal.value" ? [t("term.notice"), t("term.notice.value", { count: term.noticeDays, date: formatDate(term.noticeBy) })] : null,
    [t("term.withdrawal"), t(withdrawal.key, withdrawal.values)],
  ];
  return (
    <section className="section" aria-labelledby="offer-term">
      <h2 id="offer-term">{t("term.heading")}</h2>
      <dl className="term">
        {rows.flatMap((row) => (row ? [row] : [])).map(([label, value]) => (
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
  const money = (cents: number) => formatMoney(cents, language);
  // The cover column only when a later age changes the cover (the page stays small).
  const changes = rows.some((row) => !row.cover || row.cover.reduced);
  const cover = (row: AgeTableLine) =>
    !row.cover
      ? t("ageTable.ended")
      : row.cover.reduced
        ? t("ageTable.cover.reduced", { death: formatWholeMoney(row.cover.sumInsuredForDeathCover), disability: formatWholeMoney(row.cover.sumInsuredForDisabilityCover) })
        : t("ageTable.cover.same");
  // Each column's header, also beside each cell when the rows stack.
  const header = { from: t("ageTable.from"), age: t("ageTable.age"), cover: t("ageTable.cover"), monthly: t("ageTable.monthly") };
  return (
    <section className="section" aria-labelledby="offer-age-table">
      <h2 id="offer-age-table">{t("ageTable.heading")}</h2>
      <p className="note">{t("ageTable.intro", { percent: discountPercent })}</p>
      {/* On a narrow screen each row stacks, each cell beside its header (docs/decisions/0281). */}
      <table className="stack-table" aria-labelledby="offer-age-table">
        <thead>
          <tr>
            <th scope="col">{header.from}</th>
            <th scope="col">{header.age}</th>
            {changes ? <th scope="col">{header.cover}</th> : null}
            <th scope="col" className="numeric">
              {header.monthly}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.from}>
              <th scope="row" data-label={header.from}>
                {formatDate(row.from)}
              </th>
              <td data-label={header.age}>{row.age}</td>
              {changes ? <td data-label={header.cover}>{cover(row)}</td> : null}
              <td data-label={header.monthly} className="numeric">
                {row.premiumTotal === null ? "—" : money(row.premiumTotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
