/** /api paths of the score step and its integrations (docs/api.md "Wellness score"). */
import type { Response, Router } from "express";
import { ONBOARDING, type ScoreFailure } from "../../core/score/index.js";
import { sendErrors, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

/** Where the onboarding screen goes after a save. */
export const SCORE_NEXT = "/package";

export function sendScoreFailure(res: Response, failure: ScoreFailure): void {
  switch (failure.kind) {
    case "invalid":
      return sendErrors(res, 400, failure.errors);
    case "incomplete":
      return sendErrors(res, 409, [{ code: "self-service.score.confirmation" }]);
    case "not-editable":
      return sendErrors(res, 409, [{ code: "error.not_editable" }]);
    case "not-found":
      return sendErrors(res, 404, [{ code: "error.not_found" }]);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function scoreRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/score",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const viewed = await core.score.view(customer, ONBOARDING);
        if (!viewed.ok) return sendScoreFailure(res, viewed.failure);
        res.json(viewed.value);
      }),
    ),
  );

  router.post(
    "/score",
    handle(
      signedIn(async (req, res, { customer }) => {
        const answers = req.body?.answers;
        if (!isRecord(answers)) return sendErrors(res, 400, [{ code: "error.required", context: "answers" }]);
        const key = typeof req.body?.submissionKey === "string" ? req.body.submissionKey : null;
        const saved = await core.submissions.once({ key, customerId: customer.id, form: "score" }, (tx) =>
          core.score.save(customer, ONBOARDING, { answers: answers as Record<string, { value?: unknown; manual?: unknown }> }, tx),
        );
        if (!saved.ok) return sendScoreFailure(res, saved.failure);
        res.json({ ...saved.value, redirectTo: SCORE_NEXT });
      }),
    ),
  );

  router.post(
    "/score/health-measurement",
    handle(
      signedIn(async (req, res, { customer }) => {
        const body = isRecord(req.body) ? req.body : {};
        const saved = await core.score.saveMeasurement(customer, { bpm: body.bpm, bmi: body.bmi });
        if (!saved.ok) return sendScoreFailure(res, saved.failure);
        res.status(201).json(saved.value);
      }),
    ),
  );

  router.post(
    "/integrations/activity/start",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const started = await core.score.startActivity(customer);
        if (!started.ok) return sendScoreFailure(res, started.failure);
        const { consentUrl, pollInterval, pollTimeout } = started.value;
        res.json({ consentUrl, pollInterval, pollTimeout });
      }),
    ),
  );

  router.post(
    "/integrations/activity/consent",
    handle(
      signedIn(async (req, res, { customer }) => {
        const token = typeof req.body?.token === "string" ? req.body.token : "";
        const decision = req.body?.decision;
        if (!token) return sendErrors(res, 400, [{ code: "error.required", context: "token" }]);
        if (decision !== "approve" && decision !== "deny") return sendErrors(res, 400, [{ code: "error.required", context: "decision" }]);
        const decided = await core.score.decideActivity(customer, token, decision === "approve");
        if (!decided.ok) return sendScoreFailure(res, decided.failure);
        res.json(decided.value);
      }),
    ),
  );

  router.get(
    "/integrations/activity/poll",
    handle(
      signedIn(async (_req, res, { customer }) => {
        res.json(await core.score.pollActivity(customer));
      }),
    ),
  );

  router.post(
    "/integrations/activity/pull",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const pulled = await core.score.pullActivity(customer);
        if (!pulled.ok) {
          if (pulled.failure.kind === "invalid") return sendErrors(res, 409, pulled.failure.errors);
          return sendScoreFailure(res, pulled.failure);
        }
        res.json(pulled.value);
      }),
    ),
  );
}
