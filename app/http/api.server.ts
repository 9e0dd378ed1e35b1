/**
 * The /api JSON router (SPEC.md section 7), a thin adapter over the same core use cases as
 * the HTML routes. Errors always have one shape: { errors: [{ code, context?, params? }] }
 * (docs/api.md).
 */
import express, { type NextFunction, type Request, type Response } from "express";
import { isEidProviderError } from "../core/auth/provider.js";
import { isDatabaseUnavailable, logUnavailable, RETRY_AFTER, UNAVAILABLE_CODE } from "./unavailable.server.js";
import type { Config } from "../core/config.js";
import { readLoginParams } from "../core/login-params.js";
import { apiLanguage } from "../i18n/language.server.js";
import { onboardingStatus } from "../core/onboarding.js";
import { afterSignInPath } from "../lib/route-access.js";
import { servedOrigin } from "./host.server.js";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "./session-cookie.server.js";
import { clearedSignInCookie, readSignInToken, signInCookie } from "./sign-in-cookie.server.js";
import { apiHandlers, sendErrors, type ApiDeps } from "./api/handlers.server.js";
import { publicIntermediary, userDetails } from "./presenters.server.js";
import { questionnaireRoutes } from "./api/questionnaire.server.js";
import { registrationRoutes } from "./api/registration.server.js";
import { beneficiariesRoutes } from "./api/beneficiaries.server.js";
import { withdrawalRoutes } from "./api/withdrawal.server.js";
import { scoreRoutes } from "./api/score.server.js";
import { offerRoutes } from "./api/offer.server.js";
import { selfServiceRoutes } from "./api/self-service.server.js";
import { myDataRoutes } from "./api/my-data.server.js";
import { beneficiaryChangeRoutes } from "./api/beneficiary-change.server.js";
import { selfServiceChangesRoutes } from "./api/self-service-changes.server.js";
import { proposalRoutes } from "./api/proposal.server.js";
import { quoteRoutes } from "./api/quote.server.js";
import { logRequestError, quietObservability, type Observability } from "./observability.server.js";
import { isSignedInHead } from "./signed-in-head.server.js";
import { methodsBesidesHead, routerMethods } from "./allowed-methods.server.js";
import { nestedQueryName } from "./request-checks.js";
import { isSubmissionKey } from "../core/idempotency.js";

