/**
 * The quote's query (GET /api/quote and the landing page's form, docs/api.md "Quote"), one
 * zod schema for both: the age or the year of birth, each cover as a whole number of euro (the
 * page's form posts each cover's typed amount, range and shown value: whichever the customer
 * changed wins, chosenSliderText of app/lib/score-model.ts), each read as the package step
 * reads it (readAmount of app/lib/sums.ts), and the health packages as a comma list or repeated.
 * Only the syntax is checked here; the quote (app/core/quote.ts) checks the rest for the age.
 */
import * as z from "zod/v4/mini";
import { addIssue } from "./fields";
import { chosenSliderText } from "./score-model";
import { readAmount } from "./sums";
import { QUOTE_COVERS } from "./quote-fields";

export * from "./quote-fields";

const text = z.optional(z.string());
/** A list or one value (a query names a parameter once or more). */
const texts = z.optional(z.union([z.string(), z.array(z.string())]));

export interface QuoteQuery {
  age?: number;
  birthYear?: number;
  life?: number;
  disability?: number;
  packages?: string[];
}

/** The query's parameters: each a plain name (docs/decisions/0267). */
const quoteParameters = z.object({
  age: text,
  birthYear: text,
  life: text,
  lifeRange: text,
  lifeWas: text,
  disability: text,
  disabilityRange: text,
  disabilityWas: text,
  packages: texts,
});

/** The names the quote reads from a query. */
export const QUOTE_PARAMETERS: ReadonlySet<string> = new Set(Object.keys(quoteParameters.shape));

export const quoteSchema = z.pipe(
  quoteParameters,
  z.transform((form, ctx) => {
    const query: QuoteQuery = {};
    let ok = true;
    // The covers say the amount's own error; the age and the year of birth their own.
    const take = (name: keyof QuoteQuery & string, raw: string | undefined, message?: string) => {
      if (!raw?.trim()) return;
      const parsed = readAmount(raw);
      if ("error" in parsed) {
        addIssue(ctx, message ?? parsed.error, [name]);
        ok = false;
      } else (query as Record<string, number>)[name] = parsed.value;
    };
    take("age", form.age, "error.quote_age");
    take("birthYear", form.birthYear, "error.quote_birth_year");
    const covers = QUOTE_COVERS;
    take("life", chosenSliderText({ typed: form.life, range: form.lifeRange, was: form.lifeWas }));
    take(covers.disability.field, chosenSliderText({ typed: form.disability, range: form.disabilityRange, was: form.disabilityWas }));
    if (form.packages !== undefined) {
      const listed = ([] as string[]).concat(form.packages).flatMap((p) => p.split(","));
      // Codes as written: /api/quote refuses `mental` or `MENTAL,MENTAL` as the /api's package
      // does (proposalFailures); the landing page prices a link's own reading instead
      // (readPackages, as /login's link reads them: docs/decisions/0396).
      query.packages = listed.map((p) => p.trim()).filter(Boolean);
    }
    return ok ? query : z.NEVER;
  }),
);
