/** /api paths of the questionnaire step (docs/api.md "Questionnaire"). */
import type { Request, Response, Router } from "express";
import { actorFor, QUESTIONNAIRE_NEXT, type QuestionnaireFailure } from "../../core/questionnaire.js";
import { sendErrors, type ApiDeps, type ApiHandlers } from "./handlers.server.js";
import type { SignedIn } from "../guards.server.js";

const STATUS_BY_CODE: Record<string, number> = { "error.wrong_state": 409, "error.not_found": 404 };

const statusOf = (failures: QuestionnaireFailure[]) => Math.max(400, ...failures.map((f) => STATUS_BY_CODE[f.code] ?? 400));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The query's h and w, when present (a repeated parameter counts as invalid). */
const queryValue = (value: unknown): unknown => (value === undefined ? undefined : typeof value === "string" ? value : null);

export function questionnaireRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/onboarding/questionnaire/required-type",
    handle(
      signedIn(async (req, res, { customer }) => {
        const decided = await core.questionnaire.requiredType({
          customerId: customer.id,
          actor: actorFor(customer.id),
          height: queryValue(req.query.h),
          weight: queryValue(req.query.w),
        });
        if (!decided.ok) {
          // The query names the fields h and w.
          const errors = decided.failure.map((f) => (f.context ? { ...f, context: f.context === "height" ? "h" : "w" } : f));
          return sendErrors(res, statusOf(errors), errors);
        }
        res.json({ type: decided.value.type });
      }),
    ),
  );

  router.get(
    "/onboarding/questionnaire",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const saved = await core.questionnaire.get(customer.id, actorFor(customer.id));
        // An empty object before the first save, as GET /api/onboarding/registration answers.
        res.json(saved ? { ...saved, bodyMassSubmitted: true } : {});
      }),
    ),
  );

  const save = async (req: Request, res: Response, { session, customer }: SignedIn) => {
    if (!isRecord(req.body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
    const { submissionKey, height, weight, content } = req.body;
    const saved = await core.questionnaire.save({
      customerId: customer.id,
      session,
      form: { height, weight, content },
      submissionKey: typeof submissionKey === "string" ? submissionKey : null,
    });
    if (!saved.ok) return sendErrors(res, statusOf(saved.failure), saved.failure);
    res.json({ state: saved.value.state, type: saved.value.type, redirectTo: QUESTIONNAIRE_NEXT });
  };
  router.post("/onboarding/questionnaire", handle(signedIn(save)));
  router.put("/onboarding/questionnaire", handle(signedIn(save)));
}
