/**
 * The quote form's fields without its zod schema (app/lib/quote-schema.ts): what the landing
 * page renders with and the link it continues to (docs/decisions/0085-anonymous-quote.md).
 * The names are the login link's (`life`, `disability`, `packages`), so a quote's query is
 * also a login link's.
 */
import type { PackageLimits } from "./limits";
import type { Estimation, Proposal } from "./pricing";

/** Each cover's typed amount, range and the amount the page showed (chosenSliderText, app/lib/score-model.ts). */
export const QUOTE_COVERS = {
  death: { field: "life", range: "lifeRange", was: "lifeWas" },
  disability: { field: "disability", range: "disabilityRange", was: "disabilityWas" },
} as const;

export const QUOTE_AGE = "age";
/** Ages a person can have: anything older is a typing error, not an age outside the product. */
export const OLDEST_PLAUSIBLE_AGE = 130;
const QUOTE_BIRTH_YEAR = "birthYear";
export const QUOTE_PACKAGES = "packages";

/** The login link's parameters a page carries on to /login as they came (the partner and the promo code). */
export const CARRIED_LOGIN_PARAMS = ["promo", "src"] as const;

/**
 * Whether a query asks for a quote (names an age or a year of birth): a nested name of either
 * (`age[a]`) asks too, and is refused as the API refuses it (docs/decisions/0267).
 */
export const asksForQuote = (search: URLSearchParams) =>
  [...search.keys()].some((name) => [QUOTE_AGE, QUOTE_BIRTH_YEAR].includes(name.split(/[.[\]]/)[0]));

/**
 * The sign-in that starts with a quote's choices (SPEC.md section 4: the login link's `life`,
 * `disability` and `packages`, so the package step starts from them), plus what the page
 * carried (`promo`, `src`).
 */
export function quoteLoginHref(
  values: { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number; services: readonly string[] },
  carried: URLSearchParams = new URLSearchParams(),
): string {
  const search = new URLSearchParams();
  for (const name of CARRIED_LOGIN_PARAMS) {
    const value = carried.get(name);
    if (value) search.set(name, value);
  }
  search.set("life", String(values.sumInsuredForDeathCover));
  search.set("disability", String(values.sumInsuredForDisabilityCover));
  if (values.services.length) search.set("packages", values.services.join(","));
  return `/login?${search.toString().replace(/%2C/g, ",")}`;
}

/**
 * A year of birth's age when its two possible ages today lie on both sides of an age limit
 * (docs/decisions/0312): the quote is for the age that can sign up today, and holds only if
 * this year's birthday has `passed` (18 reached) or is still `ahead` (65 not yet reached);
 * otherwise the person is `otherwiseAge` and cannot sign up today.
 */
export interface QuoteCondition {
  birthday: "passed" | "ahead";
  otherwiseAge: number;
}

/** The age a quote is for, and the birthday it holds for when a year of birth leaves it open. */
export interface QuotedAge {
  age: number;
  onlyIf?: QuoteCondition;
}

/** The text that says for which birthday a quote holds. */
export const QUOTE_CONDITION_TEXT = { passed: "quote.only_if.birthday_passed", ahead: "quote.only_if.birthday_ahead" } as const;

/** A quote as the landing page and GET /api/quote give it (app/core/quote.ts works it out). */
export type Quote =
  | {
      available: true;
      /** The age priced: the one given, or the age reached this calendar year for a year of birth. */
      age: number;
      /** For a year of birth at an age limit: the birthday the price holds for (QuoteCondition). */
      onlyIf?: QuoteCondition;
      limits: PackageLimits;
      package: Proposal;
      /** The same figures as POST /api/onboarding/calculation (cents), with no score and as a non-smoker. */
      estimation: Estimation;
      /** What the wellness score can still take off this price, at most (cents). */
      wellnessDiscountUpTo: { percent: number; amount: number };
    }
  | {
      /** 18–64 only (PRODUCT.md section 3): a sign-in at this age lands on SERVICE_UNAVAILABLE. */
      available: false;
      age: number;
      state: "SERVICE_UNAVAILABLE";
    };
