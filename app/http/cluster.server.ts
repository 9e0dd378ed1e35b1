/**
 * One HTTP server process per core with PostgreSQL (docs/operations.md "Processes"). The
 * primary prepares the database once (migrations, demo data), then forks the workers; each
 * opens its own connection pool and serves the same port (Node's cluster: the primary
 * accepts connections and hands them out in turn). Workers keep no state of their own, like
 * any number of app servers behind a load balancer. A worker that dies after it listened is
 * replaced; one that dies before ever listening stops the whole server (a start that fails
 * would fail again). SIGTERM and SIGINT stop the workers gracefully, then the primary.
 */
import cluster from "node:cluster";

export const isClusterWorker = cluster.isWorker;

export function runClusterPrimary(workers: number, onListening: () => void): void {
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
      console.error(`a server process failed to start (${signal ?? `exit code ${code}`}); stopping`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (alive() === 0) process.exit(1);
      return;
    }
    console.error(`server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`);
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
