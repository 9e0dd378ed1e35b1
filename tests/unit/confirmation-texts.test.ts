/** The confirmation step's EUW text does not repeat the heading above it ("Aitäh!" twice). */
import { describe, expect, it } from "vitest";
import et from "~/locales/et";
import en from "~/locales/en";
import ru from "~/locales/ru";
import * as offer from "~/locales/offer";

describe("the EUW confirmation", () => {
  it.each([
    ["et", et, offer.et],
    ["en", en, offer.en],
    ["ru", ru, offer.ru],
  ] as const)("in %s starts with its own words, not the heading's", (_, texts, offerTexts) => {
    const heading = (texts as Record<string, string>)["heading.confirmation"];
    expect(heading).toBeTruthy();
    expect(offerTexts["confirmation.euw"].startsWith(heading)).toBe(false);
    expect(offerTexts["confirmation.euw"]).not.toContain(heading);
  });
});
