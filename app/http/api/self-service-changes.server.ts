/** /api paths of the policyholder's own changes in self-service (docs/api.md "Self-service changes"). */
import type { Router } from "express";
import { issueFailures } from "../../core/outcome.js";
import { consentSchema, contactSchema } from "../../lib/contact-schema.js";
import { isRecord, sendErrors, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

export function selfServiceChangesRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  const changes = core.contactChanges;

  router.get(
    "/self-service/contact",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const contact = await changes.contact(customer.id);
        if (!contact) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        res.json(contact);
      }),
    ),
  );

  router.post(
    "/self-service/contact",
    handle(
      signedIn(async (req, res, { customer }) => {
        const body: unknown = req.body;
        if (!isRecord(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
        const { submissionKey: _key, ...form } = body;
        const parsed = contactSchema.safeParse(form);
        if (!parsed.success) return sendErrors(res, 400, issueFailures(parsed.error.issues));
        await sendSave(res, {
          name: "contact",
          body,
          save: (key) => changes.changeContact({ customer, form: parsed.data, submissionKey: key }),
          answer: (saved, replayed) => ({ ...saved, replayed }),
        });
      }),
    ),
  );

  router.get(
    "/self-service/consents",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const consents = await changes.consents(customer.id);
        if (!consents) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        res.json({ consents });
      }),
    ),
  );

  router.post(
    "/self-service/consents",
    handle(
      signedIn(async (req, res, { customer }) => {
        const body: unknown = req.body;
        if (!isRecord(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
        const { submissionKey: _key, ...form } = body;
        const parsed = consentSchema.safeParse(form);
        if (!parsed.success) return sendErrors(res, 400, issueFailures(parsed.error.issues));
        await sendSave(res, {
          name: "consent",
          body,
          save: (key) => changes.setConsent({ customer, consent: parsed.data.consent, given: parsed.data.given, submissionKey: key }),
          answer: (saved, replayed) => ({ ...saved, replayed }),
        });
      }),
    ),
  );
}
