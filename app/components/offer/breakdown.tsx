/**
 * The first-payment breakdown (SPEC.md section 9): a server-rendered SVG donut (readable
 * without JavaScript) and a text legend beside it. The legend is what a screen reader reads:
 * a list named by the chart's title, each part's label and amount once. Colours and the angle
 * total come from app/lib/donut.ts.
 */
import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { deducted, donutSegments, segmentPath, type DonutInput, type DonutPart, type DonutSegment } from "~/lib/donut";
import { formatMoney, type Language } from "~/lib/euro";
import { discountShown } from "~/lib/pricing";

export function Breakdown({ estimation, language }: { estimation: DonutInput & { wellnessDiscountPercent: number }; language: Language }) {
  const { t } = useTranslation();
  const titleId = useId();
  const segments = donutSegments(estimation);
  const money = (cents: number) => formatMoney(cents, language);
  // The discount is taken off: written with its minus sign (formatMoney's), as the estimate and the documents write it.
  const amount = (s: DonutSegment) => money(deducted(s.part) ? -s.cents : s.cents);
  const label = (part: DonutPart) => t(`offer.breakdown.part.${part}`, { percent: estimation.wellnessDiscountPercent });
  return (
    <div className="breakdown">
      <p className="breakdown__total">{t("offer.breakdown.total", { amount: money(estimation.premiumTotal) })}</p>
      <div className="breakdown__figure">
        {/* Its size and the segments' white edges are the stylesheet's (.breakdown__donut). */}
        <svg className="breakdown__donut" viewBox="0 0 100 100" role="img" aria-labelledby={titleId}>
          <title id={titleId}>{t("offer.breakdown.chart")}</title>
          {segments.map((s) => (
            <path key={s.part} d={segmentPath(s.startAngle, s.sweep)} fill={s.colour} data-part={s.part} />
          ))}
        </svg>
        <ul role="list" className="breakdown__legend" aria-labelledby={titleId}>
          {segments.map((s) => (
            <li key={s.part}>
              <span className="breakdown__swatch" style={{ backgroundColor: s.colour }} />
              <span>{label(s.part)}</span> <span className="breakdown__amount">{amount(s)}</span>
            </li>
          ))}
        </ul>
      </div>
      {discountShown(estimation.wellnessDiscount) ? <p className="note">{t("offer.breakdown.note")}</p> : null}
    </div>
  );
}