export function apiRouter({ core, config }: ApiDeps) {
  const router = express.Router();
  // Bodies are read, bounded and parsed before the router (app/http/request-limits.server.ts).
  const { handle, signedIn } = apiHandlers({ core, config });
  // A signed-in HEAD runs nothing (docs/decisions/0312), refused here rather than with the pages
  // (app/http/signed-in-head.server.ts) so that Allow names what the path takes: POST for
  // /api/logout, not GET.
  router.use((req, res, next) => {
    if (!isSignedInHead(req, config)) return next();
    res.setHeader("Cache-Control", "no-store");
    const allowed = methodsBesidesHead(router, req.path);
    if (allowed.length === 0) return sendErrors(res, 404, [{ code: "error.not_found" }]);
    res.setHeader("Allow", allowed.join(", "));
    sendErrors(res, 405, [{ code: "error.method_not_allowed" }]);
  });
  // Plain query names on every path (docs/decisions/0267): a nested one (`life[x]`) is refused
  // before any handler reads the query, whether through req.query (qs) or URLSearchParams.
  router.use((req, res, next) => {
    const nested = nestedQueryName(new URL(req.originalUrl, "http://localhost").searchParams);
    if (nested === null) return next();
    res.setHeader("Cache-Control", "no-store");
    sendErrors(res, 400, [{ code: "error.invalid", ...(nested ? { context: nested } : {}) }]);
  });
  // A submission key the log cannot take is refused, not ignored: ignored, every resend of the
  // same save would run again, and the program would not know (docs/decisions/0356).
  router.use((req, res, next) => {
    const body: unknown = req.body;
    const key = typeof body === "object" && body !== null && !Array.isArray(body) && "submissionKey" in body ? body.submissionKey : null;
    if (key === null || isSubmissionKey(key)) return next();
    res.setHeader("Cache-Control", "no-store");
    sendErrors(res, 400, [{ code: "error.invalid", context: "submissionKey" }]);
  });

  router.post(
    "/auth/init",
    handle(async (req, res) => {
      const url = new URL(req.originalUrl, "http://localhost");
      // Stores nothing: the sign-in under way is the signed token in the sign_in cookie (docs/decisions/0120).
      const started = await core.signIn.start({
        pendingToken: readSignInToken(req.headers.cookie),
        params: readLoginParams(url.searchParams),
        returnUrl: returnUrl(config, req),
        // The provider's own page (Dokobit's) in the caller's language (docs/api.md "Language").
        locale: await apiLanguage(req),
      });
      res.append("Set-Cookie", signInCookie(started.pendingToken));
      res.json({ sessionToken: started.widgetToken, ...(started.widgetUrl ? { widgetUrl: started.widgetUrl } : {}) });
    }),
  );

  router.post(
    "/auth/complete",
    handle(async (req, res, ctx) => {
      const returnToken = typeof req.body?.returnToken === "string" ? req.body.returnToken : "";
      if (!returnToken) return sendErrors(res, 400, [{ code: "error.required", context: "returnToken" }]);
      const completion = await core.signIn.complete({
        pendingToken: readSignInToken(req.headers.cookie),
        returnToken,
        clientAddress: ctx.clientAddress,
        personalCodeHint: core.eid.name === "demo" ? returnToken.split(":")[1] : undefined,
        replacing: readSessionToken(req.headers.cookie, config.sessionSecrets),
      });
      // Whatever the outcome, this sign-in is over: a new one starts with auth/init.
      if (completion.kind !== "rate-limited") res.append("Set-Cookie", clearedSignInCookie());
      switch (completion.kind) {
        case "no-sign-in":
          return sendErrors(res, 409, [{ code: "error.no_sign_in" }]);
        case "rate-limited":
          res.setHeader("Retry-After", String(completion.retryAfterMinutes * 60));
          return sendErrors(res, 429, [{ code: "error.rate_limited", params: { minutes: completion.retryAfterMinutes } }]);
        case "failed":
          res.json({ result: completion.result, authenticationMethod: completion.authenticationMethod });
          return;
        case "signed-in":
          res.append("Set-Cookie", sessionCookie(completion.session.token, config.sessionSecrets));
          res.json({ result: "SUCCESS", authenticationMethod: completion.authenticationMethod, redirectTo: afterSignInPath(completion.customer.state, completion.remembered) });
      }
    }),
  );

  router.post(
    "/logout",
    handle(async (req, res) => {
      const token = readSessionToken(req.headers.cookie, config.sessionSecrets);
      if (token) await core.sessions.destroy(token);
      res.append("Set-Cookie", clearedSessionCookie());
      res.status(204).end();
    }),
  );

  router.get(
    "/onboarding/state",
    handle(
      signedIn(async (_req, res, { session, customer }) => {
        // The state after the age re-check (PRODUCT.md section 3), as every handler sees it.
        const status = onboardingStatus(customer, session.data);
        res.json({ state: status.state, intermediary: publicIntermediary(status.intermediary) });
      }),
    ),
  );

  router.get(
    "/account/user",
    handle(
      signedIn(async (_req, res, { customer }) => {
        res.json(userDetails(customer));
      }),
    ),
  );

  router.get(
    "/onboarding/wl/src/:source",
    handle(async (req, res) => {
      const found = await core.intermediaries.bySource(String(req.params.source));
      if (!found) return sendErrors(res, 404, [{ code: "error.not_found" }]);
      res.json(publicIntermediary(found));
    }),
  );

  router.get(
    "/onboarding/wl/promo/:code",
    handle(
      signedIn(async (req, res) => {
        const found = await core.intermediaries.byCode(String(req.params.code));
        if (!found) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        res.json(publicIntermediary(found));
      }),
    ),
  );

  registrationRoutes(router, { core, config }, { handle, signedIn });
  scoreRoutes(router, { core, config }, { handle, signedIn });
  offerRoutes(router, { core, config }, { handle, signedIn });
  selfServiceRoutes(router, { core, config }, { handle, signedIn });
  myDataRoutes(router, { core, config }, { handle, signedIn });
  selfServiceChangesRoutes(router, { core, config }, { handle, signedIn });
  proposalRoutes(router, { core, config }, { handle, signedIn });
  quoteRoutes(router, { core, config }, { handle, signedIn });
  questionnaireRoutes(router, { core, config }, { handle, signedIn });
  beneficiariesRoutes(router, { core, config }, { handle, signedIn });
  beneficiaryChangeRoutes(router, { core, config }, { handle, signedIn });
  withdrawalRoutes(router, { core, config }, { handle, signedIn, returnUrl: (req, path) => returnUrl(config, req, path) });

  // Like every other answer of the /api, never kept by a cache (docs/decisions/0352). A path the
  // /api has, asked with a method it does not take (OPTIONS too), is 405 with the methods it
  // takes, as the pages answer (docs/decisions/0336): a 404 said the path did not exist.
  router.use((req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const allowed = routerMethods(router, req.path);
    if (allowed.length === 0) return sendErrors(res, 404, [{ code: "error.not_found" }]);
    res.setHeader("Allow", allowed.join(", "));
    sendErrors(res, 405, [{ code: "error.method_not_allowed" }]);
  });
  // Express needs all four parameters to see an error handler.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const { log } = (res.app.locals.observability as Observability | undefined) ?? quietObservability();
    // The database unavailable: 503 with Retry-After, as the pages (app/http/unavailable.server.ts).
    if (isDatabaseUnavailable(error)) {
      logUnavailable(log, res.locals.requestId, error);
      res.set(RETRY_AFTER);
      return sendErrors(res, 503, [{ code: UNAVAILABLE_CODE }]);
    }
    logRequestError(log, res.locals.requestId, "api_error", error);
    // The e-ID provider did not answer (a sign-in's start or completion): 503, as the pages say.
    if (isEidProviderError(error)) return sendErrors(res, 503, [{ code: "error.provider" }]);
    sendErrors(res, 500, [{ code: "error.technical" }]);
  });
  return router;
}

/** Where the e-ID provider's page sends the customer back. */
function returnUrl(config: Config, req: Request, path = "/login/return"): string {
  // Served under PUBLIC_URL, or the request's own origin (app/http/host.server.ts: a request without one was answered before).
  return new URL(path, servedOrigin(req, config) ?? "http://localhost").toString();
}
