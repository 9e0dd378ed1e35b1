/**
 * The document threads shared fairly among those asking (docs/operations.md "Processes and instances"): each
 * requester (the HTTP layer names the client's address) has a line of its own, and the threads
 * take the lines' first documents in turn. A client that asks for hundreds of PDFs at once
 * waits for its own; anyone else's document is drawn after at most one of each other line's,
 * not after the whole backlog. With one requester (or none named) it is first come, first
 * served, as a plain queue would be.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const requester = new AsyncLocalStorage<string>();

/** Runs `work`, and everything it starts, on behalf of `who`: the documents it asks for wait in `who`'s line. */
export function onBehalfOf<T>(who: string, work: () => T): T {
  return requester.run(who, work);
}

interface Job<T, R> {
  task: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** `run` given at most `slots` tasks at once, the waiting ones taken from each requester's line in turn. */
export function fairShare<T, R>(run: (task: T) => Promise<R>, slots: number): (task: T) => Promise<R> {
  // Map keeps insertion order: the first key is the line whose turn it is; a served line with
  // more waiting goes to the back.
  const lines = new Map<string, Array<Job<T, R>>>();
  let running = 0;

  const next = (): Job<T, R> | undefined => {
    const first = lines.entries().next();
    if (first.done) return undefined;
    const [who, line] = first.value;
    const job = line.shift()!;
    lines.delete(who);
    if (line.length > 0) lines.set(who, line);
    return job;
  };

  const pump = () => {
    while (running < slots) {
      const job = next();
      if (!job) return;
      running++;
      let started: Promise<R>;
      try {
        started = run(job.task);
      } catch (error) {
        started = Promise.reject(error);
      }
      started.then(job.resolve, job.reject).finally(() => {
        running--;
        pump();
      });
    }
  };

  return (task) =>
    new Promise<R>((resolve, reject) => {
      const who = requester.getStore() ?? "";
      const line = lines.get(who);
      if (line) line.push({ task, resolve, reject });
      else lines.set(who, [{ task, resolve, reject }]);
      pump();
    });
}
