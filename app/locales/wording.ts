/**
 * Wording a careful reader asked for (issue 23): units written in the page's language, the
 * activity note's counted phrases (each with the plural forms of app/locales/plurals.ts,
 * interpolated into the score step's sentences) and the invoice's creditor reference.
 */
import type { WithRussianPlurals } from "./plurals";

export const et = {
  "unit.cm": "{{value}} cm",
  "unit.kg": "{{value}} kg",
  "score.activity.period_one": "viimase {{count}} päeva",
  "score.activity.period_other": "viimase {{count}} päeva",
  "score.activity.days_one": "{{count}} päeva",
  "score.activity.days_other": "{{count}} päeva",
  "error.rate_limited_one": "Liiga palju ebaõnnestunud sisselogimiskatseid. Proovi uuesti {{minutes}} minuti pärast.",
  "error.rate_limited_other": "Liiga palju ebaõnnestunud sisselogimiskatseid. Proovi uuesti {{minutes}} minuti pärast.",
  "doc.invoice.creditorReference": "Rahvusvaheline viitenumber (RF)",
};

export const en: Record<keyof typeof et, string> = {
  "unit.cm": "{{value}} cm",
  "unit.kg": "{{value}} kg",
  "score.activity.period_one": "the last {{count}} day",
  "score.activity.period_other": "the last {{count}} days",
  "score.activity.days_one": "{{count}} day",
  "score.activity.days_other": "{{count}} days",
  "error.rate_limited_one": "Too many failed sign-in attempts. Please try again in {{minutes}} minute.",
  "error.rate_limited_other": "Too many failed sign-in attempts. Please try again in {{minutes}} minutes.",
  "doc.invoice.creditorReference": "Creditor reference (RF)",
};

export const ru: WithRussianPlurals<typeof et> = {
  "unit.cm": "{{value}} см",
  "unit.kg": "{{value}} кг",
  // After "за" (accusative): "за последний 21 день", "за последние 30 дней".
  "score.activity.period_one": "последний {{count}} день",
  "score.activity.period_few": "последние {{count}} дня",
  "score.activity.period_many": "последние {{count}} дней",
  "score.activity.period_other": "последние {{count}} дня",
  "score.activity.days_one": "{{count}} день",
  "score.activity.days_few": "{{count}} дня",
  "score.activity.days_many": "{{count}} дней",
  "score.activity.days_other": "{{count}} дня",
  "error.rate_limited_one": "Слишком много неудачных попыток входа. Попробуйте снова через {{minutes}} минуту.",
  "error.rate_limited_few": "Слишком много неудачных попыток входа. Попробуйте снова через {{minutes}} минуты.",
  "error.rate_limited_many": "Слишком много неудачных попыток входа. Попробуйте снова через {{minutes}} минут.",
  "error.rate_limited_other": "Слишком много неудачных попыток входа. Попробуйте снова через {{minutes}} минуты.",
  "doc.invoice.creditorReference": "Международный номер ссылки (RF)",
};
