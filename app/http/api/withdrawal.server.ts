/** /api paths of ending the policy and its credit notes (docs/api.md "Self-service: withdraw or cancel", docs/decisions/0130). */
import type { Router } from "express";
import { demoReturnToken } from "../../core/auth/demo.js";
import { issueFailures } from "../../core/outcome.js";
import { landingPath } from "../../lib/route-access.js";
import { withdrawalSchema } from "../../lib/withdrawal-schema.js";
import { apiLanguage } from "../language.server.js";
import { isRecord, sendErrors, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";
import { sendPdf } from "./self-service.server.js";

export function withdrawalRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/self-service/withdrawal",
    handle(
      signedIn(async (_req, res, { customer }) => {
        // The terms of ending the policy today; 404 when there is none the customer may end.
        const terms = await core.withdrawal.terms(customer);
        if (!terms) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        res.json(terms);
      }),
    ),
  );

  router.post(
    "/self-service/withdrawal",
    handle(
      signedIn(async (req, res, { customer }) => {
        const body: unknown = req.body;
        if (!isRecord(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
        const { submissionKey: _key, ...form } = body;
        const parsed = withdrawalSchema.safeParse(form);
        if (!parsed.success) return sendErrors(res, 400, issueFailures(parsed.error.issues));
        const value = parsed.data;
        await sendSave(res, {
          name: "withdrawal",
          body,
          save: (key) =>
            core.withdrawal.end({
              customer,
              reason: value.reason,
              confirmed: value.confirm,
              returnToken: demoReturnToken(value.method, value.idCode, value.phone),
              submissionKey: key,
            }),
          answer: (ended, replayed) => ({ ...ended, redirectTo: landingPath(ended.state), replayed }),
        });
      }),
    ),
  );

  router.get(
    "/credit-notes",
    handle(
      signedIn(async (_req, res, { customer }) => {
        res.json(await core.withdrawal.creditNotes(customer.id));
      }),
    ),
  );

  router.get(
    "/credit-notes/:pid",
    handle(
      signedIn(async (req, res, { customer }) => {
        const document = await core.withdrawal.creditNoteDocument(customer.id, String(req.params.pid), await apiLanguage(req));
        if (!document) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        sendPdf(res, document);
      }),
    ),
  );
}
