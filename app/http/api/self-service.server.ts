/** /api paths of the self-service area (docs/api.md "Self-service"). */
import type { Response, Router } from "express";
import type { PdfDocument } from "../../core/policyholder/index.js";
import { apiLanguage } from "../../i18n/language.server.js";
import { namedPolicy, sendErrors, sendFailures, type ApiDeps, type ApiHandlers } from "./handlers.server.js";
import { sendScoreSave } from "./score.server.js";

/** Where the self-service score screen goes after a save. */
const SCORE_LIST = "/self-service/score";

const DOCUMENTS = ["policy", "payment-schedule", "application"] as const;

export function sendPdf(res: Response, document: PdfDocument): void {
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", `attachment; filename="${document.filename}"`);
  res.setHeader("Content-Length", String(document.content.length));
  res.end(document.content);
}

const notFound = (res: Response) => sendErrors(res, 404, [{ code: "error.not_found" }]);

export function selfServiceRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  const holder = core.policyholder;

  router.get(
    "/insurance",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const insurance = await holder.insurance(customer);
        if (!insurance) return notFound(res);
        res.json(insurance);
      }),
    ),
  );

  for (const kind of DOCUMENTS) {
    router.get(
      `/documents/${kind}`,
      handle(
        signedIn(async (req, res, { customer }) => {
          // The latest policy's, or with `?policy=EK-…` that policy's of theirs (docs/decisions/0309).
          const document = await holder.document(customer, kind, await apiLanguage(req), { policy: namedPolicy(req) });
          if (!document) return notFound(res);
          sendPdf(res, document);
        }),
      ),
    );
  }

  router.get(
    "/services",
    handle(
      signedIn(async (req, res, { customer }) => {
        const found = await holder.services(customer, await apiLanguage(req));
        if (!found) return notFound(res);
        // None without cover today (docs/decisions/0269): a withdrawn policy, a cancelled one after its end.
        res.json(found.services);
      }),
    ),
  );

  router.get(
    "/invoices",
    handle(
      signedIn(async (_req, res, { customer }) => {
        res.json(await holder.invoices(customer));
      }),
    ),
  );

  router.get(
    "/invoices/:pid",
    handle(
      signedIn(async (req, res, { customer }) => {
        const document = await holder.invoiceDocument(customer, String(req.params.pid), await apiLanguage(req));
        if (!document) return notFound(res);
        sendPdf(res, document);
      }),
    ),
  );

  router.get(
    "/account",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const account = await holder.account(customer);
        if (!account) return notFound(res);
        res.json(account);
      }),
    ),
  );

  router.get(
    "/score/periods",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const periods = await holder.scorePeriods(customer);
        if (!periods) return notFound(res);
        res.json({ items: periods.items });
      }),
    ),
  );

  router.get(
    "/score/periods/:id",
    handle(
      signedIn(async (req, res, { customer }) => {
        const ref = await holder.scoreRef(customer, String(req.params.id));
        if (!ref) return notFound(res);
        const viewed = await core.score.view(customer, ref);
        if (!viewed.ok) return sendFailures(res, viewed.failure);
        res.json(viewed.value);
      }),
    ),
  );

  router.post(
    "/score/periods/:id",
    handle(
      signedIn(async (req, res, { customer }) => {
        const ref = await holder.scoreRef(customer, String(req.params.id));
        if (!ref) return notFound(res);
        await sendScoreSave(res, { core, customer, ref, body: req.body, redirectTo: SCORE_LIST });
      }),
    ),
  );
}
