/** GET /api/quote: the anonymous quote (docs/api.md "Quote", docs/decisions/0085-anonymous-quote.md). */
import type { Router } from "express";
import { QUOTE_CONDITION_TEXT, quoteLoginHref } from "../../lib/quote-fields.js";
import { parseQuoteQuery } from "../quote.server.js";
import { sendErrors, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

export function quoteRoutes(router: Router, { core }: ApiDeps, { handle }: ApiHandlers): void {
  router.get(
    "/quote",
    handle(async (req, res, ctx) => {
      // Public: limited per client address before any work (counted in memory, nothing stored).
      const wait = core.quotes.limiter.take(ctx.clientAddress);
      if (wait > 0) {
        res.setHeader("Retry-After", String(wait));
        return sendErrors(res, 429, [{ code: "error.quote_rate_limited", params: { seconds: wait } }]);
      }
      const search = new URL(req.originalUrl, "http://localhost").searchParams;
      const query = parseQuoteQuery(search);
      if (!query.ok) return sendErrors(res, 400, query.failure);
      const quoted = core.quotes.quote(query.value);
      if (!quoted.ok) return sendErrors(res, 400, quoted.failure);
      // The answer is a function of the query (and, for a year of birth, the calendar year): any
      // cache may keep it, a year of birth's not past the new year (docs/decisions/0312). No
      // cookie is read and no text is translated, so nothing else varies (compression adds
      // Vary: Accept-Encoding).
      res.setHeader("Cache-Control", `public, max-age=${core.quotes.maxAgeSeconds(query.value)}`);
      // A calculator on the marketing site may ask from the browser: nothing here is private.
      res.setHeader("Access-Control-Allow-Origin", "*");
      const value = quoted.value;
      if (!value.available) return void res.json(value);
      res.json({
        available: true,
        age: value.age,
        // A year of birth at an age limit: the price holds for one side of this year's birthday.
        ...(value.onlyIf
          ? {
              onlyIf: {
                birthday: value.onlyIf.birthday,
                code: QUOTE_CONDITION_TEXT[value.onlyIf.birthday],
                otherwise: { available: false, age: value.onlyIf.otherwiseAge, state: "SERVICE_UNAVAILABLE" },
              },
            }
          : {}),
        ...value.limits,
        package: value.package,
        estimation: value.estimation,
        assumptions: { wellnessScore: null, smoker: false },
        wellnessDiscountUpTo: value.wellnessDiscountUpTo,
        loginPath: quoteLoginHref(value.package),
      });
    }),
  );
}
