/**
 * The Express application: security, compression, static assets, /healthz and /readyz,
 * the /api router and the Remix handler, all over one core.
 */
import path from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import type { ServerBuild } from "@remix-run/node";
import type { Config } from "../core/config.js";
import type { Core } from "../core/index.js";
import { apiRouter } from "./api.server.js";
import { createAppContext } from "./context.server.js";
import { clientErrorOf, sendErrorAnswer } from "./error-page.server.js";
import { methodsAt, remixHandler } from "./remix.server.js";
import { isDatabaseUnavailable, logUnavailable, RETRY_AFTER, UNAVAILABLE_CODE } from "./unavailable.server.js";
import { requestLimits } from "./request-limits.server.js";
import { knownHost, servedOrigin } from "./host.server.js";
import { sameOriginOnly, securityHeaders } from "./security.server.js";
import { signedInHeadRefused } from "./signed-in-head.server.js";
import { routerMethods } from "./allowed-methods.server.js";
import { sameSiteReturn } from "./provider-return.server.js";
import { rememberStylesheet } from "./stylesheet.server.js";
import { demoSigningRouter } from "./signing-demo.server.js";
import { metricsDoor, opsRouter } from "./ops.server.js";
import { labelled, logRequestError, observeRequests, quietObservability, type Observability } from "./observability.server.js";

export interface AppOptions {
  core: Core;
  config: Config;
  /** The Remix server build; without it only /api and the probes are served (API tests). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  publicDir?: string;
  /** The logger and metrics (server.ts makes one per process); a silent one without. */
  observability?: Observability;
}

/** Where the demo signing pages are mounted (Express matches a mount's path case-insensitively). */
const DEMO_SIGNING = /^\/sign\/demo(?=\/|$)/i;

/** What a static file set on its answer before it failed: not the error answer's. */
const FILE_HEADERS = ["Content-Encoding", "Content-Length", "Content-Range", "Accept-Ranges", "ETag", "Last-Modified"];

export function createApp({ core, config, build, publicDir = path.resolve("public"), observability = quietObservability() }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // The /api's handlers find them here (app/http/api/handlers.server.ts).
  app.locals.observability = observability;
  // First: every answer, the probes' and the refusals' too, has a request id, a log line and its metrics.
  app.use(observeRequests(observability, config.trustProxy));

  // Every answer carries the security headers, the probes' too.
  app.use(securityHeaders(config));
  // Before the host check: a load balancer's probe may name the instance by its address.
  app.get("/healthz", (_req, res) => void res.set("Cache-Control", "no-store").json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    const ready = await core.ready();
    res.set("Cache-Control", "no-store").status(ready ? 200 : 503).json({ status: ready ? "ok" : "unavailable" });
  });

  // A request that names no host we could serve it under is answered here (docs/decisions/0101).
  app.use(knownHost(config));
  // A foreign state-changing request, or one that names no origin, is refused before its body is read.
  app.use(sameOriginOnly(config));
  // Before anything reads the URL or a body (static files, /api, the demo signing, Remix).
  app.use(requestLimits(config, { pages: Boolean(build) }));
  app.use(compression());

  // Fingerprinted build output: cached for a year and never revalidated, sent as the brotli or
  // gzip copy the build wrote beside each file (scripts/compress-assets.mjs, docs/decisions/0243);
  // the compression above leaves an answer already encoded as it is. The stylesheet's answer
  // tells the pages the browser has it (docs/decisions/0324).
  app.use(
    "/build",
    labelled(
      "static",
      expressStaticGzip(path.join(publicDir, "build"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false, setHeaders: rememberStylesheet },
      }),
    ),
  );
  // Other public files (logos, favicon) all have an extension: page paths skip the disk.
  const publicFiles = labelled("static", express.static(publicDir, { maxAge: "1h", index: false }));
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  // The demo signing pages exist only with the demo signing provider.
  const demoSigning = config.signing.provider === "demo" ? demoSigningRouter({ core, config }) : null;
  // A signed-in visitor's HEAD reads nothing: no route's work, no audited read, no limit counted
  // (docs/decisions/0312). `Allow` is what the path takes, from the table that serves it: the
  // demo signing's router or the pages' routes (the /api refuses it itself).
  app.use(
    signedInHeadRefused(config, async (path) => {
      const demoPath = demoSigning && DEMO_SIGNING.test(path) ? path.replace(DEMO_SIGNING, "") || "/" : null;
      const demoMethods = demoPath === null ? [] : routerMethods(demoSigning!, demoPath);
      if (demoMethods.length > 0) return demoMethods;
      return build ? methodsAt(build, path) : ["GET"];
    }),
  );
  // Back from a provider's page on its own site: loaded again from ours, with the session cookie (docs/decisions/0351).
  app.use(sameSiteReturn(config));

  if (config.integrations === "off") {
    // INTEGRATIONS=off: the integration pages and their /api doors do not exist.
    const integrationDoors = /^\/(health\.html|activity\/consent)(\.data)?$|^\/api\/(score\/health-measurement|integrations\/)/;
    app.use((req, res, next) =>
      integrationDoors.test(req.path) ? void sendErrorAnswer(req, res, config, { status: 404, code: "error.not_found" }) : next(),
    );
  }
  app.use("/api", apiRouter({ core, config }));
  if (demoSigning) app.use("/sign/demo", demoSigning);
  // Matched in exact case, as a proxy's rule keeping them private is written (docs/decisions/0313):
  // Express matches paths case-insensitively, so /OPS/keys would pass `location ~ ^/ops`.
  app.use(/^\/ops(?=\/|$)/, opsRouter({ core, config, metrics: observability.metrics, log: observability.log }));
  app.get(/^\/metrics\/?$/, metricsDoor(config, observability.metrics));

  if (build) {
    app.all(
      "*",
      remixHandler({
        build,
        // Error details (messages, stacks) reach the page only in development.
        mode: config.env === "development" ? "development" : "production",
        originOf: (req) => servedOrigin(req, config),
        refuseMethod: (req, res) => sendErrorAnswer(req, res, config, { status: 405, code: "error.method_not_allowed" }),
        getLoadContext: (req, res) =>
          Object.assign(
            createAppContext({
              core,
              config,
              cookieHeader: req.headers.cookie,
              nonce: res.locals.nonce,
              clientAddress: req.ip,
              requestId: res.locals.requestId,
              observability,
              // A client navigation asks for its data at the page's address + `.data`.
              wholePage: !req.path.endsWith(".data"),
              method: req.method,
            }),
            // An address the server could not read (app/http/bad-address.server.ts), for app/routes/$.tsx.
            { requestProblem: res.locals.requestProblem },
          ),
      }),
    );
  }

  // What no route caught: a translated page or /api's JSON error, never a stack or a path.
  // Express needs all four parameters to see an error handler.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const refused = clientErrorOf(error);
    // The database unavailable: 503 with Retry-After, as the pages and the /api (app/http/unavailable.server.ts).
    const unavailable = !refused && isDatabaseUnavailable(error);
    if (unavailable) logUnavailable(observability.log, res.locals.requestId, error);
    else if (!refused) logRequestError(observability.log, res.locals.requestId, "request_error", error);
    if (res.headersSent) return void res.end();
    for (const name of FILE_HEADERS) res.removeHeader(name);
    if (refused) res.set(refused.headers);
    if (unavailable) res.set(RETRY_AFTER);
    const answer = refused ?? (unavailable ? { status: 503, code: UNAVAILABLE_CODE } : { status: 500, code: "error.technical" });
    void sendErrorAnswer(req, res, config, answer).catch(() => res.end());
  });
  return app;
}
