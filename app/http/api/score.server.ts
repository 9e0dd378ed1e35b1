/** /api paths of the score step and its integrations (docs/api.md "Wellness score"). */
import type { Response, Router } from "express";
import type { Customer } from "../../core/customers.js";
import { isIncomplete, ONBOARDING, type AnswersInput, type ScoreRef } from "../../core/score/index.js";
import { nextPath } from "../../lib/route-access.js";
import { submissionKeyOf } from "../save.server.js";
import { isRecord, sendErrors, sendFailures, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

/**
 * A score save through the /api (onboarding and the self-service periods): `answers`
 * required, then the one save mechanism; the answer carries where the screen goes next.
 */
export async function sendScoreSave(res: Response, input: { core: ApiDeps["core"]; customer: Customer; ref: ScoreRef; body: unknown; redirectTo: string }) {
  const body = input.body;
  if (!isRecord(body) || !isRecord(body.answers)) return sendErrors(res, 400, [{ code: "error.required", context: "answers" }]);
  const answers = body.answers as AnswersInput;
  await sendSave(res, {
    name: "score",
    body,
    // The /api never asks for every answer, so a save is never held back as incomplete.
    save: async (submissionKey) => {
      const saved = await input.core.score.save(input.customer, input.ref, { answers, submissionKey });
      if (saved.ok) return saved;
      return { ok: false as const, failure: isIncomplete(saved.failure) ? [{ code: "self-service.score.confirmation" }] : saved.failure };
    },
    answer: (saved, replayed) => ({ ...saved, redirectTo: input.redirectTo, replayed }),
  });
}

export function scoreRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/score",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const viewed = await core.score.view(customer, ONBOARDING);
        if (!viewed.ok) return sendFailures(res, viewed.failure);
        res.json(viewed.value);
      }),
    ),
  );

  router.post(
    "/score",
    handle(
      signedIn(async (req, res, { customer }) => {
        await sendScoreSave(res, { core, customer, ref: ONBOARDING, body: req.body, redirectTo: nextPath("score") });
      }),
    ),
  );

  router.post(
    "/score/health-measurement",
    handle(
      signedIn(async (req, res, { customer }) => {
        const body = isRecord(req.body) ? req.body : {};
        const saved = await core.score.saveMeasurement(customer, { bpm: body.bpm, bmi: body.bmi, submissionKey: submissionKeyOf(body) });
        if (!saved.ok) return sendFailures(res, saved.failure);
        res.status(201).json({ ...saved.value, replayed: saved.replayed === true });
      }),
    ),
  );

  router.post(
    "/integrations/activity/start",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const started = await core.score.startActivity(customer);
        if (!started.ok) return sendFailures(res, started.failure);
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
        if (!decided.ok) return sendFailures(res, decided.failure);
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
        if (!pulled.ok) return sendFailures(res, pulled.failure);
        res.json(pulled.value);
      }),
    ),
  );
}
