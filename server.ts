/**
 * Composition root: configuration → database (migrations, demo data) → core → HTTP.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import { ConfigError, loadConfig } from "./app/core/config.js";
import { systemClock } from "./app/core/clock.js";
import { openDatabase, SERVING_LIMITS, START_LIMITS } from "./app/core/db/index.js";
import { documentWorkers } from "./app/core/documents/workers.js";
import { createCore } from "./app/core/index.js";
import { prepareDatabase } from "./app/core/startup.js";
import { createApp } from "./app/http/app.server.js";
import { isClusterWorker, runClusterPrimary, shareMetrics } from "./app/http/cluster.server.js";
import { createHttpServer, STOP_GRACE_MS, stopServing } from "./app/http/http-server.server.js";
import { connectionLostLog, createObservability, type Logger } from "./app/http/observability.server.js";

/** The log, once the settings have made one: a start that fails after that says so in a line of it, as everything else (plain text before). */
let startLog: Logger | undefined;

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    // Plain text for the person starting the server: the log's own settings are among those refused.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // One logger and one metrics registry per process (docs/operations.md "Logs and metrics").
  const observability = createObservability({ level: config.logLevel });
  const { log } = observability;
  startLog = log;

  const where = { databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite") };
  // Serving on PostgreSQL, every statement is bounded (app/core/db/pg.ts): an answer that does
  // not come ends the request with an error page, never holds it and its connection for ever.
  const openServing = () =>
    openDatabase({
      ...where,
      limits: SERVING_LIMITS,
      onConnectionLost: connectionLostLog(log),
    });
  // The migrations run unbounded (an index built on a large table, a wait for another
  // instance's migrations): on PostgreSQL on a connection of their own, closed before serving.
  let db = isClusterWorker
    ? await openServing()
    : await openDatabase({
        ...where,
        limits: START_LIMITS,
        onConnectionLost: connectionLostLog(log),
        onCopiedFolder: (lockFile) =>
          log.warn(
            { event: "data_folder_copied", lockFile },
            `the embedded database's folder was copied while a server held it (its lock ${lockFile} came along): such a copy may lack what was saved while it was copied; serving it, but restore a copy taken after a stop (docs/operations.md "Backup and restore")`,
          ),
      });
  // With several processes the primary prepares the database once, then only forks them.
  if (!isClusterWorker) {
    try {
      if (db.kind === "pg") {
        // A database not up yet delays the start, said in the log, rather than ending it.
        const { untilReachable } = await import("./app/core/db/pg.js");
        await untilReachable(db, (error) => log.warn({ event: "database_unreachable", error: error.message }, "the database does not answer yet; trying again"));
      }
      const { applied, unknown, plainDocuments } = await prepareDatabase(db, systemClock, config);
      if (applied.length) log.info({ event: "migrations_applied", migrations: applied }, `migrations applied: ${applied.join(", ")}`);
      if (unknown.length) {
        log.warn(
          { event: "database_newer", migrations: unknown },
          `the database has migrations this release does not know (${unknown.join(", ")}): a newer release migrated it; serving, but finish the rollout of the newer release (or restore a backup taken before it) rather than run this one for long`,
        );
      }
      if (plainDocuments) {
        log.warn(
          { event: "plain_documents", count: plainDocuments },
          `documents an older version stored plain: ${plainDocuments}; seal them with npm run ops -- reseal (docs/operations.md)`,
        );
      }
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        await db.close();
        process.exit(1);
      }
      throw error;
    }
  }
  if (config.workers > 1 && !isClusterWorker) {
    await db.close();
    runClusterPrimary(
      config.workers,
      () =>
        log.info(
          { event: "listening", port: config.port, database: db.kind, workers: config.workers, eid: config.eid.provider },
          `listening on http://localhost:${config.port} (${db.kind}, ${config.workers} processes, e-ID ${config.eid.provider})`,
        ),
      log,
    );
    return;
  }

  if (!isClusterWorker && db.kind === "pg") {
    await db.close();
    db = await openServing();
  }
  if (isClusterWorker) shareMetrics(observability.metrics.registry);
  // PDFs are drawn in a thread of their own, never on the event loop (docs/decisions/0234):
  // build/pdf-worker.js beside the bundled server, the source under tsx (npm run dev).
  const documents = documentWorkers({
    filename: fileURLToPath(new URL(import.meta.url.endsWith(".ts") ? "./app/core/documents/worker.ts" : "./pdf-worker.js", import.meta.url)),
    threads: 1,
  });
  const core = createCore({ db, clock: systemClock, config, telemetry: observability.telemetry, pdf: documents.render });
  const buildPath = path.resolve("build/remix/index.js");
  const importBuild = (version = 0) => import(`${pathToFileURL(buildPath).href}?v=${version}`) as Promise<ServerBuild>;
  let build = await importBuild();

  // `npm run dev` (remix dev --manual): pick up each rebuild and tell the dev server.
  const devServer = Boolean(process.env.REMIX_DEV_ORIGIN);
  let builtAt = devServer ? statSync(buildPath).mtimeMs : 0;
  const currentBuild = async () => {
    const mtime = statSync(buildPath).mtimeMs;
    if (mtime !== builtAt) {
      builtAt = mtime;
      build = await importBuild(mtime);
      void broadcastDevReady(build);
    }
    return build;
  };
  const app = createApp({ core, config, build: devServer ? currentBuild : build, observability });

  // The housekeeping round at start and hourly (app/core/housekeeping.ts, docs/operations.md):
  // a line of counts each round (never whom: each activation's audit row names the customer).
  const purge = () =>
    core.housekeeping().then(
      (report) =>
        log.info(
          { event: "housekeeping", ...report },
          `housekeeping: ${report.activated} policies activated, ${report.lapsedChanges} pending changes lapsed, ${report.sessions} sessions and ${report.drafts} drafts expired`,
        ),
      (error) => observability.telemetry.failure("housekeeping_failed", error),
    );
  let housekeeping: NodeJS.Timeout | undefined;

  const server = createHttpServer(app);
  // The port taken, or not ours to take: one line saying what to do, the database closed, exit 1.
  server.once("error", (error: NodeJS.ErrnoException) => {
    const what =
      error.code === "EADDRINUSE"
        ? `port ${config.port} is already in use on ${config.host}: stop the process that holds it, or set PORT to a free port`
        : error.code === "EACCES"
          ? `this user may not listen on port ${config.port}: set PORT to 1024 or above (and forward the public port to it)`
          : error.code === "EADDRNOTAVAIL"
            ? `HOST ${config.host} is not an address of this machine: set HOST (0.0.0.0 for every interface)`
            : `cannot listen on ${config.host}:${config.port}: ${error.message}`;
    log.error({ event: "listen_failed", port: config.port, host: config.host, code: error.code }, what);
    void Promise.allSettled([db.close(), documents.close()]).finally(() => process.exit(1));
  });
  server.listen(config.port, config.host, () => {
    if (!isClusterWorker) {
      log.info(
        { event: "listening", port: config.port, database: db.kind, workers: 1, eid: config.eid.provider },
        `listening on http://localhost:${config.port} (${db.kind}, e-ID ${config.eid.provider})`,
      );
    }
    if (devServer) void broadcastDevReady(build);
    void purge();
    housekeeping = setInterval(purge, 60 * 60 * 1000).unref();
  });

  // A stop (docs/operations.md "Stopping"): no new connection, the requests under way answered
  // (up to STOP_GRACE_MS, then cut), then the database closed, so an embedded one is written
  // whole; a second signal changes nothing (a terminal's Ctrl-C reaches npm start's processes
  // and this one alike). Each step a line; exit 0, or 1 when the database could not be closed.
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    clearInterval(housekeeping);
    log.info({ event: "stopping", signal }, `${signal}: stopping; new connections refused, requests under way have ${STOP_GRACE_MS / 1000} s to finish`);
    // Whatever hangs (a database that does not close), the process ends.
    setTimeout(() => {
      log.error({ event: "stop_timeout" }, "the stop did not finish in time: exiting without closing the database (an embedded one recovers at its next start)");
      process.exit(1);
    }, STOP_GRACE_MS + 10_000).unref();
    void stopServing(server).then(async ({ cut }) => {
      if (cut) log.warn({ event: "stop_cut_requests", requests: cut }, `${cut} requests still under way after ${STOP_GRACE_MS / 1000} s were cut`);
      const [closed] = await Promise.allSettled([db.close(), documents.close()]);
      if (closed.status === "rejected") {
        observability.telemetry.failure("stop_failed", closed.reason);
        process.exit(1);
      }
      log.info({ event: "stopped" }, "stopped: every request answered and the database closed");
      process.exit(0);
    });
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  if (startLog) startLog.error({ event: "start_failed", error: message }, `failed to start: ${message}`);
  else console.error("failed to start:", message);
  process.exit(1);
});
