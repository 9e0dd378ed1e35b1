/**
 * A phrase in another language carries its own `lang` (WCAG 3.1.2 "Language of parts"): an
 * English or Russian string that names something in Estonian (an authority's name) writes it as
 * `<et>…</et>`, which its `Trans` renders as `<span lang="et">` (`components={{ et: <span lang="et" /> }}`
 * at the call: not in the translator every page loads first), so a screen reader reads it in
 * Estonian rather than spelling it with English or Russian rules.
 */
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/i18next.server";

/** Letters Estonian has and English and Russian do not. */
const ESTONIAN_LETTERS = /[õäöüšžÕÄÖÜŠŽ]/;
/** A string without its `<et>…</et>` phrases. */
const outsideEstonian = (text: string) => text.replace(/<et>[\s\S]*?<\/et>/g, "");
/**
 * The Estonian authorities the texts name by their Estonian name, some of it without a letter
 * English and Russian lack (the supervisor, the data protection authority).
 */
const ESTONIAN_NAMES = ["Finantsinspektsioon", "Andmekaitse Inspektsioon", "Tarbijakaitse ja Tehnilise Järelevalve Amet"];

describe("phrases in Estonian in the English and Russian strings", () => {
  it.each(["en", "ru"] as const)("are marked as Estonian in %s", (lng) => {
    const strings = resources[lng].common as Record<string, string>;
    const unmarked = Object.entries(strings).filter(([, text]) => ESTONIAN_LETTERS.test(outsideEstonian(text)));
    expect(unmarked.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it.each(["en", "ru"] as const)("name the Estonian authorities as Estonian in %s (the documents' texts too)", (lng) => {
    const strings = resources[lng].common as Record<string, string>;
    const unmarked = Object.entries(strings).filter(([, text]) => ESTONIAN_NAMES.some((name) => outsideEstonian(text).includes(name)));
    expect(unmarked.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("are found (the check above checks something)", () => {
    expect((resources.en.common as Record<string, string>)["a11y.enforcement.text"]).toContain("<et>Tarbijakaitse ja Tehnilise Järelevalve Amet</et>");
    expect((resources.ru.common as Record<string, string>)["footer.insurer"]).toContain("<et>Finantsinspektsioon</et>");
  });
});
