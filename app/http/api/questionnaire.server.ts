/** /api paths of the questionnaire step (docs/api.md "Questionnaire"). */
import type { Request, Response, Router } from "express";
import { actorFor } from "../../core/questionnaire.js";
import { mayView } from "../../lib/onboarding.js";
import { nextPath } from "../../lib/route-access.js";
import type { SignedIn } from "../guards.server.js";
import { isRecord, sendErrors, sendFailures, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";


export function questionnaireRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/onboarding/questionnaire/required-type",
    handle(
      signedIn(async (req, res, { customer }) => {
        // Asked before the saved height and weight are read (an audited read).
        if (!mayView(customer.state, "questionnaire")) return sendErrors(res, 409, [{ code: "error.wrong_state" }]);
        // A parameter given twice is invalid, as on every /api path (docs/api.md "Errors").
        const repeated = (["h", "w"] as const).find((name) => Array.isArray(req.query[name]));
        if (repeated) return sendErrors(res, 400, [{ code: "error.invalid", context: repeated }]);
        const decided = await core.questionnaire.requiredType({
          customerId: customer.id,
          actor: actorFor(customer.id),
          height: req.query.h,
          weight: req.query.w,
        });
        // The query names the fields h and w.
        if (!decided.ok) return sendFailures(res, decided.failure.map((f) => (f.context ? { ...f, context: f.context === "height" ? "h" : "w" } : f)));
        res.json({ type: decided.value.type });
      }),
    ),
  );

  router.get(
    "/onboarding/questionnaire",
    handle(
      signedIn(async (_req, res, { customer }) => {
        // Open where the page is, asked before anything is read (409 error.wrong_state
        // elsewhere: a policyholder's answers are in the data download).
        if (!mayView(customer.state, "questionnaire")) return sendErrors(res, 409, [{ code: "error.wrong_state" }]);
        const saved = await core.questionnaire.get(customer.id, actorFor(customer.id));
        // An empty object before the first save, as GET /api/onboarding/registration answers.
        res.json(saved ? { ...saved, bodyMassSubmitted: true } : {});
      }),
    ),
  );

  const save = async (req: Request, res: Response, { session, customer }: SignedIn) => {
    const body = req.body;
    if (!isRecord(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
    const { height, weight, content } = body;
    await sendSave(res, {
      name: "questionnaire",
      body,
      save: (submissionKey) => core.questionnaire.save({ customerId: customer.id, session, form: { height, weight, content }, submissionKey }),
      answer: (saved, replayed) => ({ state: saved.state, type: saved.type, redirectTo: nextPath("questionnaire"), replayed }),
    });
  };
  router.post("/onboarding/questionnaire", handle(signedIn(save)));
  router.put("/onboarding/questionnaire", handle(signedIn(save)));
}
