/** /api paths of the registration step (docs/api.md "Registration"). */
import type { Router } from "express";
import { issueFailures } from "../../core/outcome.js";
import { accountSchema } from "../../lib/account-schema.js";
import { publicIntermediary } from "../presenters.server.js";
import { isRecord, sendErrors, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

export function registrationRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/onboarding/registration",
    handle(
      signedIn(async (_req, res, { customer }) => {
        // An empty object before the first save: the client keeps its defaults.
        res.json((await core.registration.get(customer.id)) ?? {});
      }),
    ),
  );

  router.post(
    "/onboarding/registration",
    handle(
      signedIn(async (req, res, { session, customer }) => {
        const body: unknown = req.body;
        if (!isRecord(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
        const { submissionKey: _key, ...form } = body;
        const parsed = accountSchema.safeParse(form);
        if (!parsed.success) return sendErrors(res, 400, issueFailures(parsed.error.issues));
        await sendSave(res, {
          name: "account",
          body,
          save: (key) => core.registration.save({ customer, session, form: parsed.data, submissionKey: key }),
          answer: (saved, replayed) => ({ state: saved.state, intermediary: publicIntermediary(saved.intermediary), replayed }),
        });
      }),
    ),
  );
}
