/** /api paths of the offer, its documents and the signing (docs/api.md "Offer and signing"). */
import type { Request, Response, Router } from "express";
import type { Customer } from "../../core/customers.js";
import { CONSENTS } from "../../core/offer.js";
import { isPathAllowed } from "../../lib/route-access.js";
import { isLanguage, type Language } from "../../lib/euro.js";
import { languageCookie } from "../../i18next.server.js";
import { sendErrors, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

const STATUS_BY_CODE: Record<string, number> = {
  "error.wrong_state": 409,
  "error.not_found": 404,
  "error.application_incomplete": 409,
  "error.no_offer": 409,
  "error.signing_not_found": 409,
  "error.signing_not_done": 409,
};

export const statusOf = (failures: Array<{ code: string }>) => Math.max(400, ...failures.map((f) => STATUS_BY_CODE[f.code] ?? 400));

/** The document language: `?lang=`, else the language cookie the pages set, else Estonian. */
export async function requestLanguage(req: Request): Promise<Language> {
  const query = req.query.lang;
  if (isLanguage(query)) return query;
  const cookie: unknown = await languageCookie.parse(req.headers.cookie ?? null).catch(() => null);
  return isLanguage(cookie) ? cookie : "et";
}

/** A PDF answer: shown in the browser (a new view), saved under `fileName`. */
export function sendPdf(res: Response, document: { bytes: Uint8Array; fileName: string }): void {
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", `inline; filename="${document.fileName}"`);
  res.setHeader("Cache-Control", "private, no-store");
  res.send(Buffer.from(document.bytes));
}

/** The offer-step door: only while the offer is open to the customer. */
const onOffer = (customer: Customer) => isPathAllowed(customer.state, "/offer");

export function offerRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/onboarding/offer",
    handle(
      signedIn(async (_req, res, { customer }) => {
        if (!onOffer(customer)) return sendErrors(res, 409, [{ code: "error.wrong_state" }]);
        const viewed = await core.offer.view(customer);
        if (!viewed.ok) return sendErrors(res, statusOf(viewed.failure), viewed.failure);
        res.json(viewed.value);
      }),
    ),
  );

  router.post(
    "/onboarding/offer",
    handle(
      signedIn(async (req, res, { customer }) => {
        const body: unknown = req.body;
        if (!body || typeof body !== "object" || Array.isArray(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
        const input = body as Record<string, unknown>;
        const supportCode = input.supportCode;
        if (supportCode !== undefined && supportCode !== null && typeof supportCode !== "string") {
          return sendErrors(res, 400, [{ code: "error.invalid", context: "supportCode" }]);
        }
        const saved = await core.offer.save({
          customer,
          consents: Object.fromEntries(CONSENTS.map((c) => [c, input[c]])),
          supportCode: supportCode ?? null,
          submissionKey: typeof input.submissionKey === "string" ? input.submissionKey : null,
        });
        if (!saved.ok) return sendErrors(res, statusOf(saved.failure), saved.failure);
        res.json({ state: saved.value.state, redirectTo: "/offer?step=signing", replayed: saved.replayed });
      }),
    ),
  );

  router.get(
    "/onboarding/documents/application",
    handle(
      signedIn(async (req, res, { customer }) => {
        const document = await core.offer.applicationDocument(customer, await requestLanguage(req));
        if (!document) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        sendPdf(res, document);
      }),
    ),
  );

  router.get(
    "/onboarding/documents/payment-schedule",
    handle(
      signedIn(async (req, res, { customer }) => {
        const document = await core.offer.paymentScheduleDocument(customer, await requestLanguage(req));
        if (!document) return sendErrors(res, 404, [{ code: "error.not_found" }]);
        sendPdf(res, document);
      }),
    ),
  );

  router.post(
    "/sign/init",
    handle(
      signedIn(async (req, res, { customer }) => {
        const started = await core.offer.startSigning(customer, await requestLanguage(req));
        if (!started.ok) return sendErrors(res, statusOf(started.failure), started.failure);
        res.json(started.value);
      }),
    ),
  );

  router.post(
    "/sign/complete",
    handle(
      signedIn(async (req, res, { customer }) => {
        const errors = req.body?.errors;
        if (errors !== undefined && errors !== null && typeof errors !== "string") {
          return sendErrors(res, 400, [{ code: "error.invalid", context: "errors" }]);
        }
        const completed = await core.offer.completeSigning(customer, { errors });
        if (!completed.ok) return sendErrors(res, statusOf(completed.failure), completed.failure);
        const value = completed.value;
        res.json({ ...value, redirectTo: value.result === "SIGNED" ? "/confirmation" : "/offer?step=signing" });
      }),
    ),
  );
}
