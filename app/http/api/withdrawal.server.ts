/** /api paths of ending the policy and its credit notes (docs/api.md "Self-service: withdraw or cancel", docs/decisions/0130). */
import type { Router } from "express";
import { demoReturnToken } from "../../core/auth/demo.js";
import { withdrawalEidSchema, withdrawalSchema } from "../../lib/withdrawal-schema.js";
import { afterEnding } from "../../lib/withdrawal-fields.js";
import { clearedWithdrawalCookie, readWithdrawalToken, withdrawalCookie, WITHDRAWAL_RETURN_PATH } from "../withdrawal-cookie.server.js";
import { apiLanguage } from "../../i18n/language.server.js";
import type { Request } from "express";
import { isRecord, namedPolicy, parseBody, sendErrors, sendFailures, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";
import { submissionKeyOf } from "../save.server.js";
import { sendPdf } from "./self-service.server.js";

export function withdrawalRoutes(router: Router, { core }: ApiDeps, { handle, signedIn, returnUrl }: ApiHandlers & { returnUrl: (req: Request, path: string) => string }): void {
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
        const parsed = parseBody(req, res, withdrawalSchema);
        if (!parsed) return;
        const { body, form } = parsed;
        const value = form;
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
          // A withdrawn application is on the data page; its state starts a new sign-up (docs/decisions/0295).
          answer: (ended, replayed) => ({ ...ended, redirectTo: afterEnding(ended.kind), replayed }),
        });
      }),
    ),
  );

  // Dokobit (docs/decisions/0132): start with the reason and the confirmation, send the
  // customer to `widgetUrl`; back at /self-service/withdraw/return a browser completes with the
  // cookie set here, a program with POST …/complete and the `pendingToken` answered here.
  router.post(
    "/self-service/withdrawal/start",
    handle(
      signedIn(async (req, res, { customer }) => {
        if (core.eid.name !== "dokobit") return sendErrors(res, 409, [{ code: "error.withdrawal.identity" }]);
        const parsed = parseBody(req, res, withdrawalEidSchema);
        if (!parsed) return;
        const { body, form } = parsed;
        const started = await core.withdrawal.startEid({
          customer,
          reason: form.reason,
          confirmed: form.confirm,
          submissionKey: submissionKeyOf(body),
          returnUrl: returnUrl(req, WITHDRAWAL_RETURN_PATH),
          locale: await apiLanguage(req),
        });
        if (!started.ok) return sendFailures(res, started.failure);
        res.append("Set-Cookie", withdrawalCookie(started.value.pendingToken));
        res.json({ widgetUrl: started.value.widgetUrl, pendingToken: started.value.pendingToken, expiresAt: started.value.expiresAt.toISOString() });
      }),
    ),
  );

  router.post(
    "/self-service/withdrawal/complete",
    handle(
      signedIn(async (req, res, { customer }) => {
        const body: unknown = req.body;
        if (!isRecord(body) || typeof body.returnToken !== "string" || !body.returnToken) return sendErrors(res, 400, [{ code: "error.required", context: "returnToken" }]);
        const pendingToken = typeof body.pendingToken === "string" ? body.pendingToken : readWithdrawalToken(req.headers.cookie);
        const { outcome } = await core.withdrawal.completeEid({ pendingToken, returnToken: body.returnToken, signedIn: customer });
        res.append("Set-Cookie", clearedWithdrawalCookie());
        if (!outcome.ok) return outcome.failure.some((f) => f.code === "error.withdrawal.identity") ? sendErrors(res, 403, [{ code: "error.withdrawal.eid" }]) : sendFailures(res, outcome.failure);
        // Once per the start's submission key: the same return again answers the first ending (docs/api.md).
        res.json({ ...outcome.value, redirectTo: afterEnding(outcome.value.kind), replayed: outcome.replayed === true });
      }),
    ),
  );

  // The acknowledgement of the withdrawal or cancellation, to keep (docs/decisions/0259): the
  // latest policy's, or with `?policy=EK-…` an earlier contract's (docs/decisions/0272).
  router.get(
    "/documents/ending",
    handle(
      signedIn(async (req, res, { customer }) => {
        const document = await core.withdrawal.endingDocument(customer.id, await apiLanguage(req), namedPolicy(req));
        if (!document) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        sendPdf(res, document);
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
