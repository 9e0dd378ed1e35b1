/** /api paths of the registration step (docs/api.md "Registration"). */
import type { Router } from "express";
import { accountSchema } from "../../lib/account-schema.js";
import { publicIntermediary } from "../presenters.server.js";
import { parseBody, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

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
        const parsed = parseBody(req, res, accountSchema);
        if (!parsed) return;
        const { body, form } = parsed;
        await sendSave(res, {
          name: "account",
          body,
          save: (key) => core.registration.save({ customer, session, form, submissionKey: key }),
          answer: (saved, replayed) => ({ state: saved.state, intermediary: publicIntermediary(saved.intermediary), replayed }),
        });
      }),
    ),
  );
}
