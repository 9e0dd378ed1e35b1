/**
 * The offer's first-payment breakdown (app/components/offer/breakdown.tsx) writes the wellness
 * discount as what it is, a reduction: "−0,40 €", as the estimate beside every step and the
 * application's premium table do. Written "0,40 €" beside the parts, it was heard as one more
 * amount to pay.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Breakdown } from "~/components/offer/breakdown";
import { TranslationProvider } from "~/i18n/react";
import { translatorFor } from "~/i18n/i18next.server";
import type { Language } from "~/lib/euro";

const ESTIMATION = {
  wellnessDiscount: 40,
  wellnessDiscountPercent: 5,
  premiumForDeathCover: 499,
  premiumForDisabilityCover: 304,
  services: [{ premium: 490 }],
  membershipFee: 150,
  premiumTotal: 1403,
};

const render = (language: Language, estimation = ESTIMATION) =>
  renderToStaticMarkup(h(TranslationProvider, { value: { t: translatorFor(language), i18n: { language } } }, h(Breakdown, { estimation, language })));

/** The table's rows as a screen reader reads them: [row header, amount]. */
const rows = (html: string) => [...html.matchAll(/<tr><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g)].map(([, part, amount]) => [part, amount.replace(/\u00a0/g, " ")]);

describe("the first payment's breakdown", () => {
  it.each([
    ["et", "Heaolusoodustus (−5%)", "−0,40 €", "Elukindlustus", "4,99 €"],
    ["en", "Wellness discount (−5%)", "−0.40 €", "Life insurance", "4.99 €"],
    ["ru", "Скидка за благополучие (−5%)", "−0,40 €", "Страхование жизни", "4,99 €"],
  ] as const)("writes the discount as a reduction in %s, the parts as amounts", (language, discount, reduction, life, premium) => {
    const html = render(language);
    expect(rows(html)).toContainEqual([discount, reduction]);
    expect(rows(html)).toContainEqual([life, premium]);
    // The legend beside the donut says the same.
    expect(html.replace(/\u00a0/g, " ")).toContain(`<span class="breakdown__amount">${reduction}</span>`);
  });
});
