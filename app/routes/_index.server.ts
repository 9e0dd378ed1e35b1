// The home route's server half: the route takes its server code from here only, so that the
// browser build neither makes a chunk of each `.server` module nor loads the onboarding table
// its loader alone reads (docs/decisions/0043).
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { coversWithinLimits, LIMITS_BEFORE_AGE, type Quote } from "~/core/quote";
import { readPackages } from "~/core/login-params";
import { serviceSummaries } from "~/core/proposal/index";
import type { AppContext } from "~/http/context.server";
import { markFailed, pageTitles } from "~/http/failed-request.server";
import { pageLanguage } from "~/i18n/language.server";
import { readQuoteQuery } from "~/http/quote.server";
import { getT } from "~/i18n/i18next.server";
import { asksForQuote, CARRIED_LOGIN_PARAMS, quoteLoginHref, QUOTE_COVERS } from "~/lib/quote-fields";
import { chosenSliderText } from "~/lib/score-model";
import { typedAmount } from "~/lib/sums";

export { redirect } from "@remix-run/node";
export { limitHeaders } from "~/http/page.server";
export { landingPath } from "~/lib/route-access";

/** The login link's parameters "/" carries on to /login as they came, while no quote was made (SPEC.md section 4). */
const LOGIN_PARAMS = ["promo", "packages", "life", "disability", "src"];

type AvailableQuote = Extract<Quote, { available: true }>;

/**
 * The landing page with its quote form (docs/decisions/0085-anonymous-quote.md). Without an
 * age: the form at its defaults within the widest limits, and a sign-in link carrying the
 * login parameters it came with. With one (a submit without JavaScript, a link, or the live
 * estimate's fetcher, whose `seq` comes back): the quote for it, the covers brought within the
 * age's limits, counted against the address's limit; errors answer 400 with conform's reply
 * (the form shows back what was typed, as every form does), the limit 429. A quote asked for
 * and not made leaves the sign-in link without the form's choices (docs/decisions/0267).
 */
export async function homePage(request: Request, context: AppContext) {
  const search = new URL(request.url).searchParams;
  const language = await pageLanguage(request);
  const t = await getT(language);
  const carried = Object.fromEntries(CARRIED_LOGIN_PARAMS.flatMap((name) => (search.get(name) ? [[name, search.get(name)!]] : [])));
  const text = (name: string) => search.get(name) ?? "";
  const typedCover = (cover: keyof typeof QUOTE_COVERS) =>
    chosenSliderText({ typed: search.get(QUOTE_COVERS[cover].field) ?? undefined, range: search.get(QUOTE_COVERS[cover].range) ?? undefined, was: search.get(QUOTE_COVERS[cover].was) ?? undefined });
  const asked = asksForQuote(search);
  const base = {
    language,
    catalogue: serviceSummaries(language),
    carried,
    asked,
    seq: Number(search.get("seq")) || 0,
    age: text("age"),
    // Where the unavailable note sends questions: the insurer's own address, never the demo's.
    contactEmail: context.config.insurer.contractEmail,
  };
  // Where the form starts: what the query named (read as the sign-in reads it), else the
  // defaults, within the widest limits.
  const named = { life: typedAmount(typedCover("death")), disability: typedAmount(typedCover("disability")) };
  // As the quote fits them (one rule: a life cover under its minimum prices the minimum, and a
  // disability cover not named is that life cover's default), so the covers are the same whether
  // the age comes in the link or is typed later.
  const fitted = coversWithinLimits(named, LIMITS_BEFORE_AGE)!;
  // The health packages as the sign-in link reads them (case ignored, each once): the form ticks
  // them and the quote prices them, one reading for both (a code of no service stays refused).
  const packages = readPackages(search) ?? [];
  // The start link carries the covers the form shows, those the link named.
  const shown = {
    life: named.life === undefined ? undefined : fitted.sumInsuredForDeathCover,
    disability: named.disability === undefined ? undefined : fitted.sumInsuredForDisabilityCover,
  };
  const start = {
    limits: LIMITS_BEFORE_AGE,
    values: { sumInsuredForDeathCover: fitted.sumInsuredForDeathCover, sumInsuredForDisabilityCover: fitted.sumInsuredForDisabilityCover, services: packages },
  };
  const page = (
    extra: { quote?: AvailableQuote | null; unavailable?: boolean; adjusted?: boolean; errors?: Array<{ code: string; context?: string }>; result?: SubmissionResult<string[]>; limitedSeconds?: number },
    form = start,
  ) => ({
    ...base,
    ...pageTitles(t, context, t("title.home")),
    ...form,
    quote: extra.quote ?? null,
    unavailable: extra.unavailable ?? false,
    adjusted: extra.adjusted ?? false,
    errors: extra.errors ?? [],
    result: extra.result ?? null,
    limitedSeconds: extra.limitedSeconds ?? 0,
    // With a quote, its choices; a quote asked for and not made, none of the form's (what was
    // refused or never priced does not reach the sign-in); no quote asked, the link's, its covers
    // as the form shows them.
    loginHref: extra.quote ? quoteLoginHref(extra.quote.package, search) : asked ? carriedLoginHref(carried) : plainLoginHref(search, shown),
  });
  if (!asked) return data(page({}));

  // Public: limited per client address before any work (counted in memory, nothing stored).
  const wait = context.core.quotes.limiter.take(context.clientAddress);
  if (wait > 0) {
    markFailed(context);
    return data(page({ limitedSeconds: wait }), { status: 429, headers: { "Retry-After": String(wait) } });
  }
  const read = readQuoteQuery(search);
  const quoted = read.outcome.ok ? context.core.quotes.quoteWithinLimits({ ...read.outcome.value, ...(read.outcome.value.packages ? { packages } : {}) }) : read.outcome;
  if (!quoted.ok) {
    markFailed(context);
    return data(page({ errors: quoted.failure, result: read.reply(quoted.failure) }), { status: 400 });
  }
  const { quote, adjusted } = quoted.value;
  if (!quote.available) return data({ ...page({ unavailable: true }), age: String(quote.age) });
  // A year of birth is shown as the age it gave (the form asks for the age).
  return data({ ...page({ quote, adjusted }, { limits: quote.limits, values: quote.package }), age: String(quote.age) });
}

/**
 * A sign-in link carrying the login parameters only (no quote was asked for), each cover as the
 * number read from it (`life=100 000` would reach the sign-in as `life=100+000`), none that is
 * no number (the sign-in would drop it anyway).
 */
function plainLoginHref(search: URLSearchParams, amounts: Record<string, number | undefined>): string {
  const carried = new URLSearchParams();
  for (const [key, value] of search) {
    if (!LOGIN_PARAMS.includes(key)) continue;
    if (!(key in amounts)) carried.append(key, value);
    else if (amounts[key] !== undefined && !carried.has(key)) carried.set(key, String(amounts[key]));
  }
  return `/login${carried.size ? `?${carried}` : ""}`;
}

/** A sign-in link carrying the partner and the promo code only (a quote was asked for and not made). */
function carriedLoginHref(carried: Record<string, string>): string {
  const search = new URLSearchParams(carried);
  return `/login${search.size ? `?${search}` : ""}`;
}
