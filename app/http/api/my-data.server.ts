/** /api/self-service/access-log and /api/self-service/export: "My data" (docs/api.md "My data", docs/decisions/0135). */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Router } from "express";
import { parseAccessLogQuery } from "../../lib/my-data.js";
import { exportHeaders } from "../my-data.server.js";
import { logRequestError, quietObservability, type Observability } from "../observability.server.js";
import { sendErrors, type ApiDeps, type ApiHandlers } from "./handlers.server.js";

export function myDataRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/self-service/access-log",
    handle(
      signedIn(async (req, res, { customer }) => {
        const query = parseAccessLogQuery(new URL(req.originalUrl, "http://localhost").searchParams);
        if (!query) return sendErrors(res, 400, [{ code: "error.invalid_page" }]);
        res.json(await core.myData.accessLog(customer.id, query));
      }),
    ),
  );

  router.get(
    "/self-service/export",
    handle(
      signedIn(async (_req, res, { customer }) => {
        const started = await core.myData.startExport(customer.id);
        if (!started.ok) {
          res.setHeader("Retry-After", String(started.retryAfterMinutes * 60));
          return sendErrors(res, 429, [{ code: "error.export_limited", params: { minutes: started.retryAfterMinutes } }]);
        }
        for (const [name, value] of Object.entries(exportHeaders(core.clock))) res.setHeader(name, value);
        res.status(200);
        // The file was read whole (a failure of the database is a 500 before any byte); a failure
        // half-way through sending it cuts the connection (the client sees a broken download,
        // never a file that looks whole), and is logged by its message only.
        await pipeline(Readable.from(started.chunks), res).catch((error: unknown) => {
          if ((error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
          const { log } = (res.app.locals.observability as Observability | undefined) ?? quietObservability();
          logRequestError(log, res.locals.requestId, "export_failed", error);
          res.destroy();
        });
      }),
    ),
  );
}
