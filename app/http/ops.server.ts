/**
 * The operator's door into a running server (npm run ops, docs/operations.md): an embedded
 * PGlite database can only be opened by the one process that serves it, so the command asks
 * the server. Closed unless OPS_TOKEN is configured; only from the loopback interface, with
 * the token as a bearer credential.
 */
import { timingSafeEqual } from "node:crypto";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Config } from "../core/config.js";
import { batchSizeOf } from "../core/health-keys.js";
import type { Core } from "../core/index.js";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function authorised(config: Config, req: Request): boolean {
  if (!config.opsToken || !LOOPBACK.has(req.socket.remoteAddress ?? "")) return false;
  const given = Buffer.from((req.get("authorization") ?? "").replace(/^Bearer /, ""));
  const expected = Buffer.from(config.opsToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function opsRouter({ core, config }: { core: Core; config: Config }) {
  const router = express.Router();
  router.use((req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    if (!authorised(config, req)) return void res.status(404).json({ errors: [{ code: "error.not_found" }] });
    next();
  });
  const run = (fn: (req: Request) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) =>
    fn(req).then((body) => res.json(body), next);

  router.post("/activate", run(() => core.offer.operations.activateDue()));
  router.get("/euw", run(() => core.offer.operations.euwCases()));
  router.post(
    "/euw/:code/:decision(accept|decline)",
    run((req) => (req.params.decision === "accept" ? core.offer.operations.accept : core.offer.operations.decline)(String(req.params.code))),
  );
  // Key rotation (docs/operations.md "Rotating keys"): batches of their own transaction each.
  router.post("/reseal", run((req) => core.reseal({ batchSize: batchSizeOf(req.query.batch) })));
  return router;
}
