/**
 * The operator's door into a running server (npm run ops, docs/operations.md): an embedded
 * PGlite database can only be opened by the one process that serves it, so the command asks
 * the server. Closed unless OPS_TOKEN (or OPS_TOKENS) is configured; only from the loopback
 * interface, with a token of the list as a bearer credential (any of them: a rotation adds
 * the new one beside the old, docs/decisions/0315). Every command that shows or changes customers' data states
 * the operator's reason (the `Ops-Reason` header, percent-encoded), recorded with the audit
 * rows of the customers it shows or changes (docs/decisions/0112); without one it is refused
 * (400); `GET /ops/euw/:code/application` answers an open EUW case's signed application, the
 * PDF the underwriter decides on, its read audited as the customer's own reads of it are. The
 * operator's name, when the token that matched carries one (OPS_TOKENS' `<name>:<token>`), is recorded beside it (health_data_audit.operator_name, never shown to the
 * customer) and said back in the `Ops-Operator` header. `GET /ops/keys` shows key ids and
 * counts only, and asks for none; nor does `POST /ops/backup`, which shows no one and opens
 * nothing sealed (the whole embedded database as a file, health data still sealed, said in
 * the log as `backup_taken`).
 *
 * The metrics (`GET /metrics`, Prometheus' text format) take the same token from anywhere:
 * Prometheus scrapes each instance over the network (docs/decisions/0111).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Config, OpsToken } from "../core/config.js";
import { batchSizeOf } from "../core/health-keys.js";
import type { Core } from "../core/index.js";
import { operatorReason, type OperatorReason } from "../core/offer.js";
import { methodsBesidesHead } from "./allowed-methods.server.js";
import { clusterMetrics, isClusterWorker } from "./cluster.server.js";
import type { Logger, Metrics } from "./observability.server.js";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
/**
 * Headers a proxy adds to what it forwards. The operator's command (npm run ops) sends none; a
 * proxy on the same host as the app connects from the loopback interface, and what it forwards
 * from the internet carries them (the proxy docs/operations.md asks for sets X-Forwarded-For).
 */
const FORWARDED = ["x-forwarded-for", "forwarded", "x-real-ip"];
/** A request from this machine itself, not one a proxy on it forwarded. */
const fromThisMachine = (req: Request) => LOOPBACK.has(req.socket.remoteAddress ?? "") && FORWARDED.every((name) => req.headers[name] === undefined);

/** The SHA-256 of a backup's bytes (hex): npm run ops checks the file it wrote against it. */
const BACKUP_DIGEST_HEADER = "Ops-Backup-Sha256";

/** The SHA-256 of an EUW case's signed application (hex): npm run ops checks the file it wrote against it. */
const DOCUMENT_DIGEST_HEADER = "Ops-Document-Sha256";

/** The name of the operator whose token opened /ops, on its answers when the token names one (npm run ops says it). */
const OPERATOR_HEADER = "Ops-Operator";

// Compared as digests of one length: a length check first would tell the token's length.
const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * The entry of OPS_TOKENS whose token a request carries (`Authorization: Bearer <token>`), or
 * null. Every token is compared, each in constant time, whichever matches: the time taken
 * tells neither which one nor a length. The position that matched is counted
 * (`ops_token_uses_total`, never the token), so an operator sees when an old token is no
 * longer used and may go.
 */
function bearerCheck(config: Config, metrics: Metrics): (req: Request) => OpsToken | null {
  const tokens = config.opsTokens.map((entry) => digest(entry.token));
  metrics.opsTokens(tokens.length);
  return (req) => {
    // The scheme's name is case-insensitive (RFC 9110 section 11.1): Prometheus and curl send "Bearer", others "bearer".
    const [, token] = /^bearer +(.+)$/i.exec(req.get("authorization") ?? "") ?? [];
    if (!token) return null;
    const given = digest(token);
    let position = 0;
    tokens.forEach((token, i) => {
      if (timingSafeEqual(given, token) && position === 0) position = i + 1;
    });
    if (!position) return null;
    metrics.opsTokenUse(position);
    return config.opsTokens[position - 1];
  };
}

/** The reason the command stated, decoded, or null. */
function reasonOf(req: Request): OperatorReason | null {
  try {
    return operatorReason(decodeURIComponent(req.get("ops-reason") ?? ""));
  } catch {
    return null;
  }
}

