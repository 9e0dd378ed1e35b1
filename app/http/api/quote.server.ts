/** GET /api/quote: the anonymous quote (docs/api.md "Quote", docs/decisions/0085-anonymous-quote.md). */
import type { Router } from "express";
import { QUOTE_MAX_AGE_SECONDS } from "../../core/quote.js";
import { quoteLoginHref } from "../../lib/quote-fields.js";
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
      // cache may keep it. No cookie is read and no text is translated, so nothing else varies
      // (compression adds Vary: Accept-Encoding).
      res.setHeader("Cache-Control", `public, max-age=${QUOTE_MAX_AGE_SECONDS}`);
      // A calculator on the marketing site may ask from the browser: nothing here is private.
      res.setHeader("Access-Control-Allow-Origin", "*");
      const value = quoted.value;
      if (!value.available) return void res.json(value);
      res.json({
        available: true,
        age: value.age,
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
