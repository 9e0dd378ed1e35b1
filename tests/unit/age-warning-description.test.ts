/**
 * The package's age warning (app/components/package/warning.tsx) opens as a modal whose focus
 * goes straight to its button, so what a screen reader hears of it is its heading and its
 * description (app/components/form-shell.tsx `Modal`: the paragraphs of its body). The amounts
 * it brings down were a list beside the paragraph: never in the description, never heard as it
 * opened ("300 000 € → 200 000 €" only by reading the dialog line by line).
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AgeWarningNotice } from "~/components/package/warning";
import { TranslationProvider } from "~/i18n/react";
import { translatorFor } from "~/i18n/i18next.server";
import type { Language } from "~/lib/euro";

const WARNING = { from: { death: 300_000, disability: 150_000 }, to: { death: 200_000, disability: 100_000 } };

function description(language: Language): string {
  const html = renderToStaticMarkup(
    h(TranslationProvider, { value: { t: translatorFor(language), i18n: { language } } }, h(AgeWarningNotice, { warning: WARNING, hydrated: true, open: true, onClose: () => undefined })),
  );
  const ids = /<dialog[^>]*aria-describedby="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
  const text = (id: string) => new RegExp(`id="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? `(no element ${id})`;
  return ids.map(text).join(" ").replace(/\u00a0/g, " ");
}

describe("the package's age warning, as it opens", () => {
  it.each(["et", "en", "ru"] as const)("is described with the amounts it brings down (%s)", (language) => {
    const heard = description(language);
    expect(heard).toContain("300 000 €");
    expect(heard).toContain("200 000 €");
    expect(heard).toContain("150 000 €");
    expect(heard).toContain("100 000 €");
  });
});
