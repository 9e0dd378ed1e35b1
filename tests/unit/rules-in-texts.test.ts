/**
 * A rule the customer reads is the rule the code applies (docs/decisions/0264): every text
 * that states a limit, in every language, states the number its constant holds. The texts
 * keep the numbers written out (a Russian number takes its noun's case from its last digits,
 * which a placeholder would not), so a changed rule fails here and names the texts to rewrite.
 */
import { describe, expect, it } from "vitest";
import { demoInsurer } from "~/core/config";
import { LAST_RENEWAL_AGE, WITHDRAWAL_DAYS } from "~/core/contract-term";
import { MAX_WELLNESS_DISCOUNT_PERCENT } from "~/core/pricing";
import { SESSION_IDLE_MS } from "~/core/sessions";
import { conditionsModel } from "~/core/documents/index";
import { BMI_INSURABLE } from "~/core/underwriting";
import { resources } from "~/i18n/i18next.server";
import { supportedLngs } from "~/i18n/options";
import { PHONE_DIGITS } from "~/lib/fields";
import type { Language } from "~/lib/euro";
import { MAX_BENEFICIARIES, SHARE_MAX, SHARE_MIN } from "~/lib/beneficiaries-fields";
import { MAX_AGE, MIN_AGE } from "~/lib/limits";
import { NUMERIC_MAX_LENGTH } from "~/lib/score-model";
import { OLDEST_PLAUSIBLE_AGE } from "~/lib/quote-fields";
import { HEIGHT_RANGE, HOW_MANY_RANGE, WEIGHT_RANGE } from "~/lib/questionnaire-schema";
import { WARN_BEFORE_MS } from "~/lib/session-limits";
import type { TranslationKey } from "~/locales/et";

const MINUTE = 60_000;

/** Each rule, the numbers that state it, and where a customer reads them. */
const RULES: Array<{ rule: string; numbers: number[]; keys: TranslationKey[]; conditions?: true }> = [
  { rule: "the ages insurance is sold at", numbers: [MIN_AGE, MAX_AGE], keys: ["error.age_limit", "quote.age.hint", "service.unavailable.reason", "conditions.eligible.text"], conditions: true },
  { rule: "the last age a contract renews at", numbers: [LAST_RENEWAL_AGE], keys: ["ageTable.ended"] },
  {
    rule: "the first age a contract does not renew at",
    numbers: [LAST_RENEWAL_AGE + 1],
    keys: ["term.premium.value", "term.renewal.none", "term.lastDay.value", "self_service.insurance.lastYear", "billing_schedule.ended.age"],
    conditions: true,
  },
  { rule: "the largest wellness discount", numbers: [MAX_WELLNESS_DISCOUNT_PERCENT], keys: ["score.intro"], conditions: true },
  { rule: "the days to withdraw", numbers: [WITHDRAWAL_DAYS], keys: ["withdrawal.summary.withdrawal", "doc.credit.reason.value"], conditions: true },
  { rule: "the body-mass index insured online", numbers: [BMI_INSURABLE.min, BMI_INSURABLE.below], keys: ["error.bmi_limit"] },
  { rule: "the height", numbers: [HEIGHT_RANGE.min, HEIGHT_RANGE.max], keys: ["error.height_range"] },
  { rule: "the weight", numbers: [WEIGHT_RANGE.min, WEIGHT_RANGE.max], keys: ["error.weight_range"] },
  { rule: "the cigarettes a day", numbers: [HOW_MANY_RANGE.min, HOW_MANY_RANGE.max], keys: ["error.how_many"] },
  { rule: "the most beneficiaries", numbers: [MAX_BENEFICIARIES], keys: ["error.too_many", "conditions.beneficiaries.text"], conditions: true },
  { rule: "a beneficiary's share", numbers: [SHARE_MIN, SHARE_MAX], keys: ["beneficiaries.sharePercent.hint", "error.sharePercent"] },
  { rule: "an amount's digits", numbers: [NUMERIC_MAX_LENGTH], keys: ["error.amount_too_large"] },
  { rule: "the oldest age the quote reads", numbers: [OLDEST_PLAUSIBLE_AGE], keys: ["error.quote_age", "error.quote_birth_year"] },
  { rule: "a phone number's digits", numbers: [PHONE_DIGITS.min, PHONE_DIGITS.max], keys: ["error.phone"] },
  { rule: "the session's idle end", numbers: [SESSION_IDLE_MS / MINUTE], keys: ["session.note", "a11y.use.time"] },
  { rule: "the session's warning", numbers: [WARN_BEFORE_MS / MINUTE], keys: ["a11y.use.time"] },
];

/** `n` as a number of its own in `text` (not a part of 2026 or 16.5). */
const states = (text: string, n: number) => new RegExp(`(?<![\\d.,])${n}(?![\\d]|[.,]\\d)`).test(text);

/** The insurance conditions as a customer reads them (decision 0283: one model, the web page's and the PDF's). */
const conditions = (language: Language) =>
  conditionsModel({ language, at: new Date("2026-03-10T10:00:00Z"), date: "2026-03-10", insurer: demoInsurer(), dueDays: 14 })
    .blocks.map((block) => JSON.stringify(block))
    .join(" ");

describe("a rule's number in the customer's texts", () => {
  for (const { rule, numbers, keys, conditions: inConditions } of RULES)
    it(`${rule}: ${numbers.join(", ")}`, () => {
      for (const language of supportedLngs) {
        const strings = resources[language].common as Record<string, string>;
        for (const key of keys) for (const n of numbers) expect(states(strings[key], n), `${language} ${key}: ${strings[key]}`).toBe(true);
        if (inConditions) for (const n of numbers) expect(states(conditions(language), n), `${language} conditions`).toBe(true);
      }
    });

  it("reads a number only where it stands alone", () => {
    expect(states("18–64-aastane", 64)).toBe(true);
    expect(states("(up to 20%)", 20)).toBe(true);
    expect(states("from 2026", 20)).toBe(false);
    expect(states("below 16.5", 16)).toBe(false);
  });
});
