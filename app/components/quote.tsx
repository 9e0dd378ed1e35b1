/**
 * The landing page's quote (issue 20, docs/decisions/0085-anonymous-quote.md): the age, the
 * two covers and the health packages, and the monthly price with its parts beside them. A
 * plain GET form: without JavaScript "Calculate the price" renders the page again with the
 * price; with it the price follows the inputs 300 ms after each change, and the covers' limits
 * follow the age. "Continue" signs in with the choices (the login link's life, disability and
 * packages), so the package step starts from them.
 */
import type { SubmissionResult } from "@conform-to/react";
import { isRouteErrorResponse, Link, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { CoverSlider, useCovers, type CoverField } from "~/components/covers";
import { EstimateBreakdown, useLiveEstimate } from "~/components/estimate";
import { ErrorSummary, FieldError, FieldLabel } from "~/components/form";
import { ServicesField, type ServiceOption } from "~/components/services-field";
import { newFailure, useDocumentTitle, useHydrated, type RequestFailed } from "~/components/every-page";
import { packageLimits, type PackageLimits } from "~/lib/limits";
import { formatMoney, type Language } from "~/lib/euro";
import type { PackageValues } from "~/lib/package-fields";
import { OLDEST_PLAUSIBLE_AGE, QUOTE_AGE, QUOTE_CONDITION_TEXT, QUOTE_COVERS, QUOTE_PACKAGES, quoteLoginHref, type Quote } from "~/lib/quote-fields";
import { keptSliderText } from "~/lib/kept-slider-text";

type AvailableQuote = Extract<Quote, { available: true }>;

/**
 * The landing page's clientLoader. The live estimate's own load (it carries `seq`) that gets no
 * answer, a lost one or a 5xx is the failure marker, as a failed save is (stepClientAction): the
 * estimate says it failed and the page stays as typed (it was the error page). Any other load,
 * a redirect, an answer below 500 and the customer's own abort go on as they came (the rule of
 * `isFailure` in app/components/request-failure.tsx, not exported from the chunk every page
 * loads first, which has no byte to spare).
 */
export async function quoteClientLoader({ serverLoader, request }: ClientLoaderFunctionArgs) {
  if (!new URL(request.url).searchParams.has("seq")) return serverLoader();
  try {
    return await serverLoader();
  } catch (error) {
    const status = error instanceof Response || isRouteErrorResponse(error) ? error.status : 500;
    if (request.signal.aborted || status < 500) throw error;
    return { requestFailed: newFailure() } satisfies RequestFailed;
  }
}

export interface QuotePageData {
  language: Language;
  catalogue: ServiceOption[];
  /** promo and src as they came: carried through the form and on to /login. */
  carried: Record<string, string>;
  /** The age as typed (or the one a year of birth gave). */
  age: string;
  limits: PackageLimits;
  values: PackageValues;
  quote: AvailableQuote | null;
  unavailable: boolean;
  adjusted: boolean;
  errors: Array<{ code: string; context?: string }>;
  /** A refused quote's reply (conform's, as every form's failed post): `initialValue` is the query as typed. */
  result: SubmissionResult<string[]> | null;
  limitedSeconds: number;
  /** The page's title, and with its "Error: " prefix (while the page's answer shows an error). */
  plainTitle: string;
  errorTitle: string;
  /** A quote was asked for (the page's answer, the price or that none can be given, takes focus on the load). */
  asked: boolean;
  loginHref: string;
  seq: number;
  /** Where the unavailable note sends questions (the insurer's own address, README.md "Configuration"). */
  contactEmail: string;
}

/** Which field shows an error of the quote's parameters (a cover's range and shown value are its field's). */
const FIELD_OF: Record<string, string> = {
  age: QUOTE_AGE,
  birthYear: QUOTE_AGE,
  ...Object.fromEntries(Object.values(QUOTE_COVERS).flatMap((names) => [names.field, names.range, names.was].map((name) => [name, names.field]))),
  packages: QUOTE_PACKAGES,
};
const LABEL_OF: Record<string, string> = { [QUOTE_AGE]: "quote.age", life: "package.death.legend", disability: "package.disability.legend", [QUOTE_PACKAGES]: "package.services.legend" };

const wholeAge = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);

