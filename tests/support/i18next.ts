/**
 * i18next as our strings are written for it: the oracle tests/unit/translator.test.ts and
 * plurals.test.ts hold the small translator the app uses to (docs/decisions/0235, 0242).
 */
import { defaultNS, fallbackLng, supportedLngs } from "~/i18n/options";

export const i18nOptions = {
  supportedLngs: [...supportedLngs],
  fallbackLng,
  defaultNS,
  ns: [defaultNS],
  // Keys are flat strings such as "service.unavailable.reason" (SPEC.md's own keys).
  keySeparator: false as const,
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
};
