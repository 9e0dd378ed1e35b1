/**
 * The anonymous quote (issue 20, docs/decisions/0085-anonymous-quote.md): the monthly price of
 * a package for an age (or a year of birth), before anyone signs in. One plain function used
 * by the landing page and GET /api/quote; it reads and stores nothing.
 *
 * Nobody is known: there is no wellness score (no discount) and no health answers (priced as
 * a non-smoker). The wellness discount is named as what the score can still take off: at most
 * 20 % of the death and disability premiums, the amount priced as the package step would with
 * the best score.
 */
import { secondsUntilNewYear, today, type Clock } from "./clock.js";
import { isEligibleAge, MAX_AGE, MIN_AGE, packageLimits, type PackageLimits, type ServiceCode } from "../lib/limits.js";
import type { Failure, Outcome } from "./outcome.js";
import { BEST_WELLNESS_SCORE, price, type Estimation } from "./pricing.js";
import { proposalFailures, type Proposal } from "./proposal/rules.js";
import { fitCovers, snapDisabilityCover } from "../lib/sums.js";
import { OLDEST_PLAUSIBLE_AGE, type Quote, type QuotedAge } from "../lib/quote-fields.js";

export type { Quote } from "../lib/quote-fields.js";

/** What a quote is asked for, as the login link names it (`life`, `disability`, `packages`). */
export interface QuoteRequest {
  age?: number;
  birthYear?: number;
  /** Life (death) cover, whole euro; the default of the age's limits when absent. */
  life?: number;
  /** Disability cover, whole euro, 0 for none; the default (at most the life cover) when absent. */
  disability?: number;
  packages?: string[];
}

/**
 * Quotes a client address may ask for in a minute, per app server (docs/decisions/0085): the
 * landing page asks once per settled change (300 ms after the last), so a person comparing
 * prices stays far below it.
 */
export const QUOTES_PER_ADDRESS = 120;
export const QUOTE_WINDOW_MS = 60_000;
/** How long a quote's answer may be cached at most (seconds): it depends on its query and the calendar year only. */
export const QUOTE_MAX_AGE_SECONDS = 3600;

const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/**
 * The age a request names, or why not. A year of birth gives the age reached this calendar
 * year, unless the two ages a person born then has today (that age, or one less before the
 * birthday) lie on both sides of a limit (18 or 65, PRODUCT.md section 3): then the age that
 * can sign up today, with the birthday it holds for (`onlyIf`), so that the quote neither
 * turns away someone who may sign up today nor prices someone who may not (docs/decisions/0312).
 */
export function quoteAge(input: Pick<QuoteRequest, "age" | "birthYear">, clock: Clock): Outcome<QuotedAge, Failure[]> {
  const { age, birthYear } = input;
  if (age !== undefined && birthYear !== undefined) return { ok: false, failure: [{ code: "error.quote_age_or_birth_year", context: "birthYear" }] };
  const year = Number(today(clock).slice(0, 4));
  if (birthYear !== undefined) {
    if (!isWhole(birthYear) || birthYear > year || birthYear < year - OLDEST_PLAUSIBLE_AGE) {
      return { ok: false, failure: [{ code: "error.quote_birth_year", context: "birthYear" }] };
    }
    const reached = year - birthYear;
    const before = reached - 1;
    if (isEligibleAge(reached) === isEligibleAge(before)) return { ok: true, value: { age: reached } };
    return {
      ok: true,
      value: isEligibleAge(reached) ? { age: reached, onlyIf: { birthday: "passed", otherwiseAge: before } } : { age: before, onlyIf: { birthday: "ahead", otherwiseAge: reached } },
    };
  }
  if (age === undefined) return { ok: false, failure: [{ code: "error.required", context: "age" }] };
  if (!isWhole(age) || age < 0 || age > OLDEST_PLAUSIBLE_AGE) return { ok: false, failure: [{ code: "error.quote_age", context: "age" }] };
  return { ok: true, value: { age } };
}

/**
 * How long a quote's answer may be kept (seconds): an hour, and for a year of birth no later
 * than Tallinn's new year, when the ages it gives change (docs/decisions/0312).
 */
export const quoteMaxAgeSeconds = (input: Pick<QuoteRequest, "birthYear">, clock: Clock): number =>
  input.birthYear === undefined ? QUOTE_MAX_AGE_SECONDS : Math.min(QUOTE_MAX_AGE_SECONDS, secondsUntilNewYear(clock));

/**
 * The package a request names, its absent covers taken from the limits' defaults. An absent
 * disability cover is its default on the slider's steps at most the life cover (0 under its
 * minimum), so it is never refused: a default the caller did not send carries no error even
 * when the life cover given is (life 10 001 once gave disability 10 001 and a step error on
 * `disability`, docs/decisions/0267).
 */
