/**
 * The quote's query through its schema (app/lib/quote-schema.ts), for both doors: the landing
 * page's loader and GET /api/quote (docs/decisions/0085-anonymous-quote.md).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { Failure, Outcome } from "../core/outcome.js";
import { parseWithZod } from "../lib/form-parse.js";
import { QUOTE_PARAMETERS, quoteSchema, type QuoteQuery } from "../lib/quote-schema.js";
import { failuresToErrors } from "./failed-request.server.js";
import { nestsUnder, plainQuery } from "./request-checks.js";

export interface QuoteQueryRead {
  /** The query as the quote takes it, or its field errors (i18n keys, each naming its parameter). */
  outcome: Outcome<QuoteQuery, Failure[]>;
  /**
   * conform's reply with `failures` as its errors and the query as typed (`initialValue`), as
   * every form's failed post answers: the page's form shows back what was typed from it.
   */
  reply(failures: Failure[]): SubmissionResult<string[]>;
}

/**
 * The query read once for both doors. A parameter of the quote named nested (`life[x]`,
 * `packages[0]`, `age.a`) is refused with `error.invalid` on it: conform's parse would read it
 * as absent or as a list (docs/decisions/0267; the /api refuses any nested name before this).
 */
export function readQuoteQuery(search: URLSearchParams): QuoteQueryRead {
  // conform reads the plain names only (a nested one is refused below, conform's own fields are not the quote's).
  const submission = parseWithZod(plainQuery(search), { schema: quoteSchema, repeatedIsInvalid: true });
  const failures =
    submission.status === "success"
      ? []
      : Object.entries(submission.error ?? {}).flatMap(([context, codes]) =>
          (codes ?? []).slice(0, 1).map((code) => ({ code: code.startsWith("error.") ? code : "error.invalid", ...(context ? { context } : {}) })),
        );
  for (const name of search.keys()) {
    const nested = nestsUnder(name);
    if (nested !== null && QUOTE_PARAMETERS.has(nested) && !failures.some((f) => f.context === nested)) failures.push({ code: "error.invalid", context: nested });
  }
  const reply = (refused: Failure[]) => submission.reply(failuresToErrors(refused));
  if (submission.status === "success" && !failures.length) return { outcome: { ok: true, value: submission.value }, reply };
  return { outcome: { ok: false, failure: failures.length ? failures : [{ code: "error.invalid" }] }, reply };
}

/** The query as the quote takes it, or its field errors (GET /api/quote). */
export const parseQuoteQuery = (search: URLSearchParams): Outcome<QuoteQuery, Failure[]> => readQuoteQuery(search).outcome;