export function opsRouter({ core, config, metrics, log }: { core: Core; config: Config; metrics: Metrics; log: Logger }) {
  const router = express.Router({ caseSensitive: true });
  const bearerMatches = bearerCheck(config, metrics);
  router.use((req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    const matched = fromThisMachine(req) ? bearerMatches(req) : null;
    if (!matched) return void res.status(404).json({ errors: [{ code: "error.not_found" }] });
    // Who acts is whose token this is (verified by its possession): recorded with the audit
    // rows, and said back so the command tells its operator under which name it acted.
    res.locals.operator = matched.operator;
    res.locals.tokenPosition = config.opsTokens.indexOf(matched) + 1;
    if (matched.operator) res.setHeader(OPERATOR_HEADER, matched.operator);
    next();
  });
  // Only what the command sends runs (docs/decisions/0385). A HEAD is 405: Express would run the
  // GET's handler for it, and `GET /ops/euw` records a read in every listed customer's access log
  // for a list nobody is shown. Any other method a path does not take (OPTIONS too) is 405 with
  // what it takes; a path the door has not is its own 404, as to anyone else.
  router.use((req: Request, res: Response, next: NextFunction) => {
    const allowed = methodsBesidesHead(router, req.path);
    if (allowed.includes(req.method)) return next();
    if (allowed.length === 0) return void res.status(404).json({ errors: [{ code: "error.not_found" }] });
    res.setHeader("Allow", allowed.join(", "));
    res.status(405).json({ errors: [{ code: "error.method_not_allowed" }] });
  });
  type Desk = ReturnType<Core["offer"]["operations"]["asOperator"]>;
  type Operator = { reason: OperatorReason; operator: string | null };
  // The answer is `fn`'s JSON, unless `fn` sent one itself (and answered undefined).
  const run = (fn: (desk: Desk, req: Request, by: Operator) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) => {
    const reason = reasonOf(req);
    if (!reason) return void res.status(400).json({ errors: [{ code: "error.reason_required" }] });
    const operator = (res.locals.operator as string | null | undefined) ?? null;
    fn(core.offer.operations.asOperator(reason, operator), req, { reason, operator }).then((body) => {
      if (!res.headersSent) res.json(body);
    }, next);
  };

  router.post("/activate", run((desk) => desk.activateDue()));
  router.get("/euw", run((desk) => desk.euwCases()));
  router.post(
    "/euw/:code/:decision(accept|decline)",
    run((desk, req) => (req.params.decision === "accept" ? desk.accept : desk.decline)(String(req.params.code))),
  );
  // An open EUW case's signed application (npm run ops -- euw application): the PDF, its SHA-256
  // in a header for the command to check what arrived; a refusal is the decision's JSON outcome.
  router.get("/euw/:code/application", (req: Request, res: Response, next: NextFunction) =>
    run(async (desk) => {
      const read = await desk.euwApplication(String(req.params.code));
      if (!read.ok) return read;
      const { bytes } = read.value;
      res.setHeader("Content-Type", "application/pdf");
      res.setHeader("Content-Length", String(bytes.length));
      res.setHeader(DOCUMENT_DIGEST_HEADER, createHash("sha256").update(bytes).digest("hex"));
      res.end(bytes);
      return undefined;
    })(req, res, next),
  );
  // Key rotation (docs/operations.md "Rotating keys"): batches of their own transaction each.
  router.post("/reseal", (req: Request, res: Response, next: NextFunction) => {
    // A batch size out of range is refused, not replaced by the default behind the operator's back.
    const batchSize = batchSizeOf(req.query.batch);
    if (req.query.batch !== undefined && batchSize === undefined) return void res.status(400).json({ errors: [{ code: "error.invalid", context: "batch" }] });
    run((_desk, _req, { reason, operator }) => core.reseal(reason, { batchSize, operator }))(req, res, next);
  });
  // Which keys seal what: key ids and counts, nobody's data, so no reason is asked.
  router.get("/keys", (_req: Request, res: Response, next: NextFunction) => void core.keyUses().then((body) => res.json(body), next));
  // A consistent copy of the embedded database (app/core/db/pglite.ts `dump`), for npm run ops
  // -- backup to write to a file. Every customer's data, health data still sealed under its key
  // (nothing is opened, so no customer's audit row, and no reason is asked, as for `keys`); the
  // log says that it was taken, its size and digest and by which token (its position, never
  // the token or its holder's name). PostgreSQL has pg_dump (docs/operations.md "Backup and restore").
  router.post("/backup", (_req: Request, res: Response, next: NextFunction) => {
    const { dump } = core.db;
    if (!dump) return void res.status(409).json({ errors: [{ code: "error.use_pg_dump" }] });
    const started = performance.now();
    dump().then((gzipped) => {
      const sha256 = createHash("sha256").update(gzipped).digest("hex");
      const ms = Math.round(performance.now() - started);
      log.info(
        { event: "backup_taken", bytes: gzipped.length, sha256, ms, token: res.locals.tokenPosition as number },
        `a backup of the embedded database was taken through /ops: ${gzipped.length} bytes (gzip), in ${ms} ms`,
      );
      res.setHeader("Content-Type", "application/gzip");
      res.setHeader("Content-Length", String(gzipped.length));
      res.setHeader(BACKUP_DIGEST_HEADER, sha256);
      res.end(gzipped);
    }, next);
  });
  return router;
}

/**
 * GET /metrics: 404 without OPS_TOKEN (or OPS_TOKENS) configured (no door), 401 without a token of it. With
 * several processes (WORKERS > 1) the answer sums every process's metrics (the primary's
 * prom-client AggregatorRegistry, app/http/cluster.server.ts), whichever process is asked.
 */
export function metricsDoor(config: Config, metrics: Metrics) {
  const bearerMatches = bearerCheck(config, metrics);
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader("Cache-Control", "no-store");
    if (!config.opsTokens.length) return void res.status(404).json({ errors: [{ code: "error.not_found" }] });
    if (!bearerMatches(req)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return void res.status(401).json({ errors: [{ code: "error.unauthenticated" }] });
    }
    (isClusterWorker ? clusterMetrics() : metrics.registry.metrics()).then((text) => {
      res.setHeader("Content-Type", metrics.registry.contentType);
      res.end(text);
    }, next);
  };
}
