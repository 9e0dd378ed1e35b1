/** /api paths of the package step (docs/api.md "Package"). */
import type { Request, Response, Router } from "express";
import { serviceSummaries, type ProposalFailure } from "../../core/proposal/index.js";
import { fallbackLng, isLanguage, supportedLngs, type Language } from "../../i18n.js";
import { languageCookie } from "../../i18next.server.js";
import { sendErrors, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

/** Where the package step goes after a save. */
export const PACKAGE_NEXT = "/questionnaire";

const STATUS_BY_CODE: Record<string, number> = { "error.wrong_state": 409, "error.age_limit": 409, "error.not_found": 404 };

export function sendProposalFailure(res: Response, failures: ProposalFailure[]): void {
  sendErrors(res, Math.max(400, ...failures.map((f) => STATUS_BY_CODE[f.code] ?? 400)), failures);
}

/**
 * The customer's language for texts in JSON answers: `?lng=`, then the language cookie the
 * pages set, then Accept-Language, then Estonian.
 */
export async function apiLanguage(req: Request): Promise<Language> {
  const query = typeof req.query.lng === "string" ? req.query.lng : null;
  if (isLanguage(query)) return query;
  const cookie: unknown = await languageCookie.parse(req.headers.cookie ?? null).catch(() => null);
  if (isLanguage(cookie)) return cookie;
  for (const part of (req.headers["accept-language"] ?? "").split(",")) {
    const tag = part.split(";")[0].trim().slice(0, 2).toLowerCase();
    if ((supportedLngs as readonly string[]).includes(tag)) return tag as Language;
  }
  return fallbackLng;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The package fields of a JSON body (anything else is ignored). */
function packageOf(body: Record<string, unknown>) {
  return {
    sumInsuredForDeathCover: body.sumInsuredForDeathCover,
    sumInsuredForDisabilityCover: body.sumInsuredForDisabilityCover,
    services: body.services ?? [],
  };
}

export function proposalRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/onboarding/parameters",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const limits = core.proposal.parameters(customer);
        if (!limits.ok) return sendProposalFailure(res, limits.failure);
        res.json(limits.value);
      }),
    ),
  );

  router.get(
    "/onboarding/services",
    handle(
      signedIn(async (req, res) => {
        res.json(serviceSummaries(await apiLanguage(req)));
      }),
    ),
  );

  router.post(
    "/onboarding/calculation",
    handle(
      signedIn(async (req, res, { customer }) => {
        if (!isRecord(req.body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
        const priced = await core.proposal.calculate(customer, packageOf(req.body));
        if (!priced.ok) return sendProposalFailure(res, priced.failure);
        res.json(priced.value);
      }),
    ),
  );

  router.get(
    "/onboarding/proposal",
    handle(
      signedIn(async (_req, res, { customer }) => {
        // An empty object before the first save: the client keeps its defaults (SPEC.md section 4).
        res.json((await core.proposal.get(customer.id)) ?? {});
      }),
    ),
  );

  const save = handle(
    signedIn(async (req, res, { session, customer }) => {
      if (!isRecord(req.body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
      const key = typeof req.body.submissionKey === "string" ? req.body.submissionKey : null;
      const saved = await core.proposal.save({ customer, session, form: packageOf(req.body), submissionKey: key });
      if (!saved.ok) return sendProposalFailure(res, saved.failure);
      res.json({ state: saved.value.state, redirectTo: PACKAGE_NEXT, replayed: saved.replayed });
    }),
  );
  router.post("/onboarding/proposal", save);
  router.put("/onboarding/proposal", save);

  const answerEstimation = handle(
    signedIn(async (_req, res, { customer }) => {
      const estimation = await core.proposal.estimation(customer);
      if (!estimation) return sendErrors(res, 404, [{ code: "error.not_found" }]);
      res.json(estimation);
    }),
  );
  router.get("/onboarding/estimation", answerEstimation);
  // "Save estimate": prices the saved package again today and answers with it; nothing else
  // is stored (the estimation is derived from the saved package; the policy freezes it at
  // signing). Kept as its own path because SPEC.md section 7 lists it.
  router.post("/onboarding/estimation", answerEstimation);
}
