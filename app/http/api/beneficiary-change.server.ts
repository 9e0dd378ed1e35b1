/** /api paths of the self-service change of beneficiaries (docs/api.md "Self-service: changing beneficiaries", docs/decisions/0145). */
import type { Router } from "express";
import { beneficiariesSchema } from "../../lib/beneficiaries-schema.js";
import { CHANGE_SIGNING_PATH, changeOutcomePath } from "../../lib/beneficiary-change.js";
import { apiLanguage } from "../../i18n/language.server.js";
import { isRecord, namedPolicy, parseBody, sendErrors, sendFailures, sendSave, signingCompletionOf, type ApiDeps, type ApiHandlers } from "./handlers.server.js";
import { sendPdf } from "./self-service.server.js";

/** A version number as a path gives it: 1–9999, digits only. */
const versionOf = (raw: unknown): number | null => (typeof raw === "string" && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : null);

export function beneficiaryChangeRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  const change = core.beneficiaryChange;

  router.get(
    "/self-service/beneficiaries",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const viewed = await change.view(customer);
        if (!viewed.ok) return sendFailures(res, viewed.failure);
        res.json(viewed.value);
      }),
    ),
  );

  router.post(
    "/self-service/beneficiaries/change",
    handle(
      signedIn(async (req, res, { customer }) => {
        // The onboarding step's schema: the same rules as at sign-up.
        const parsed = parseBody(req, res, beneficiariesSchema);
        if (!parsed) return;
        const { body, form } = parsed;
        await sendSave(res, {
          name: "beneficiary-change",
          body,
          save: (key) => change.save({ customer, beneficiaries: form.beneficiaries, submissionKey: key }),
          answer: (saved, replayed) => ({ changeId: saved.changeId, redirectTo: CHANGE_SIGNING_PATH, replayed }),
        });
      }),
    ),
  );

  router.post(
    "/self-service/beneficiaries/change/discard",
    handle(
      signedIn(async (req, res, { customer }) => {
        const body: unknown = req.body ?? {};
        if (!isRecord(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
        await sendSave(res, {
          name: "beneficiary-change-discard",
          body,
          save: (key) => change.discard({ customer, submissionKey: key }),
          answer: (discarded, replayed) => ({ changeId: discarded.changeId, redirectTo: changeOutcomePath("discarded"), replayed }),
        });
      }),
    ),
  );

  router.post(
    "/self-service/beneficiaries/sign/init",
    handle(
      signedIn(async (req, res, { customer }) => {
        const started = await change.startSigning(customer, await apiLanguage(req));
        if (!started.ok) return sendFailures(res, started.failure);
        res.json(started.value);
      }),
    ),
  );

  router.post(
    "/self-service/beneficiaries/sign/complete",
    handle(
      signedIn(async (req, res, { customer }) => {
        const completion = signingCompletionOf(req, res);
        if (!completion) return;
        const completed = await change.completeSigning(customer, completion);
        if (!completed.ok) return sendFailures(res, completed.failure);
        const { replayed, ...value } = completed.value;
        res.json({ ...value, redirectTo: value.result === "SIGNED" ? changeOutcomePath("signed") : CHANGE_SIGNING_PATH, replayed });
      }),
    ),
  );

  router.get(
    "/self-service/policy/versions",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const versions = await change.versions(customer);
        if (!versions) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        res.json({ items: versions });
      }),
    ),
  );

  router.get(
    "/self-service/policy/versions/:version",
    handle(
      signedIn(async (req, res, { customer }) => {
        const version = versionOf(req.params.version);
        const document = version === null ? null : await core.policyholder.document(customer, "policy", await apiLanguage(req), { version, policy: namedPolicy(req) });
        if (!document) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        sendPdf(res, document);
      }),
    ),
  );

  router.get(
    "/self-service/policy/versions/:version/change",
    handle(
      signedIn(async (req, res, { customer }) => {
        const version = versionOf(req.params.version);
        const document = version === null ? null : await change.changeDocument(customer, version, namedPolicy(req));
        if (!document) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        sendPdf(res, { filename: document.fileName, content: document.bytes });
      }),
    ),
  );
}
