/**
 * Whose document is drawn next (docs/decisions/0369). The document threads are few (one a
 * process) and a PDF costs tens of milliseconds of one; first come, first served, one customer
 * asking for their own PDFs hundreds of times at once held every other customer's documents,
 * a signing's included, behind all of theirs. Here each customer has a line and the threads take
 * from the lines in turn: a customer who asks waits for at most one drawing of each other
 * customer waiting, however many those ask for. Whose a drawing is is said by the caller (no
 * per-request context: decision 0357 measured what that costs every request).
 */

/** Whose drawing: a customer's id, or `null` for one drawn for everyone. */
export type DrawnFor = number | null;

export function turns(concurrency: number) {
  // Lines in turn order: a line that took its turn goes to the back (a Map keeps insertion order).
  const lines = new Map<DrawnFor, Array<() => void>>();
  let running = 0;
  const startNext = () => {
    while (running < concurrency && lines.size > 0) {
      const [owner, line] = lines.entries().next().value as [DrawnFor, Array<() => void>];
      lines.delete(owner);
      const start = line.shift()!;
      if (line.length > 0) lines.set(owner, line);
      running++;
      start();
    }
  };
  return async function inTurn<T>(owner: DrawnFor, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      const line = lines.get(owner);
      if (line) line.push(start);
      else lines.set(owner, [start]);
      startNext();
    });
    try {
      return await work();
    } finally {
      running--;
      startNext();
    }
  };
}