function quotePackage(input: Pick<QuoteRequest, "life" | "disability" | "packages">, limits: PackageLimits) {
  const life = input.life ?? limits.sumLimitsForDeathCover.def;
  const disabilityLimits = limits.sumLimitsForDisabilityCover;
  const disability = input.disability ?? (isWhole(life) ? snapDisabilityCover(disabilityLimits.def, disabilityLimits, life) : disabilityLimits.def);
  return { sumInsuredForDeathCover: life, sumInsuredForDisabilityCover: disability, services: input.packages ?? [] };
}

/** The package step's failures, named as the quote names its fields. */
const FIELD_NAMES: Record<string, string> = { sumInsuredForDeathCover: "life", sumInsuredForDisabilityCover: "disability", services: "packages" };

/**
 * The quote: the limits for the age and the monthly price of the package within them, or the
 * age outside the product (`available: false`), or the failures of the request (each naming
 * its field: age, birthYear, life, disability, packages). Never throws.
 */
export function quote(input: QuoteRequest, clock: Clock): Outcome<Quote, Failure[]> {
  const age = quoteAge(input, clock);
  if (!age.ok) return age;
  const { onlyIf } = age.value;
  if (!isEligibleAge(age.value.age)) return { ok: true, value: { available: false, age: age.value.age, state: "SERVICE_UNAVAILABLE" } };
  const limits = packageLimits(age.value.age)!;
  const asked = quotePackage(input, limits);
  const failures = proposalFailures(asked, limits);
  if (failures.length) return { ok: false, failure: failures.map((f) => ({ ...f, context: FIELD_NAMES[f.context ?? ""] ?? f.context })) };
  const proposal: Proposal = { ...asked, services: asked.services as ServiceCode[] };
  const facts = { age: age.value.age, wellnessScore: null, smoker: false };
  const estimation = price(facts, proposal);
  const best = price({ ...facts, wellnessScore: BEST_WELLNESS_SCORE }, proposal);
  return {
    ok: true,
    value: {
      available: true,
      age: age.value.age,
      ...(onlyIf ? { onlyIf } : {}),
      limits,
      package: proposal,
      estimation,
      wellnessDiscountUpTo: { percent: best.wellnessDiscountPercent, amount: best.wellnessDiscount },
    },
  };
}

/**
 * The limits a form shows before an age is given: the youngest band's, the widest of all. The
 * defaults (50 000 / 20 000) are within every band's, so a first quote needs only the age.
 */
export const LIMITS_BEFORE_AGE: PackageLimits = packageLimits(MIN_AGE)!;

/**
 * The covers a request names brought within `limits` as the sliders hold them, absent ones the
 * defaults, or null when either is no whole number. The disability cover is fitted to the life
 * cover the quote prices (within the limits), not to one the limits refused, and one not given
 * is that life cover's default: life 0, 5 000 and 10 000 all price 10 000 of life cover, and so
 * the same disability cover. The landing page's quote and its form before an age (within
 * LIMITS_BEFORE_AGE) both start from here, so the same link shows the same covers either way.
 */
export function coversWithinLimits(
  input: Pick<QuoteRequest, "life" | "disability">,
  limits: PackageLimits,
): { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number; adjusted: boolean } | null {
  const asked = quotePackage(input, limits);
  if (!isWhole(asked.sumInsuredForDeathCover) || !isWhole(asked.sumInsuredForDisabilityCover)) return null;
  const life = fitCovers(asked, limits).sumInsuredForDeathCover;
  const disability = input.disability ?? quotePackage({ ...input, life }, limits).sumInsuredForDisabilityCover;
  const within = fitCovers({ ...asked, sumInsuredForDeathCover: life, sumInsuredForDisabilityCover: disability }, limits);
  const adjusted = within.sumInsuredForDeathCover !== asked.sumInsuredForDeathCover || within.sumInsuredForDisabilityCover !== disability;
  return { ...within, adjusted };
}

/**
 * The landing page's quote: as `quote`, but covers outside the age's limits are first brought
 * within them, as the sliders would when the age changes (`adjusted` says so); the /api
 * refuses them instead. Absent covers take the defaults.
 */
export function quoteWithinLimits(input: QuoteRequest, clock: Clock): Outcome<{ quote: Quote; adjusted: boolean }, Failure[]> {
  const age = quoteAge(input, clock);
  if (!age.ok) return age;
  const limits = packageLimits(age.value.age);
  let fitted = input;
  let adjusted = false;
  if (limits) {
    const within = coversWithinLimits(input, limits);
    if (within) {
      adjusted = within.adjusted;
      fitted = { ...input, life: within.sumInsuredForDeathCover, disability: within.sumInsuredForDisabilityCover };
    }
  }
  const quoted = quote(fitted, clock);
  return quoted.ok ? { ok: true, value: { quote: quoted.value, adjusted } } : quoted;
}
