/**
 * The offer's first-payment breakdown (app/components/offer/breakdown.tsx) writes the wellness
 * discount as what it is, a reduction: "−0,40 €", as the estimate beside every step and the
 * application's premium table do. Written "0,40 €" beside the parts, it was heard as one more
 * amount to pay. The legend beside the donut is what a screen reader reads, each figure once:
 * it was hidden from the accessibility tree, and a visually hidden table said the figures again.
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

/**
 * The legend's items as a screen reader reads them: [label, amount]. The legend is what is
 * heard (not hidden from the accessibility tree); there is no second copy of the figures.
 */
const items = (html: string) =>
  [...html.matchAll(/<li><span class="breakdown__swatch"[^>]*><\/span><span>([^<]*)<\/span> <span class="breakdown__amount">([^<]*)<\/span><\/li>/g)].map(([, part, amount]) => [part, amount.replace(/\u00a0/g, " ")]);

describe("the first payment's breakdown", () => {
  it.each([
    ["et", "Heaolusoodustus (−5%)", "−0,40 €", "Elukindlustus", "4,99 €"],
    ["en", "Wellness discount (−5%)", "−0.40 €", "Life insurance", "4.99 €"],
    ["ru", "Скидка за благополучие (−5%)", "−0,40 €", "Страхование жизни", "4,99 €"],
  ] as const)("writes the discount as a reduction in %s, the parts as amounts", (language, discount, reduction, life, premium) => {
    const html = render(language);
    expect(items(html)).toContainEqual([discount, reduction]);
    expect(items(html)).toContainEqual([life, premium]);
  });

  it.each(["et", "en", "ru"] as const)("says each part's label and amount once in %s, in the legend a screen reader reads, named by the chart's title", (language) => {
    const html = render(language);
    const parts = items(html);
    expect(parts).toHaveLength(5);
    // The page carried the figures twice: a legend hidden from screen readers and a visually hidden table.
    for (const [part, amount] of parts) {
      expect(html.split(`>${part}<`), part).toHaveLength(2);
      expect(html.replace(/\u00a0/g, " ").split(`>${amount}<`), amount).toHaveLength(2);
    }
    expect(html).not.toContain("aria-hidden");
    expect(html).not.toContain("<table");
    const title = /<title id="([^"]+)">/.exec(html)?.[1];
    expect(html).toContain(`<ul role="list" class="breakdown__legend" aria-labelledby="${title}">`);
  });
});
