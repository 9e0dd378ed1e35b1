/** /api paths of the offer, its documents and the signing (docs/api.md "Offer and signing"). */
import type { Response, Router } from "express";
import type { Customer } from "../../core/customers.js";
import { CONSENTS } from "../../core/offer.js";
import { mayView } from "../../lib/onboarding.js";
import { nextPath, SIGNING_PATH } from "../../lib/route-access.js";
import { apiLanguage } from "../../i18n/language.server.js";
import { isRecord, sendErrors, sendFailures, sendSave, signingCompletionOf, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

/** A PDF answer: shown in the browser (a new view), saved under `fileName`. */
function sendPdf(res: Response, document: { bytes: Uint8Array; fileName: string }): void {
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", `inline; filename="${document.fileName}"`);
  res.setHeader("Cache-Control", "private, no-store");
  res.send(Buffer.from(document.bytes));
}

/** The offer-step door: only while the offer is open to the customer. */
const onOffer = (customer: Customer) => mayView(customer.state, "offer");

export function offerRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/onboarding/offer",
    handle(
      signedIn(async (_req, res, { customer }) => {
        if (!onOffer(customer)) return sendErrors(res, 409, [{ code: "error.wrong_state" }]);
        const viewed = await core.offer.view(customer);
        if (!viewed.ok) return sendFailures(res, viewed.failure);
        res.json(viewed.value);
      }),
    ),
  );

  router.post(
    "/onboarding/offer",
    handle(
      signedIn(async (req, res, { customer }) => {
        const body: unknown = req.body;
        if (!isRecord(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
        const supportCode = body.supportCode;
        if (supportCode !== undefined && supportCode !== null && typeof supportCode !== "string") {
          return sendErrors(res, 400, [{ code: "error.invalid", context: "supportCode" }]);
        }
        const offerVersion = body.offerVersion;
        if (offerVersion !== undefined && offerVersion !== null && typeof offerVersion !== "string") {
          return sendErrors(res, 400, [{ code: "error.invalid", context: "offerVersion" }]);
        }
        await sendSave(res, {
          name: "offer",
          body,
          save: (submissionKey) =>
            core.offer.save({ customer, consents: Object.fromEntries(CONSENTS.map((c) => [c, body[c]])), supportCode: supportCode ?? null, submissionKey, offerVersion: offerVersion ?? null }),
          answer: (saved, replayed) => ({ state: saved.state, redirectTo: SIGNING_PATH, replayed }),
        });
      }),
    ),
  );

  router.get(
    "/onboarding/documents/application",
    handle(
      signedIn(async (req, res, { customer }) => {
        const document = await core.offer.applicationDocument(customer, await apiLanguage(req));
        if (!document) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        sendPdf(res, document);
      }),
    ),
  );

  router.get(
    "/onboarding/documents/payment-schedule",
    handle(
      signedIn(async (req, res, { customer }) => {
        const document = await core.offer.paymentScheduleDocument(customer, await apiLanguage(req));
        if (!document) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        sendPdf(res, document);
      }),
    ),
  );

  // Public (docs/decisions/0092): the general version without a session, the customer's own
  // price with one. Either way never cached: the same address answers both.
  router.get(
    "/pre-contract-information",
    handle(async (req, res, ctx) => {
      const { customer } = await ctx.visitor();
      const document = await core.preContract.document(customer, await apiLanguage(req));
      sendPdf(res, document);
    }),
  );

  // Public and the same for everyone (docs/decisions/0283).
  router.get(
    "/insurance-conditions",
    handle(async (req, res) => {
      sendPdf(res, await core.preContract.conditionsDocument(await apiLanguage(req)));
    }),
  );

  // Public and the same for everyone (docs/decisions/0292).
  router.get(
    "/privacy-notice",
    handle(async (req, res) => {
      sendPdf(res, await core.privacyNotice.document(await apiLanguage(req)));
    }),
  );

  router.post(
    "/sign/init",
    handle(
      signedIn(async (req, res, { customer }) => {
        const started = await core.offer.startSigning(customer, await apiLanguage(req));
        if (!started.ok) return sendFailures(res, started.failure);
        res.json(started.value);
      }),
    ),
  );

  router.post(
    "/sign/complete",
    handle(
      signedIn(async (req, res, { customer }) => {
        const completion = signingCompletionOf(req, res);
        if (!completion) return;
        const completed = await core.offer.completeSigning(customer, completion);
        if (!completed.ok) return sendFailures(res, completed.failure);
        const { replayed, ...value } = completed.value;
        res.json({ ...value, redirectTo: value.result === "SIGNED" ? nextPath("offer") : SIGNING_PATH, replayed });
      }),
    ),
  );
}