/** What a cover's typed field shows after a refused quote (keptSliderText, as the score's sliders); nothing when the query named the cover not at all. */
function typedBack(typed: Record<string, unknown> | null | undefined, names: { field: string; range: string; was: string }): string | undefined {
  const text = (name: string) => (typeof typed?.[name] === "string" ? (typed[name] as string) : undefined);
  return keptSliderText({ typed: text(names.field), range: text(names.range), was: text(names.was) });
}

export function QuoteForm({ page }: { page: QuotePageData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [age, setAge] = useState(page.age);
  const [limits, setLimits] = useState(page.limits);
  // A refused quote keeps what was typed, as every form's failed post does (its reply's initialValue).
  const typed = page.result?.status === "error" ? (page.result.initialValue as Record<string, unknown> | null | undefined) : undefined;
  const typedCovers = { death: typedBack(typed, QUOTE_COVERS.death), disability: typedBack(typed, QUOTE_COVERS.disability) };
  const covers = useCovers(page.values, limits, typedCovers);
  const [services, setServices] = useState(page.values.services);
  // With JavaScript the live estimate prices what is on screen, but the page's answer stays
  // until its field changes: a field it refused (a link with life=-5000, age=abc, packages=FOO)
  // keeps its error and its line in the summary, and no price or link is offered, while the
  // field still shows what was refused; its other messages (the limit, the amounts brought
  // within the age's limits) stay while nothing has changed.
  const [refused] = useState(() =>
    Object.fromEntries(page.errors.flatMap((e) => (e.context && FIELD_OF[e.context] ? [[FIELD_OF[e.context], true]] : []))) as Record<string, boolean>,
  );
  const [first] = useState({ services, typedDeath: covers.typedDeath, typedDisability: covers.typedDisability });
  const unchanged: Record<string, boolean> = {
    [QUOTE_AGE]: age === page.age,
    [QUOTE_COVERS.death.field]: covers.typedDeath === first.typedDeath && covers.death === page.values.sumInsuredForDeathCover,
    [QUOTE_COVERS.disability.field]: covers.typedDisability === first.typedDisability && covers.disability === page.values.sumInsuredForDisabilityCover,
    [QUOTE_PACKAGES]: services === first.services,
  };
  const untouched = !hydrated || Object.values(unchanged).every(Boolean);
  const stillRefused = (field: string) => Boolean(refused[field] && unchanged[field]);
  const anyStillRefused = Object.keys(unchanged).some(stillRefused);
  const ageNumber = wholeAge(age);
  const ageLimits = ageNumber === null ? null : packageLimits(ageNumber);

  const carriedRef = useRef(page.carried);
  const estimate = useLiveEstimate<AvailableQuote>({
    key: "quote",
    inputs: [ageNumber, covers.death, covers.disability, services.join(",")].join("|"),
    enabled: ageLimits !== null,
    initial: page.quote,
    send(fetcher, seq) {
      const query = new URLSearchParams({ index: "", ...carriedRef.current, [QUOTE_AGE]: String(ageNumber) });
      query.set(QUOTE_COVERS.death.field, String(covers.death));
      query.set(QUOTE_COVERS.disability.field, String(covers.disability));
      if (services.length) query.set(QUOTE_PACKAGES, services.join(","));
      query.set("seq", String(seq));
      fetcher.load(`/?${query}`);
    },
    read: (data) => {
      const answer = data as Partial<QuotePageData> | undefined;
      if (!answer || typeof answer.seq !== "number" || answer.seq <= 0) return undefined;
      const wait = answer.limitedSeconds ?? 0;
      return { seq: answer.seq, answer: answer.quote ?? null, note: wait > 0 ? t("error.quote_rate_limited", { seconds: wait, count: wait }) : undefined };
    },
  });

  // A code the link named that is no service of ours (packages=FOO, refused) goes with the first change.
  const onServices = (chosen: string[]) => setServices(chosen.filter((code) => page.catalogue.some((service) => service.code === code)));

  const onAge = (text: string) => {
    const typed = text.replace(/\D/g, "").slice(0, 3);
    setAge(typed);
    const next = wholeAge(typed);
    const nextLimits = next === null ? null : packageLimits(next);
    if (nextLimits) {
      setLimits(nextLimits);
      covers.fit(nextLimits);
    }
  };

  // Without JavaScript the page answers what was asked; with it, what is on screen now.
  const quote = hydrated ? (anyStillRefused ? null : estimate.estimation) : page.quote;
  // One digit is most likely an age still being typed: not yet "unavailable".
  // Older than anyone is a typing error, as the page's answer says without JavaScript.
  const implausibleAge = ageNumber !== null && ageNumber > OLDEST_PLAUSIBLE_AGE;
  const unavailable = hydrated ? ageNumber !== null && ageLimits === null && age.length > 1 && !implausibleAge : page.unavailable;
  const loginHref = hydrated ? (quote ? quoteLoginHref({ sumInsuredForDeathCover: covers.death, sumInsuredForDisabilityCover: covers.disability, services }, new URLSearchParams(page.carried)) : page.loginHref) : page.loginHref;

  // The page's own answer to a quote asked for (a link, the form's submit without JavaScript)
  // takes focus on the load, as what was asked for: the price, or that none can be given. It
  // stays focusable once hydrated (focus stays where the load put it); the load's render alone
  // focuses it, never a live answer while the customer types.
  const answered = page.asked && !page.errors.length;
  const errorOf = (field: string) => page.errors.find((e) => FIELD_OF[e.context ?? ""] === field)?.code;
  const shown = (field: string | undefined) => !hydrated || (field ? stillRefused(field) : untouched);
  const fieldOf = (field: string): CoverField => ({ id: field, errorId: `${field}-error`, error: shown(field) ? errorOf(field) : undefined });
  const summary = [
    ...(page.limitedSeconds && untouched ? [{ message: t("error.quote_rate_limited", { seconds: page.limitedSeconds, count: page.limitedSeconds }) }] : []),
    ...page.errors.flatMap((e) => {
      const field = FIELD_OF[e.context ?? ""];
      if (!shown(field)) return [];
      return [field ? { fieldId: field, message: `${t(LABEL_OF[field])}: ${t(e.code)}` } : { message: t(e.code) }];
    }),
  ];
  useDocumentTitle(summary.length ? page.errorTitle : page.plainTitle);
  const ageError = hydrated && implausibleAge ? { ...fieldOf(QUOTE_AGE), error: "error.quote_age" } : fieldOf(QUOTE_AGE);
  const money = (cents: number) => formatMoney(cents, page.language);

  return (
    <section className="quote" aria-labelledby="quote-heading">
      <h2 id="quote-heading">{t("quote.heading")}</h2>
      <p>{t("quote.intro")}</p>
      {/* Focus moves to it once, with the page's answer: never again as its lines go. */}
      <ErrorSummary items={summary} focusKey={page.seq} />
      {page.adjusted && untouched ? (
        <p className="notice" role="status">
          {t("quote.adjusted")}
        </p>
      ) : null}
      <div className="package">
        <form method="get" action="/" noValidate className="package__form" onSubmit={(event) => event.preventDefault()}>
          {Object.entries(page.carried).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className={`field${ageError.error ? " field--error" : ""}`}>
            <FieldLabel htmlFor={QUOTE_AGE} required>
              {t("quote.age")}
            </FieldLabel>
            <span id="age-hint" className="field__hint">
              {t("quote.age.hint")}
            </span>
            <FieldError id={ageError.errorId} error={ageError.error} />
            <input
              type="text"
              id={QUOTE_AGE}
              name={QUOTE_AGE}
              value={age}
              inputMode="numeric"
              maxLength={3}
              autoComplete="off"
              className="input--number"
              required
              aria-invalid={ageError.error ? true : undefined}
              aria-describedby={["age-hint", ageError.error ? ageError.errorId : null].filter(Boolean).join(" ")}
              onChange={(event) => onAge(event.currentTarget.value)}
            />
          </div>
          {ageLimits === null && !page.quote ? <p className="note">{t("quote.limits.before_age")}</p> : null}
          <CoverSlider cover="death" names={QUOTE_COVERS.death} field={fieldOf(QUOTE_COVERS.death.field)} range={limits.sumLimitsForDeathCover} value={covers.death} typed={covers.typedDeath} on={covers.deathInput} />
          <CoverSlider
            cover="disability"
            names={QUOTE_COVERS.disability}
            field={fieldOf(QUOTE_COVERS.disability.field)}
            range={limits.sumLimitsForDisabilityCover}
            value={covers.disability}
            typed={covers.typedDisability}
            on={covers.disabilityInput}
            notice={covers.lowered}
          />
          <ServicesField name={QUOTE_PACKAGES} field={fieldOf(QUOTE_PACKAGES)} catalogue={page.catalogue} chosen={services} onChange={onServices} language={page.language} />
          {!hydrated ? (
            <div className="package__recalculate">
              <p className="note">{t("quote.nojs")}</p>
              <button type="submit" className="button button--secondary">
                {t("quote.calculate")}
              </button>
            </div>
          ) : null}
        </form>
        <div>
          {unavailable ? (
            <div className="estimate" role="status" aria-labelledby="unavailable-heading" aria-describedby="unavailable-reason" tabIndex={answered && page.unavailable ? -1 : undefined} autoFocus={!hydrated && answered && page.unavailable}>
              <h2 id="unavailable-heading">{t("service.unavailable")}</h2>
              <p id="unavailable-reason">{t("service.unavailable.reason", { email: page.contactEmail })}</p>
            </div>
          ) : (
            <EstimateBreakdown
              estimation={quote?.estimation ?? null}
              status={hydrated ? estimate.status : "idle"}
              failure={estimate.failure}
              failed="quote.estimate.failed"
              onRetry={estimate.retry}
              language={page.language}
              catalogue={page.catalogue}
              answer={answered && Boolean(page.quote)}
              focus={!hydrated && answered && Boolean(page.quote)}
              news={covers.lowered}
              empty={<p className="note">{t(ageLimits !== null && anyStillRefused ? "quote.correct_fields" : "quote.no_age")}</p>}
              notes={
                quote ? (
                  <>
                    {quote.onlyIf ? (
                      <p className="note" data-line="only-if">
                        {t(QUOTE_CONDITION_TEXT[quote.onlyIf.birthday], { age: quote.age, otherwiseAge: quote.onlyIf.otherwiseAge })}
                      </p>
                    ) : null}
                    <p className="note">{t("quote.assumptions")}</p>
                    <p className="note" data-line="discount-up-to">
                      {t("quote.discount_up_to", { percent: quote.wellnessDiscountUpTo.percent, amount: money(quote.wellnessDiscountUpTo.amount) })}
                    </p>
                  </>
                ) : null
              }
            />
          )}
          <p className="quote__continue">
            {quote && !unavailable ? (
              <>
                <Link to={loginHref} className="button" aria-describedby="continue-hint">
                  {t("quote.continue")}
                </Link>
                <span id="continue-hint" className="field__hint">
                  {t("quote.continue.hint")}
                </span>
              </>
            ) : (
              <Link to={loginHref} className="button button--secondary">
                {t("home.start")}
              </Link>
            )}
          </p>
        </div>
      </div>
    </section>
  );
}
