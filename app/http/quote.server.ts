/**
 * The quote's query through its schema (app/lib/quote-schema.ts), for both doors: the landing
 * page's loader and GET /api/quote (docs/decisions/0085-anonymous-quote.md).
 */
import type { Failure, Outcome } from "../core/outcome.js";
import { parseWithZod } from "../lib/form-parse.js";
import { quoteSchema, type QuoteQuery } from "../lib/quote-schema.js";

/** The query as the quote takes it, or its field errors (i18n keys, each naming its parameter). */
export function parseQuoteQuery(search: URLSearchParams): Outcome<QuoteQuery, Failure[]> {
  const submission = parseWithZod(search, { schema: quoteSchema });
  if (submission.status === "success") return { ok: true, value: submission.value };
  const failures = Object.entries(submission.error ?? {}).flatMap(([context, codes]) =>
    (codes ?? []).slice(0, 1).map((code) => ({ code: code.startsWith("error.") ? code : "error.invalid", ...(context ? { context } : {}) })),
  );
  return { ok: false, failure: failures.length ? failures : [{ code: "error.invalid" }] };
}
