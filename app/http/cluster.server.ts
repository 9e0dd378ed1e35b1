/**
 * One HTTP server process per core with PostgreSQL (docs/operations.md "Processes"). The
 * primary prepares the database once (migrations, demo data), then forks the workers; each
 * opens its own connection pool and serves the same port (Node's cluster: the primary
 * accepts connections and hands them out in turn). Workers keep no state of their own, like
 * any number of app servers behind a load balancer. A worker that dies after it listened is
 * replaced: at once the first time, then, while they keep ending (more than one within
 * RESTART_WINDOW_MS), after a delay that doubles up to RESTART_DELAY_MAX_MS, so a process
 * that fails on every request is not forked again and again in a loop taking the cores. One
 * that dies before ever listening stops the whole server (a start that fails would fail
 * again). SIGTERM and SIGINT stop the workers gracefully, each answering what is under way
 * (app/http/http-server.server.ts), then the primary, with a line each and exit 1 when a
 * worker did not stop cleanly.
 *
 * Metrics (docs/decisions/0111): a worker asked for /metrics asks the primary, whose
 * prom-client AggregatorRegistry collects every worker's registry and sums them (the event-loop
 * lag: the worst worker's); the answer describes the whole server, whichever worker Prometheus
 * reached.
 */
import { randomUUID } from "node:crypto";
import cluster from "node:cluster";
import type { Logger } from "pino";
import { AggregatorRegistry, Registry } from "prom-client";
import { STOP_GRACE_MS } from "./http-server.server.js";

export const isClusterWorker = cluster.isWorker;

/** Workers that ended within this long of each other count as ending again and again. */
export const RESTART_WINDOW_MS = 60_000;
/** The longest a replacement waits; the first waits nothing, the next 1 s, then 2, 4, 8... */
export const RESTART_DELAY_MAX_MS = 30_000;

/** How long the replacement of a worker that ended at `now` waits, given when the earlier ones ended. */
export function restartDelay(endings: readonly number[], now: number): number {
  const recent = endings.filter((at) => now - at < RESTART_WINDOW_MS).length;
  return recent === 0 ? 0 : Math.min(RESTART_DELAY_MAX_MS, 1000 * 2 ** (recent - 1));
}

const METRICS_ASKED = "elukaitse:metrics?";
const METRICS_ANSWER = "elukaitse:metrics";
type MetricsMessage = { type: typeof METRICS_ANSWER; id: string; text?: string; error?: string };

/**
 * The event-loop lag gauges prom-client averages over the processes (every quantile, the mean):
 * one process stalled among eight showed an eighth of its lag, and the alert on the p99
 * (docs/operations.md) stayed quiet. A server lags as much as its worst process.
 */
const WORST_PROCESS = /^nodejs_eventloop_lag_(seconds|mean_seconds|stddev_seconds|p50_seconds|p90_seconds|p99_seconds)$/;

/**
 * What a worker sends the primary of its registry: the lag gauges merged by their maximum, the
 * rest by prom-client's rule (sums). A Registry itself: prom-client takes nothing else.
 */
class WorkerMetrics extends Registry {
  constructor(private readonly own: Registry) {
    super();
  }

  override async getMetricsAsJSON() {
    return (await this.own.getMetricsAsJSON()).map((metric) => (WORST_PROCESS.test(metric.name) ? { ...metric, aggregator: "max" as const } : metric));
  }
}

export const workerMetrics = (registry: Registry): Registry => new WorkerMetrics(registry);

/** In a worker: the registry the primary's aggregation reads. */
export function shareMetrics(registry: Registry): void {
  // Made for its side effect: a worker answers the primary's requests only once one exists.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([workerMetrics(registry)]);
}

/** In a worker: every worker's metrics, summed by the primary. */
export function clusterMetrics(timeoutMs = 10_000): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: MetricsMessage) => {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(`metrics: ${message.error ?? "no answer"}`));
    };
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("metrics: the primary did not answer"));
    }, timeoutMs);
    process.on("message", onMessage);
    process.send!({ type: METRICS_ASKED, id });
  });
}

export function runClusterPrimary(workers: number, onListening: () => void, log: Logger): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== METRICS_ASKED) return;
    const answer = (reply: Omit<MetricsMessage, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: METRICS_ANSWER, id: message.id, ...reply });
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : "unknown" }),
    );
  });

  let stopping = false;
  let listening = 0;
  const everListened = new Set<number>();
  const endings: number[] = [];
  let replacements: NodeJS.Timeout[] = [];
  const alive = () => Object.keys(cluster.workers ?? {}).length;
  const stopped = () => {
    if (process.exitCode) log.error({ event: "stopped", code: process.exitCode }, "stopped: a server process did not stop cleanly");
    else log.info({ event: "stopped" }, "stopped: every server process answered its requests and ended");
    process.exit();
  };

  cluster.on("listening", (worker) => {
    everListened.add(worker.id);
    if (++listening === workers) onListening();
    else if (listening > workers) log.info({ event: "worker_started", workerPid: worker.process.pid }, "a new server process is serving");
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) process.exitCode = 1;
      if (alive() === 0) stopped();
      return;
    }
    if (!everListened.has(worker.id)) {
      log.error({ event: "worker_failed_to_start", workerPid: worker.process.pid, signal, code }, "a server process failed to start; stopping");
      stopping = true;
      replacements.forEach(clearTimeout);
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (alive() === 0) process.exit(1);
      return;
    }
    const now = Date.now();
    const delayMs = restartDelay(endings, now);
    endings.push(now);
    endings.splice(0, endings.length - 32);
    log.error(
      { event: "worker_ended", workerPid: worker.process.pid, signal, code, restartInMs: delayMs },
      delayMs ? `a server process ended again; starting another in ${delayMs / 1000} s` : "a server process ended; starting another",
    );
    const replacement = setTimeout(() => {
      replacements = replacements.filter((timer) => timer !== replacement);
      if (!stopping) cluster.fork();
    }, delayMs);
    replacements.push(replacement);
  });
  for (let i = 0; i < workers; i++) cluster.fork();

  // Each worker answers what is under way (up to STOP_GRACE_MS) and closes its pool; the
  // primary ends when the last has, or when they have taken longer than their own deadline.
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    replacements.forEach(clearTimeout);
    log.info({ event: "stopping", signal, workers: alive() }, `${signal}: stopping ${alive()} server processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (alive() === 0) return stopped();
    setTimeout(() => {
      log.error({ event: "stop_timeout", workers: alive() }, "the server processes did not stop in time: exiting");
      process.exit(1);
    }, STOP_GRACE_MS + 15_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
