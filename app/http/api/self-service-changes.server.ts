/** /api paths of the policyholder's own changes in self-service (docs/api.md "Self-service changes"). */
import type { Router } from "express";
import { consentSchema, contactSchema } from "../../lib/contact-schema.js";
import { parseBody, sendErrors, sendSave, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

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
        const parsed = parseBody(req, res, contactSchema);
        if (!parsed) return;
        const { body, form } = parsed;
        await sendSave(res, {
          name: "contact",
          body,
          save: (key) => changes.changeContact({ customer, form, submissionKey: key }),
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
        const parsed = parseBody(req, res, consentSchema);
        if (!parsed) return;
        const { body, form } = parsed;
        await sendSave(res, {
          name: "consent",
          body,
          save: (key) => changes.setConsent({ customer, consent: form.consent, given: form.given, submissionKey: key }),
          answer: (saved, replayed) => ({ ...saved, replayed }),
        });
      }),
    ),
  );
}
