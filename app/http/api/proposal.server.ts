/** /api paths of the package step (docs/api.md "Package"). */
import type { Router } from "express";
import { serviceSummaries } from "../../core/proposal/index.js";
import { nextPath } from "../../lib/route-access.js";
import { apiLanguage } from "../../i18n/language.server.js";
import { isRecord, sendErrors, sendFailures, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

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
        if (!limits.ok) return sendFailures(res, limits.failure);
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
        if (!priced.ok) return sendFailures(res, priced.failure);
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
      const body = req.body;
      if (!isRecord(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
      await sendSave(res, {
        name: "package",
        body,
        save: (submissionKey) => core.proposal.save({ customer, session, form: packageOf(body), submissionKey }),
        answer: (saved, replayed) => ({ state: saved.state, redirectTo: nextPath("package"), replayed }),
      });
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
