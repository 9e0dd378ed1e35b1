/** /api paths of the beneficiaries step (docs/api.md "Beneficiaries"). */
import type { Request, Response, Router } from "express";
import { beneficiariesSchema } from "../../lib/beneficiaries-schema.js";
import { nextPath } from "../../lib/route-access.js";
import type { SignedIn } from "../guards.server.js";
import { parseBody, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

export function beneficiariesRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/onboarding/beneficiaries",
    handle(
      signedIn(async (_req, res, { customer }) => {
        // An empty list before the first save: the client shows one default person.
        res.json(await core.beneficiaries.list(customer.id));
      }),
    ),
  );

  // SPEC.md section 7 leaves the method open: both save.
  const save = async (req: Request, res: Response, { customer }: SignedIn) => {
    const parsed = parseBody(req, res, beneficiariesSchema);
    if (!parsed) return;
    const { body, form } = parsed;
    await sendSave(res, {
      name: "beneficiaries",
      body,
      save: (key) => core.beneficiaries.save({ customer, beneficiaries: form.beneficiaries, submissionKey: key }),
      answer: (saved, replayed) => ({ state: saved.state, redirectTo: nextPath("beneficiaries"), replayed }),
    });
  };
  router.post("/onboarding/beneficiaries", handle(signedIn(save)));
  router.put("/onboarding/beneficiaries", handle(signedIn(save)));
}
