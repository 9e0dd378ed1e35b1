/**
 * One HTTP server process per core with PostgreSQL (docs/operations.md "Processes"). The
 * primary prepares the database once (migrations, demo data), then forks the workers; each
 * opens its own connection pool and serves the same port (Node's cluster: the primary
 * accepts connections and hands them out in turn). Workers keep no state of their own, like
 * any number of app servers behind a load balancer. A worker that dies after it listened is
 * replaced; one that dies before ever listening stops the whole server (a start that fails
 * would fail again). SIGTERM and SIGINT stop the workers gracefully, then the primary.
 *
 * Metrics (docs/decisions/0111): a worker asked for /metrics asks the primary, whose
 * prom-client AggregatorRegistry collects every worker's registry and sums them; the answer
 * describes the whole server, whichever worker Prometheus reached.
 */
import { randomUUID } from "node:crypto";
import cluster from "node:cluster";
import type { Logger } from "pino";
import { AggregatorRegistry, type Registry } from "prom-client";

export const isClusterWorker = cluster.isWorker;

const METRICS_ASKED = "elukaitse:metrics?";
const METRICS_ANSWER = "elukaitse:metrics";
type MetricsMessage = { type: typeof METRICS_ANSWER; id: string; text?: string; error?: string };

/** In a worker: the registry the primary's aggregation reads. */
export function shareMetrics(registry: Registry): void {
  // Made for its side effect: a worker answers the primary's requests only once one exists.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
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
  const alive = () => Object.keys(cluster.workers ?? {}).length;

  cluster.on("listening", (worker) => {
    everListened.add(worker.id);
    if (++listening === workers) onListening();
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (alive() === 0) process.exit(0);
      return;
    }
    if (!everListened.has(worker.id)) {
      log.error({ event: "worker_failed_to_start", workerPid: worker.process.pid, signal, code }, "a server process failed to start; stopping");
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (alive() === 0) process.exit(1);
      return;
    }
    log.error({ event: "worker_ended", workerPid: worker.process.pid, signal, code }, "a server process ended; starting another");
    cluster.fork();
  });
  for (let i = 0; i < workers; i++) cluster.fork();

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (alive() === 0) process.exit(0);
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
